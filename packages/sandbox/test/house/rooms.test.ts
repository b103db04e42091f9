import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles } from '@svc/tools/import-circles';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const WORLD_ROOMS = ['world/data', 'world/state', 'world/users', 'world/lab', 'world/clock'] as const;
const ROOMS = [
  'console',
  'handlers',
  'http',
  'internal',
  'machines',
  'openapi',
  'serve',
  'webhooks',
  'world',
  ...WORLD_ROOMS,
] as const;
type Room = (typeof ROOMS)[number];

/** Every module of `src/` (relative, `.ts`), with the modules it imports, `import type` included. */
const MODULES = new Map(
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const text = readFileSync(join(SRC, file), 'utf8');
      const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
        normalize(join(dirname(file), m[1] as string)).replace(/\.js$/, '.ts'),
      );
      return [file, targets] as const;
    }),
);

const RANDOM = 'internal/random.ts';
const HTTP_ERROR = 'internal/http-error.ts';

/** The modules a module imports as values (not `import type`): what it runs. */
const valueImportsOf = (file: string) =>
  [...readFileSync(join(SRC, file), 'utf8').matchAll(/^import\s+(?!type\b)[^']*'(\.{1,2}\/[^']+)'/gm)].map(
    (m) => normalize(join(dirname(file), m[1] as string)).replace(/\.js$/, '.ts'),
  );

/** The room a module lives in: its folder under `src/` (a world room by its sub-folder), or none at the top. */
function roomOf(file: string): string | undefined {
  const [first, second] = file.split('/');
  if (second === undefined) return undefined;
  return first === 'world' && file.split('/').length > 2 ? `world/${second}` : first;
}

/** The rooms each module of a room imports, besides its own. */
const importsOf = (room: Room) =>
  [...MODULES]
    .filter(([file]) => roomOf(file) === room)
    .flatMap(([file, targets]) => targets.map((target) => ({ file, target: roomOf(target) ?? target })))
    .filter(({ target }) => target !== room);

const WORLD = ['world', ...WORLD_ROOMS];
/**
 * What each room may import, besides itself; anything else points up or sideways. Inside world/,
 * data and state stand on nothing else of it, users on them, lab on users, the clock on lab, and the
 * files at world/'s top (the registry, one world's controls, trigger) on all of them. `generated/`
 * (types of the control API, imports nothing) is a leaf.
 */
const MAY_IMPORT: Record<Room, readonly string[]> = {
  internal: [],
  machines: [],
  webhooks: ['internal', 'generated'],
  'world/data': ['internal'],
  'world/state': ['internal', 'machines', 'webhooks'],
  'world/users': ['internal', 'machines', 'world/data', 'world/state'],
  'world/lab': ['internal', 'machines', 'world/data', 'world/state', 'world/users'],
  'world/clock': ['internal', 'machines', 'world/data', 'world/state', 'world/users', 'world/lab'],
  world: ['internal', 'machines', 'webhooks', ...WORLD_ROOMS],
  openapi: ['internal'],
  // The control handlers are typed from the control API's generated operations.
  handlers: ['generated', 'internal', 'machines', 'openapi', ...WORLD],
  http: ['handlers', 'internal', 'machines', 'openapi', 'webhooks', ...WORLD],
  // The console reads worlds and acts through the pipeline's control routes (http/), never the reverse.
  console: ['generated', 'http', 'internal', 'machines', 'webhooks', ...WORLD],
  // The node:http socket around the pipeline: the clock header of a refusal it writes itself.
  serve: ['http'],
};

/** Each circle of imports among the modules, as the path around it. */
const circles = (): string[] => importCircles(MODULES);

describe('the rooms of the sandbox', () => {
  it.each(ROOMS)('%s/ imports only the rooms below it', (room) => {
    const wrong = importsOf(room).filter(({ target }) => !MAY_IMPORT[room].includes(target));
    expect(wrong).toEqual([]);
  });

  it('world/ never imports http/, handlers/ or openapi/', () => {
    const wrong = WORLD.flatMap((room) =>
      importsOf(room as Room).filter(({ target }) => ['http', 'handlers', 'openapi'].includes(target)),
    );
    expect(wrong).toEqual([]);
  });

  it('world/ never imports the HTTP refusal: it refuses in its own terms, and http/ picks the status', () => {
    const wrong = WORLD.flatMap((room) =>
      [...MODULES]
        .filter(([file]) => roomOf(file) === room)
        .flatMap(([file, targets]) => targets.filter((t) => t === HTTP_ERROR).map((t) => `${file} → ${t}`)),
    );
    expect(wrong).toEqual([]);
  });

  it('lets no handler write a world: handlers call world steps, which run in its transaction', () => {
    const writes = [...MODULES.keys()]
      .filter((file) => roomOf(file) === 'handlers')
      .flatMap((file) =>
        [
          ...readFileSync(join(SRC, file), 'utf8').matchAll(
            /\.world\.\w+(?:\[[^\]]+\])*\s*=(?!=)|context\.(?:emit|schedule|transact)\(/g,
          ),
        ].map((m) => `${file}: ${m[0]}`),
      );
    expect(writes).toEqual([]);
  });

  it('lets no handler generate data: it imports nothing that draws from the seed, it calls world steps', () => {
    // A module draws from the seed when it imports internal/random.ts; a handler may name its types only.
    const drawing = new Set(
      [...MODULES].filter(([, targets]) => targets.includes(RANDOM)).map(([file]) => file),
    );
    expect(drawing.size).toBeGreaterThan(0);
    const wrong = [...MODULES.keys()]
      .filter((file) => roomOf(file) === 'handlers')
      .flatMap((file) =>
        valueImportsOf(file)
          .filter((target) => target === RANDOM || drawing.has(target))
          .map((target) => `${file} → ${target}`),
      );
    expect(wrong).toEqual([]);
  });

  it('has no circle of imports anywhere in src/', () => {
    expect(circles()).toEqual([]);
  });

  it.each(ROOMS)('%s/ has a README saying what lives there and who may import it', (room) => {
    expect(existsSync(join(SRC, room, 'README.md'))).toBe(true);
  });
});
