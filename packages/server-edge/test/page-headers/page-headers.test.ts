import { describe, expect, it } from 'vitest';
import { PAGE_HEADERS } from '../../src/page-headers.js';

describe('the headers of every answer of a console page', () => {
  it('allows its own origin only: no other source, no inline code, no form sent anywhere, no frame', () => {
    const policy = PAGE_HEADERS['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'none'");
    for (const kind of ['script', 'style', 'img', 'connect']) expect(policy).toContain(`${kind}-src 'self'`);
    expect(policy).toContain("form-action 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/https?:|\*|unsafe-inline|unsafe-eval|data:/);
  });

  it('keeps answers out of caches, referrers and other sites', () => {
    expect(PAGE_HEADERS).toMatchObject({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
  });
});
