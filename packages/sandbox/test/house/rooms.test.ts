import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ROOMS = ['handlers', 'http', 'internal', 'machines', 'openapi', 'webhooks', 'world'] as const;

/** The rooms of `src/` each file of a room imports from (`../<room>/…`), with the file. */
function importsOf(room: string): Array<{ file: string; target: string }> {
  return readdirSync(join(SRC, room))
    .filter((name) => name.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(SRC, room, file), 'utf8').matchAll(/from '\.\.\/([^/']+)\//g)].map((m) => ({
        file: `${room}/${file}`,
        target: m[1] as string,
      })),
    );
}

/** What each room may import, besides itself; anything else points up or sideways. `generated/` (types of the control API, imports nothing) is a leaf. */
const MAY_IMPORT: Record<(typeof ROOMS)[number], readonly string[]> = {
  internal: [],
  machines: [],
  webhooks: ['internal', 'generated'],
  world: ['internal', 'machines', 'webhooks'],
  openapi: ['internal'],
  handlers: ['internal', 'machines', 'openapi', 'world'],
  http: ['handlers', 'internal', 'machines', 'openapi', 'webhooks', 'world'],
};

describe('the rooms of the sandbox', () => {
  it.each(ROOMS)('%s/ imports only the rooms below it', (room) => {
    const wrong = importsOf(room).filter(({ target }) => !MAY_IMPORT[room].includes(target));
    expect(wrong).toEqual([]);
  });

  it('world/ never imports http/, handlers/ or openapi/', () => {
    const wrong = importsOf('world').filter(({ target }) => ['http', 'handlers', 'openapi'].includes(target));
    expect(wrong).toEqual([]);
  });

  it.each(ROOMS)('%s/ has a README saying what lives there and who may import it', (room) => {
    expect(existsSync(join(SRC, room, 'README.md'))).toBe(true);
  });
});
