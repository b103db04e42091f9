// The layering rules of src/internal/README.md and src/internal/transport/README.md, as a test (the
// sandbox's test/house/rooms.test.ts is the model): each room imports only the rooms below it, the
// seam's own imports (`#node-http`, `#attempt-tracer`, `#request-headers`) come in where the READMEs
// say, and no module imports itself round a circle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles } from '@svc/tools/import-circles';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const PACKAGE_IMPORTS = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .imports as Record<string, { node: string }>;

/** Where each `#name` of package.json resolves in the build for Node, as a path under src/. */
const SUBPATH = Object.fromEntries(
  Object.entries(PACKAGE_IMPORTS).map(([name, target]) => [
    name,
    normalize(target.node.replace(/^\.\/src\//, '')),
  ]),
);

/** Every module of src/ (relative, `.ts`) with the modules it imports, `import type` included. */
const MODULES = new Map(
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('generated/'))
    .map((file) => {
      const text = readFileSync(join(SRC, file), 'utf8');
      const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.{1,2}\/|#)[^']+)'/g)].map(
        ([, spec]) =>
          (spec as string).startsWith('#')
            ? (SUBPATH[spec as string] ?? (spec as string))
            : normalize(join(dirname(file), spec as string)).replace(/\.js$/, '.ts'),
      );
      return [file, targets] as const;
    }),
);

const LEAVES = 'internal (leaves)';
const PACKAGE = 'src (the package)';
const ROOMS = [
  'internal/call',
  'internal/route',
  'internal/transport',
  'internal/transport/fetch',
  'internal/transport/node',
  'internal/transport/retry',
  'internal/transport/trace',
  'internal/transport/reply',
  'internal/transport/abort',
  'internal/input',
  'internal/pagination',
  LEAVES,
] as const;
type Room = (typeof ROOMS)[number];

/** The room of a module: its folder under src/ (a transport room by its sub-folder); internal's own files are its leaves. */
function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return PACKAGE;
  if (parts[0] !== 'internal') return parts[0] as string;
  if (parts.length === 2) return LEAVES;
  if (parts[1] === 'transport' && parts.length > 3) return `internal/transport/${parts[2]}`;
  return `internal/${parts[1]}`;
}

/**
 * What each room may import besides itself and the package's own files (errors, headers, options):
 * anything else points up or sideways. `call → route → transport → input`; inside the transport, the
 * seam (transport.ts, http-client.ts, call-state.ts) over its clients (fetch/, node/), the retry loop
 * over the clients' interface, and reply/ and abort/ at the bottom.
 */
const TRANSPORT_FLOOR = ['internal/transport/reply', 'internal/transport/abort'];
const MAY_IMPORT: Record<Room, readonly string[]> = {
  [LEAVES]: [],
  'internal/input': [LEAVES],
  'internal/pagination': [LEAVES, 'internal/transport/abort'],
  'internal/transport/abort': [LEAVES],
  'internal/transport/reply': [LEAVES],
  'internal/transport/trace': [LEAVES, 'internal/transport/reply'],
  'internal/transport/fetch': [LEAVES, 'internal/transport', ...TRANSPORT_FLOOR],
  'internal/transport/node': [LEAVES, 'internal/input', 'internal/transport', ...TRANSPORT_FLOOR],
  'internal/transport/retry': [
    LEAVES,
    'internal/input',
    'internal/transport',
    'internal/transport/trace',
    ...TRANSPORT_FLOOR,
  ],
  'internal/transport': [
    LEAVES,
    'internal/input',
    'internal/transport/fetch',
    'internal/transport/node',
    'internal/transport/retry',
    ...TRANSPORT_FLOOR,
  ],
  // The route reads the seam and the replies, never a transport's own files (nor its headers).
  'internal/route': [LEAVES, 'internal/input', 'internal/transport', 'internal/transport/reply'],
  'internal/call': [
    LEAVES,
    'internal/input',
    'internal/route',
    'internal/transport',
    'internal/transport/reply',
  ],
};

/** The imports of a room's modules that leave the room, as `module → target`. */
const leaving = (room: string) =>
  [...MODULES]
    .filter(([file]) => roomOf(file) === room)
    .flatMap(([file, targets]) => targets.map((target) => ({ file, target, to: roomOf(target) })))
    // The package's own files and its generated tables stand beside every room: their types, the error classes.
    .filter(({ to }) => to !== room && to !== PACKAGE && to !== 'generated');

/** The modules that import `target`. */
const importersOf = (target: string) =>
  [...MODULES].filter(([, targets]) => targets.includes(target)).map(([file]) => file);

/** Each circle of imports among the modules, as the path around it. */
const circles = (): string[] => importCircles(MODULES);

describe('the layers of the client (src/internal/README.md)', () => {
  it('knows every folder of src/internal/', () => {
    const unknown = [...MODULES.keys()]
      .map(roomOf)
      .filter((room) => room.startsWith('internal') && !(ROOMS as readonly string[]).includes(room));
    expect([...new Set(unknown)]).toEqual([]);
  });

  it.each(ROOMS)('%s imports only the rooms below it', (room) => {
    const wrong = leaving(room)
      .filter(({ to }) => !MAY_IMPORT[room].includes(to))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(wrong).toEqual([]);
  });

  it('never imports the client that src/create-client.ts assembles from it', () => {
    const wrong = [...MODULES]
      .filter(([file]) => file.startsWith('internal/'))
      .flatMap(([file, targets]) =>
        targets.filter((target) => target === 'create-client.ts').map((t) => `${file} → ${t}`),
      );
    expect(wrong).toEqual([]);
  });

  it('only the seam picks a transport: #node-http from transport.ts, #attempt-tracer from the retry loop', () => {
    expect(importersOf(SUBPATH['#node-http'] as string)).toEqual(['internal/transport/transport.ts']);
    expect(importersOf(SUBPATH['#attempt-tracer'] as string)).toEqual([
      'internal/transport/retry/send-with-retries.ts',
    ]);
  });

  it('fetch/ and node/ never import each other', () => {
    const wrong = [...leaving('internal/transport/fetch'), ...leaving('internal/transport/node')]
      .filter(({ to }) => to === 'internal/transport/fetch' || to === 'internal/transport/node')
      .map(({ file, target }) => `${file} → ${target}`);
    expect(wrong).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(circles()).toEqual([]);
  });
});
