// An answer's content codings undone as fetch undoes them, each step bounded by zlib itself.
import type * as Zlib from 'node:zlib';

type ZlibModule = typeof Zlib;

// Loaded on the first encoded answer, not at import: node:zlib is not needed before.
let zlib: ZlibModule | undefined;
const loadZlib = async (): Promise<ZlibModule> => {
  zlib ??= await import('node:zlib');
  return zlib;
};

/** zlib's refusal to make more than `maxOutputLength` bytes. */
export const isTooLarge = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';

/**
 * Undoes the content codings of an answer as fetch does: last applied first; an unknown one stops all
 * decoding. Each step makes at most `maxBytes`: zlib stops there (`maxOutputLength`), so a bomb costs
 * no more memory than the limit.
 */
export async function decode(bytes: Buffer, encoding: string, maxBytes: number): Promise<Buffer> {
  const codings = encoding.toLowerCase().split(',');
  const steps = [];
  for (let index = codings.length - 1; index >= 0; index--) {
    const coding = (codings[index] as string).trim();
    if (coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate' || coding === 'br')
      steps.push(coding);
    else return bytes;
  }
  const z = zlib ?? (await loadZlib());
  // fetch's options: lenient about a truncated end, as browsers and curl are.
  const flush = {
    flush: z.constants.Z_SYNC_FLUSH,
    finishFlush: z.constants.Z_SYNC_FLUSH,
    maxOutputLength: maxBytes,
  };
  const brotli = {
    flush: z.constants.BROTLI_OPERATION_FLUSH,
    finishFlush: z.constants.BROTLI_OPERATION_FLUSH,
    maxOutputLength: maxBytes,
  };
  let data = bytes;
  for (const coding of steps) {
    if (data.length === 0) break;
    const input = data;
    data = await new Promise<Buffer>((resolve, reject) => {
      const done = (error: Error | null, output: Buffer) => (error ? reject(error) : resolve(output));
      if (coding === 'br') z.brotliDecompress(input, brotli, done);
      else if (coding === 'deflate')
        // A zlib-wrapped stream, or (as some servers send) a raw one: fetch tells them apart the same way.
        ((input[0] as number) & 15) === 8 ? z.inflate(input, flush, done) : z.inflateRaw(input, flush, done);
      else z.gunzip(input, flush, done);
    });
  }
  return data;
}
