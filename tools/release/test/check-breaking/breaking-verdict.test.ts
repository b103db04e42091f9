import { describe, expect, it } from 'vitest';
import { breakingVerdict, changesetBumps, type WorkspacePackage } from '../../breaking-verdict.mjs';
import type { SpecChange } from '../../spec-changes.mjs';

const pkg = (
  name: string,
  dependencies: string[],
  source: string,
  isPrivate = false,
  version = '1.2.0',
): WorkspacePackage => ({
  name,
  version,
  private: isPrivate,
  dependencies,
  source,
});
const packages = [
  pkg('@svc/types', [], 'export type paths = { listThings: {}; createThing: {}; "thing.created": {} }'),
  pkg('@svc/client', ['@svc/types'], 'export const methods = { listThings, createThing };'),
  pkg('@svc/sync', ['@svc/types', '@svc/client'], 'for await (const thing of client.listThings()) {}'),
  pkg('@svc/lab-testing', ['@svc/client'], 'client.createThing(input)'),
  pkg('@svc/events', ['@svc/types'], "export const names = ['thing.created'];"),
  pkg('@svc/bench', ['@svc/client'], 'client.createThing()', true),
  pkg('@svc/mock', [], 'createThing listThings'),
];
const change = (over: Partial<SpecChange>): SpecChange => ({
  type: 'breaking',
  area: 'operation',
  where: 'POST /things',
  name: 'createThing',
  description: 'field `name` removed in the request body',
  ...over,
});
const bumps = (...text: string[]) => changesetBumps(text.map((front) => `---\n${front}\n---\n\nA line.\n`));
const verdict = (changes: SpecChange[], pending = bumps(), typeTestFailures = []) =>
  breakingVerdict({ changes, bumps: pending, packages, typeTestFailures, releasedFrom: 'the last release' });

describe('breakingVerdict', () => {
  it('passes when nothing breaks', () => {
    const result = verdict([change({ type: 'non-breaking' })]);
    expect(result.ok).toBe(true);
    expect(result.message).toContain('0 breaking, 1 other');
  });

  it('fails a breaking operation change without changesets, naming it, the packages and the fix', () => {
    const result = verdict([change({})]);
    expect(result.ok).toBe(false);
    // the types always; the client and lab-testing name createThing; bench is private, mock is not built on the types
    expect(result.missing).toEqual(['@svc/client', '@svc/lab-testing', '@svc/types']);
    expect(result.message).toContain(
      '- POST /things: field `name` removed in the request body (reaches @svc/types, @svc/client, @svc/lab-testing)',
    );
    expect(result.message).toContain('Fix: add a changeset (minor for a 0.x package, major from 1.0)');
    expect(result.message).toContain('"@svc/lab-testing": major');
  });

  it('passes once every reached package has a major changeset', () => {
    const pending = bumps('"@svc/types": major\n"@svc/client": major', "'@svc/lab-testing': major");
    expect(verdict([change({})], pending).ok).toBe(true);
  });

  it("takes a minor changeset for a package still at 0.x, whose partners' ^0.y ranges stop there, and not a patch", () => {
    const early = packages.map((entry) => ({ ...entry, version: '0.1.0' }));
    const run = (pending: Map<string, 'none' | 'patch' | 'minor' | 'major'>) =>
      breakingVerdict({
        changes: [change({})],
        bumps: pending,
        packages: early,
        releasedFrom: 'the last release',
      });
    const patch = run(bumps('"@svc/types": minor\n"@svc/client": patch\n"@svc/lab-testing": minor'));
    expect(patch.missing).toEqual(['@svc/client']);
    expect(patch.message).toContain('"@svc/client": minor');
    expect(run(bumps('"@svc/types": minor\n"@svc/client": minor\n"@svc/lab-testing": major')).ok).toBe(true);
  });

  it('does not take a minor changeset for a breaking change from 1.0 on', () => {
    const pending = bumps('"@svc/types": major\n"@svc/client": minor\n"@svc/lab-testing": major');
    expect(verdict([change({})], pending).missing).toEqual(['@svc/client']);
  });

  it('reaches the packages that name a changed webhook, and only the types for a removed component', () => {
    expect(
      verdict([change({ area: 'webhook', name: 'thing.created', where: 'webhook thing.created' })]).missing,
    ).toEqual(['@svc/events', '@svc/types']);
    expect(
      verdict([change({ area: 'component', name: 'Gone', where: 'components.schemas.Gone' })]).missing,
    ).toEqual(['@svc/types']);
  });

  it('fails on a released type test that no longer compiles, for its package', () => {
    const failure = {
      packageName: '@svc/events',
      file: 'packages/events/test/a.test-d.ts:3',
      message: 'TS2339 gone',
    };
    const result = breakingVerdict({
      changes: [],
      bumps: bumps(),
      packages,
      typeTestFailures: [failure],
      releasedFrom: 'the last release',
    });
    expect(result.missing).toEqual(['@svc/events']);
    expect(result.message).toContain('packages/events/test/a.test-d.ts:3 no longer type-checks: TS2339 gone');
  });
});

describe('changesetBumps', () => {
  it('keeps the strongest bump each package is asked for', () => {
    const pending = bumps(
      '"@svc/types": patch\n"@svc/client": major',
      '"@svc/types": major',
      '"@svc/types": minor',
    );
    expect(Object.fromEntries(pending)).toEqual({ '@svc/types': 'major', '@svc/client': 'major' });
  });
});
