// Lays a lifecycle graph out with dagre (a layered graph layout, so no coordinates are placed by hand)
// and writes it as a standalone SVG: presentation attributes only (no `style`), so it renders under a
// strict Content-Security-Policy, in a README and in the docs page alike. Each state is a
// `<g data-state="…">` the console marks as current.
import dagre from '@dagrejs/dagre';
import type { LifecycleGraph } from '../src/machines/lifecycle-graph.js';

const FONT = 12;
/** Width of one character at FONT px in a sans-serif face, rounded up: boxes fit without measuring text. */
const CHAR = 7.2;
const PAD = 10;
const START = '[*]';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (n: number) => Math.round(n * 10) / 10;
type Point = { x: number; y: number };
const at = (p: Point) => `${round(p.x)} ${round(p.y)}`;
/** A smooth path through dagre's bend points: each bend a control point, the midpoints between them on the curve. */
function path(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  const last = rest.pop();
  if (!last) return `M${at(first)}`;
  const parts = [`M${at(first)}`];
  rest.forEach((p, i) => {
    const next = rest[i + 1] ?? last;
    parts.push(`Q${at(p)} ${at({ x: (p.x + next.x) / 2, y: (p.y + next.y) / 2 })}`);
  });
  parts.push(`L${at(last)}`);
  return parts.join(' ');
}

/** The SVG of one lifecycle graph, top to bottom. */
export function lifecycleSvg(graph: LifecycleGraph): string {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 40, edgesep: 14, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  g.setNode(START, { width: 12, height: 12 });
  for (const state of graph.states)
    g.setNode(state.name, { width: state.name.length * CHAR + 2 * PAD, height: FONT + 2 * PAD });
  const initial = graph.states.find((s) => s.initial);
  if (initial) g.setEdge(START, initial.name, {}, 'start');
  // A transition back into its own state is drawn as a loop beside the state, outside the layout.
  graph.transitions.forEach((t, i) => {
    if (t.from !== t.to)
      g.setEdge(t.from, t.to, { width: t.event.length * CHAR * 0.9, height: FONT, labelpos: 'c' }, `t${i}`);
  });
  dagre.layout(g);
  const loops = graph.transitions.filter((t) => t.from === t.to);
  const loopRoom = Math.max(0, ...loops.map((t) => 36 + t.event.length * CHAR * 0.9));
  const { height = 0 } = g.graph();
  const width = (g.graph().width ?? 0) + loopRoom;
  const id = `lifecycle-${graph.lifecycle}`;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${round(width)} ${round(height)}" width="${round(width)}" height="${round(height)}" role="img" aria-labelledby="${id}-title" class="lifecycle" data-lifecycle="${graph.lifecycle}" font-family="sans-serif" font-size="${FONT}">`,
    `<title id="${id}-title">The ${graph.lifecycle} lifecycle: ${graph.states.length} states, ${graph.transitions.length} transitions</title>`,
    `<defs><marker id="${id}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#4b5563"/></marker></defs>`,
  ];
  for (const edge of g.edges()) {
    const label = g.edge(edge);
    const transition = edge.name === 'start' ? undefined : graph.transitions[Number(edge.name?.slice(1))];
    out.push(
      `<g class="transition"${transition ? ` data-from="${transition.from}" data-to="${transition.to}" data-event="${transition.event}"` : ''}>`,
      transition ? `<title>${xml(`${transition.event}: ${transition.trigger}`)}</title>` : '',
      `<path d="${path(label.points ?? [])}" fill="none" stroke="#4b5563" stroke-width="1.2" marker-end="url(#${id}-arrow)"/>`,
      transition && label.x !== undefined && label.y !== undefined
        ? `<text x="${round(label.x)}" y="${round(label.y + FONT / 3)}" text-anchor="middle" fill="#374151" font-size="${FONT - 2}">${xml(transition.event)}</text>`
        : '',
      '</g>',
    );
  }
  for (const loop of loops) {
    const { x, y, width: w } = g.node(loop.from);
    const right = x + w / 2;
    out.push(
      `<g class="transition" data-from="${loop.from}" data-to="${loop.to}" data-event="${loop.event}">`,
      `<title>${xml(`${loop.event}: ${loop.trigger}`)}</title>`,
      `<path d="M${at({ x: right, y: y - 5 })} C${at({ x: right + 28, y: y - 22 })} ${at({ x: right + 28, y: y + 22 })} ${at({ x: right, y: y + 5 })}" fill="none" stroke="#4b5563" stroke-width="1.2" marker-end="url(#${id}-arrow)"/>`,
      `<text x="${round(right + 26)}" y="${round(y + FONT / 3)}" fill="#374151" font-size="${FONT - 2}">${xml(loop.event)}</text>`,
      '</g>',
    );
  }
  const start = g.node(START);
  out.push(`<circle cx="${round(start.x)}" cy="${round(start.y)}" r="6" fill="#111827"/>`);
  for (const state of graph.states) {
    const { x, y, width: w, height: h } = g.node(state.name);
    const left = round(x - w / 2);
    const top = round(y - h / 2);
    const wire = Object.values(state.wire).join(', ');
    out.push(
      `<g class="state" data-state="${state.name}"${state.final ? ' data-final="true"' : ''}>`,
      `<title>${xml(`${state.name} (${wire})${state.final ? ', final' : ''}`)}</title>`,
      `<rect x="${left}" y="${top}" width="${round(w)}" height="${round(h)}" rx="8" fill="#f9fafb" stroke="#111827" stroke-width="${state.final ? 2.5 : 1.2}"/>`,
      `<text x="${round(x)}" y="${round(y + FONT / 3)}" text-anchor="middle" fill="#111827">${xml(state.name)}</text>`,
      '</g>',
    );
  }
  out.push('</svg>');
  return out.filter((line) => line !== '').join('\n');
}
