// Issue 47: --audit-file opens its path without following a symbolic link. A link planted there (to a
// file of the user's, or to a path not yet made) would have the audit trail appended to, or a file
// created, wherever it points: refused with one line and exit 2, nothing written through it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.js';

const KEY = { SVC_API_KEY: 'sk_test_mcp_audit_link_7c1d', SVC_BASE_URL: 'http://127.0.0.1:9' };

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mcp-audit-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('svc-mcp --audit-file', () => {
  it('refuses a symbolic link to an existing file, leaving the file as it was', async () => {
    const dir = tempDir();
    const target = join(dir, 'notes.txt');
    writeFileSync(target, 'mine\n');
    const link = join(dir, 'audit.jsonl');
    symlinkSync(target, link);
    const { code, stdout, stderr } = await runCli(['--audit-file', link], KEY);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^svc-mcp: --audit-file .*audit\.jsonl is a symbolic link: name the file itself/);
    expect(readFileSync(target, 'utf8')).toBe('mine\n');
  });

  it('refuses a symbolic link to a path not yet made, creating nothing there', async () => {
    const dir = tempDir();
    const target = join(dir, 'elsewhere.jsonl');
    const link = join(dir, 'audit.jsonl');
    symlinkSync(target, link);
    const { code, stderr } = await runCli(['--audit-file', link], KEY);
    expect(code).toBe(2);
    expect(stderr).toMatch(/is a symbolic link/);
    expect(existsSync(target)).toBe(false);
  });

  it('creates a new file readable by its owner only', async () => {
    const path = join(tempDir(), 'audit.jsonl');
    const { code } = await runCli(['--audit-file', path], KEY);
    expect(code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
