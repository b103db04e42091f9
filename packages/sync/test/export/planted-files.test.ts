// Issue 43: svc-sync export writes users' health data at a path the user names. Whatever is planted in
// --out (a link to another file, a FIFO, a file another user owns), the export never writes through it,
// never waits on it, and leaves only its own files, readable by their owner only.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import { runCli } from '../fixtures/processes.js';
import { smallStore } from '../fixtures/small-store.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

describe('issue 43: svc-sync export and what is planted in --out', () => {
  it('refuses a symbolic link planted at a file name, leaving its target and its mode alone', async () => {
    const { store } = await smallStore(stores);
    const dir = join(stores.dir, 'linked');
    mkdirSync(dir);
    const victim = join(stores.dir, 'victim.txt');
    writeFileSync(victim, 'not yours\n', { mode: 0o644 });
    symlinkSync(victim, join(dir, 'Observation.ndjson'));
    await expect(exportFhirNdjson(store, dir, { resources: ['steps', 'body'] })).rejects.toThrow(
      /Observation\.ndjson is a symbolic link, not a regular file/,
    );
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    // Nothing half-written is left beside it.
    expect(readdirSync(dir)).toEqual(['Observation.ndjson']);
  });

  it('refuses a link planted at manifest.json before writing anything', async () => {
    const { store } = await smallStore(stores);
    const dir = join(stores.dir, 'linked-manifest');
    mkdirSync(dir);
    const victim = join(stores.dir, 'victim-manifest.txt');
    writeFileSync(victim, 'not yours\n');
    symlinkSync(victim, join(dir, 'manifest.json'));
    await expect(exportFhirNdjson(store, dir, { resources: ['steps', 'body'] })).rejects.toThrow(
      /manifest\.json is a symbolic link/,
    );
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
    expect(readdirSync(dir)).toEqual(['manifest.json']);
  });

  it("replaces a file another user owns with the exporter's own, never writing into it", async () => {
    const { store } = await smallStore(stores);
    const dir = join(stores.dir, 'owned');
    mkdirSync(dir);
    const planted = join(dir, 'Observation.ndjson');
    writeFileSync(planted, '{}\n', { mode: 0o666 });
    // Its owner keeps a second name for it: whatever is written into that file, they read.
    const theirs = join(stores.dir, 'their-view.ndjson');
    linkSync(planted, theirs);
    if (process.getuid?.() === 0) chownSync(planted, 65534, 65534);
    await exportFhirNdjson(store, dir, { resources: ['steps', 'body'] });
    expect(readFileSync(theirs, 'utf8')).toBe('{}\n');
    const after = statSync(planted);
    expect(after.ino).not.toBe(statSync(theirs).ino);
    expect(after.uid).toBe(process.getuid?.());
    expect(after.mode & 0o777).toBe(0o600);
    expect(readFileSync(planted, 'utf8')).toMatch(/"resourceType":"Observation"/);
  });

  it('refuses a FIFO in --out at once with one line and exit 2, instead of waiting on it', async () => {
    const { store, address } = await stores.open();
    await store.close();
    const dir = join(stores.dir, 'fifo');
    mkdirSync(dir);
    execFileSync('mkfifo', [join(dir, 'manifest.json')]);
    const run = await runCli(['export', '--store', address, '--format', 'fhir-ndjson', '--out', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^svc-sync: --out .*: manifest\.json is a FIFO, not a regular file/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(lstatSync(join(dir, 'manifest.json')).isFIFO()).toBe(true);
  }, 30_000);

  it("a second export leaves no file of the first one's behind (its OperationOutcome.ndjson)", async () => {
    const { store } = await smallStore(stores, { damagedBody: true });
    const dir = join(stores.dir, 'twice');
    const first = await exportFhirNdjson(store, dir, { resources: ['steps', 'body'] });
    expect(first.counts.OperationOutcome).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([
      'Device.ndjson',
      'Observation.ndjson',
      'OperationOutcome.ndjson',
      'Patient.ndjson',
      'manifest.json',
    ]);
    const second = await exportFhirNdjson(store, dir, { resources: ['steps'] });
    expect(second.counts).toEqual({ Observation: 1, Patient: 1, Device: 1 });
    expect(readdirSync(dir).sort()).toEqual([
      'Device.ndjson',
      'Observation.ndjson',
      'Patient.ndjson',
      'manifest.json',
    ]);
    expect(existsSync(join(dir, 'OperationOutcome.ndjson'))).toBe(false);
  });
});
