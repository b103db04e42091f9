/**
 * Every answer of a page served on loopback (the sync's console, the sandbox's): a
 * Content-Security-Policy that allows the page's own origin and nothing else (no CDN, no fonts, no
 * analytics, no inline script or style, no form posted anywhere, no frame around it), no referrer, no
 * sniffing, no caching (the answers carry health data).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
};
