// Issue 43: the --state file is written through a temporary file beside it; a link planted at the
// name that temporary file used to have (`<file>.<pid>.tmp`) is never written through.
import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../src/state-file.js';

describe('--state file writes', () => {
  it('issue 43: never writes through a link planted beside the state file, and keeps it private', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-state-'));
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'not yours\n');
    const file = join(dir, 'state.json');
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    const state = new StateFile(file);
    await state.save(() => ({ worlds: [] }));
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
    expect(state.read()).toEqual({ worlds: [] });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
