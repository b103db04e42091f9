// The gate as CI runs it, on scratch copies of the real bundled spec (`turbo run bundle` builds it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundledSpecPath } from '@svc/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Spec } from './fixture.js';

const repo = resolve(import.meta.dirname, '../../../..');
const cli = join(repo, 'tools/release/check-breaking.mjs');
const bundled = bundledSpecPath;
let scratch = '';

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'svc-check-breaking-'));
  mkdirSync(join(scratch, 'changesets'));
  writeFileSync(join(scratch, 'released.json'), readFileSync(bundled));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the gate with the released spec = today's bundle and the new spec = today's bundle edited. */
function gate(edit: (spec: Spec) => void) {
  const spec = JSON.parse(readFileSync(bundled, 'utf8'));
  edit(spec);
  writeFileSync(join(scratch, 'new.json'), JSON.stringify(spec));
  const run = spawnSync(
    process.execPath,
    [
      // The gate reads the spec model (@svc/spec) from TypeScript source, as `pnpm check:breaking` does with tsx.
      '--import',
      'tsx',
      cli,
      '--released',
      join(scratch, 'released.json'),
      '--spec',
      join(scratch, 'new.json'),
      '--changesets',
      join(scratch, 'changesets'),
    ],
    { cwd: repo, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
const addChangeset = (front: string) =>
  writeFileSync(join(scratch, 'changesets/breaking.md'), `---\n${front}\n---\n\nSign-in tokens change.\n`);
const removeSignInToken = (spec: Spec) => {
  delete spec.components.schemas.SignInToken.properties.sign_in_token;
  spec.components.schemas.SignInToken.required = ['user_id'];
};

describe('pnpm check:breaking on the bundled spec', () => {
  it('passes when the spec is the released one', () => {
    const { status, output } = gate(() => {});
    expect(output).toContain('0 breaking, 0 other');
    expect(status).toBe(0);
  });

  it('fails on a removed response field, naming it and the fix', () => {
    const { status, output } = gate(removeSignInToken);
    expect(status).toBe(1);
    expect(output).toContain(
      'POST /v2/user/{user_id}/sign_in_token: field `sign_in_token` removed in response 2xx (reaches @svc/types, @svc/client, @svc/sandbox)',
    );
    // Every package is 0.x: a minor bump is what partners' ^0.y ranges stop at.
    expect(output).toContain('---\n"@svc/client": minor\n"@svc/sandbox": minor\n"@svc/types": minor\n---');
  });

  it('passes the same change once the minor changesets of these 0.x packages exist, and not with a patch', () => {
    addChangeset('"@svc/types": minor\n"@svc/client": patch\n"@svc/sandbox": minor');
    expect(gate(removeSignInToken).status).toBe(1);
    addChangeset('"@svc/types": minor\n"@svc/client": minor\n"@svc/sandbox": minor');
    expect(gate(removeSignInToken).status).toBe(0);
  });

  it('fails on a query parameter made required, for every operation that uses it', () => {
    const { status, output } = gate((spec) => {
      spec.components.parameters.providerFilter.required = true;
    });
    expect(status).toBe(1);
    expect(output).toContain('GET /v2/summary/sleep/{user_id}: [Added] required query parameter `provider`');
    expect(output).toMatch(
      /GET \/v2\/timeseries\/\{user_id\}\/steps\/grouped: .* \(reaches @svc\/types, @svc\/client, [^)]*@svc\/sandbox, @svc\/sync\)/,
    );
  });

  it('passes on an added optional response field without a changeset', () => {
    const { status, output } = gate((spec) => {
      spec.components.schemas.SignInToken.properties.expires_at = { type: 'string', format: 'date-time' };
    });
    expect(output).toContain('0 breaking, 1 other');
    expect(status).toBe(0);
  });

  it('fails without a released spec, naming the tag to restore it from', () => {
    rmSync(join(scratch, 'released.json'));
    const { status, output } = gate(removeSignInToken);
    expect(output).toMatch(/No released spec at .*released\.json: the gate has nothing to compare with/);
    expect(output).toMatch(/git checkout @svc\/types@\d+\.\d+\.\d+ -- spec\/released\/openapi\.json/);
    expect(status).toBe(1);
  });
});

describe('pnpm version-packages recording the release', () => {
  it('leaves the released spec as it was when no package version changed (nothing was pending)', () => {
    const recorded = join(scratch, 'recorded.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--record', '--released', recorded], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('No version changed since the last commit: nothing was released');
    expect(existsSync(recorded)).toBe(false);
    expect(run.status).toBe(0);
  });
});

describe('pnpm check:breaking as the test command runs it', () => {
  it('compares with the release committed in spec/released/openapi.json', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--no-type-tests'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(`${run.stdout}${run.stderr}`).toContain(
      'Spec changes since the last release (spec/released/openapi.json):',
    );
    expect(run.status).toBe(0);
  });
});
