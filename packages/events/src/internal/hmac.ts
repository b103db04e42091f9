// WebCrypto (`crypto.subtle`) is global in Node >= 20, Deno, Bun, browsers and edge runtimes (Workers, Vercel Edge).

/** Imports a raw HMAC-SHA256 key; the key is not extractable, so it cannot be read back from the CryptoKey. */
export function importHmacKey(secret: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

export async function hmacSha256(key: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, data as BufferSource));
}
