// What an attempt hands back. Over fetch it is the Response itself; over node:http it is a lighter
// reply that reads status and headers without building a Response, and makes one only when asked
// (`.withResponse()`, an error's headers): a call that never asks does not pay for it.

/** The header reads a reply serves: `Headers#get` (any letter case, repeated headers joined by `, `). */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface Reply {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: HeaderReader;
}

/** Set on a reply that is not a Response: makes (once) the Response it reads as. */
export const TO_RESPONSE = Symbol();

type Lazy = Reply & { [TO_RESPONSE]?: () => Response };

/** The Response of a reply: itself when it is one, else the one it makes on first request. */
export const responseOf = (reply: Reply): Response =>
  (reply as Lazy)[TO_RESPONSE]?.() ?? (reply as unknown as Response);

/** Set on a reply that is not a Response: what `.withResponse()` resolves with, its Response made when read. */
export const TO_WITH_RESPONSE = Symbol();

type WithLazyResponse = { data: unknown; response: Response; requestId: string | undefined };

/** What `.withResponse()` resolves with: made by the reply when it is not a Response (node:http). */
export const withResponseOf = (
  reply: Reply,
  data: unknown,
  requestId: string | undefined,
): WithLazyResponse =>
  (reply as { [TO_WITH_RESPONSE]?: (data: unknown, requestId: string | undefined) => WithLazyResponse })[
    TO_WITH_RESPONSE
  ]?.(data, requestId) ?? { data, response: reply as unknown as Response, requestId };
