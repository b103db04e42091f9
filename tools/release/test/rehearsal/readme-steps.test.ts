// The rehearsal follows the README as partners read it: its "Once published" install lines and its
// first-call.mjs with the output it shows.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstCall, releasedSteps } from '../../quick-start.mjs';

const repo = resolve(import.meta.dirname, '../../../..');

describe("the README's steps the rehearsal follows", () => {
  it('installs the client by name once published, and names only @svc packages', () => {
    const { lines, names } = releasedSteps(repo);
    expect(lines).toContain('npm install @svc/client');
    expect(names).toContain('@svc/client');
    expect(names.every((name) => name.startsWith('@svc/'))).toBe(true);
  });

  it('reads first-call.mjs against the sandbox on 4011 and the line it prints', () => {
    const { code, output } = firstCall(repo);
    expect(code).toContain("from '@svc/client'");
    expect(code).toContain('http://127.0.0.1:4011');
    expect(output).toMatch(/^[0-9a-f-]{36} /);
  });
});
