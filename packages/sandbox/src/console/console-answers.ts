import { PAGE_HEADERS } from '@svc/server-edge/page-headers';
import { readBytes } from '../http/read-request.js';

/** An answer of the console, with the headers every one of them carries. */
export const answer = (status: number, body: BodyInit | null, type: string) =>
  new Response(body, { status, headers: { ...PAGE_HEADERS, 'content-type': type } });
export const json = (status: number, body: unknown) =>
  answer(status, JSON.stringify(body), 'application/json');
export const refuse = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

/** Largest body a console request may send (a key, or a clock advance), in bytes. */
const MAX_BODY_BYTES = 65_536;

/** Reads a JSON object body of at most MAX_BODY_BYTES (a larger one is a 413), or undefined. */
export async function objectBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const text = new TextDecoder().decode(await readBytes(request, MAX_BODY_BYTES));
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
