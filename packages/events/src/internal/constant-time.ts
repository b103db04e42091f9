/**
 * Compares two byte arrays in time that depends only on their length, never on where they differ.
 * Both sides here are HMAC-SHA256 outputs (32 bytes), so the length itself reveals nothing.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
