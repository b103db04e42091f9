// Answers that decode to far more than they weigh, built in milliseconds from a small block repeated:
// compressing the decoded size itself would take seconds (1 GiB of gzip: about 5 s here).
import { constants, createBrotliCompress, deflateRawSync, gzipSync } from 'node:zlib';

const BLOCK = 1024 * 1024;
const zeros = Buffer.alloc(BLOCK);

/** gzip of `size` zero bytes (a whole number of MiB): one gzip member per MiB, as gzip decoders join them. */
function gzipZeros(size: number): Buffer {
  const member = gzipSync(zeros, { level: 9 });
  return Buffer.concat(Array<Buffer>(size / BLOCK).fill(member));
}

/** RFC 1950's checksum of `size` zero bytes: its first sum stays 1, its second adds 1 per byte. */
const adlerOfZeros = (size: number): number => ((size % 65521) << 16) | 1;

/**
 * zlib-wrapped deflate of `size` zero bytes: one block per MiB, each ended by a full flush so that they
 * join, then an empty final block and the checksum.
 */
function deflateZeros(size: number): Buffer {
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adlerOfZeros(size) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(size / BLOCK).fill(block),
    deflateRawSync(Buffer.alloc(0)),
    trailer,
  ]);
}

/** Brotli of `size` zero bytes, fed a MiB at a time (no buffer of the decoded size is ever made). */
async function brotliZeros(size: number): Promise<Buffer> {
  const compress = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  const chunks: Buffer[] = [];
  compress.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => compress.on('end', resolve).on('error', reject));
  for (let written = 0; written < size; written += BLOCK)
    if (!compress.write(zeros)) await new Promise((resolve) => compress.once('drain', resolve));
  compress.end();
  await ended;
  return Buffer.concat(chunks);
}

/** `content-encoding` values and their coders, each applied in the order written (the last one outermost). */
const CODERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => gzipSync(bytes, { level: 9 }),
};

/**
 * An answer of `size` zero bytes (a whole number of MiB) in `encoding` (`gzip`, `deflate`, `br`, or
 * stacked: `gzip, gzip`, `br, gzip`): the first coding of zeros, the others over its output.
 */
export async function bomb(encoding: string, size: number): Promise<Buffer> {
  const [first, ...rest] = encoding.split(',').map((coding) => coding.trim());
  let bytes =
    first === 'gzip' ? gzipZeros(size) : first === 'deflate' ? deflateZeros(size) : await brotliZeros(size);
  for (const coding of rest) {
    const coder = CODERS[coding];
    if (!coder) throw new Error(`no coder for ${coding} over another coding`);
    bytes = coder(bytes);
  }
  return bytes;
}
