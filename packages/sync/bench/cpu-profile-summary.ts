// Where a process's CPU went, from a `node --cpu-prof` profile: each sample's time given to the first
// frame on its stack (leaf first) that belongs to a part named below, so a part's share includes what it
// calls into outside the other parts (SQLite's native code under the store's statements, for example).
// `node --import tsx bench/cpu-profile-summary.ts FILE.cpuprofile`
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Parts of the sync, told by a frame's function name or file (the CLI is one bundle, so names do most of
 * the telling); for each sample the frames are tried leaf first, and the first that matches a part wins.
 */
const PARTS: [string, (frame: ProfileNode['callFrame']) => boolean][] = [
  ['idle (waiting for I/O)', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['JSON.parse of answers', (f) => f.functionName === 'parse' && f.url === ''],
  ['the client (transport, pages)', (f) => /packages\/client\/|@svc\/client\//.test(f.url)],
  [
    'HTTP (node:http, sockets, streams)',
    (f) => /^node:(_http|net|internal\/(stream|streams|net|http|dns))/.test(f.url),
  ],
  ['reading a window (points, times)', (f) => /^(readWindow|pointAsSent|groupContext)$/.test(f.functionName)],
  [
    'the store (transactions, upserts, row JSON)',
    // `immediate` is SQLite's write transaction (under it, node:sqlite's native calls too); `#flush` the
    // run's group commit.
    (f) =>
      /^(storeCall|commitWindow|commitWindows|failWindow|immediate|#flush)$/.test(f.functionName) ||
      /better-sqlite3/.test(f.url),
  ],
  ['pacing, planning, progress', (f) => /\/internal\/(pace|plan)\/|progress/.test(f.url)],
];

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: cpu-profile-summary.ts FILE.cpuprofile\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const partOf = new Map<number, string>();
const part = (id: number): string => {
  const known = partOf.get(id);
  if (known) return known;
  let found = 'other';
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)?.callFrame;
    const match = frame && PARTS.find(([, test]) => test(frame));
    if (match) {
      found = match[0];
      break;
    }
  }
  partOf.set(id, found);
  return found;
};
const totals = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  all += micros;
  totals.set(part(id), (totals.get(part(id)) ?? 0) + micros);
});
const busy = all - (totals.get('idle (waiting for I/O)') ?? 0);
process.stdout.write(`${(all / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy\n`);
totals.delete('idle (waiting for I/O)');
for (const [name, micros] of [...totals].sort((a, b) => b[1] - a[1]))
  process.stdout.write(
    `${name.padEnd(44)} ${(micros / 1e6).toFixed(1).padStart(6)} s  ${((micros / busy) * 100).toFixed(1).padStart(5)} % of busy\n`,
  );
