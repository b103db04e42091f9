// A lifecycle as a graph (states and transitions, read from its xstate config) and as Mermaid
// `stateDiagram-v2` text: the README, the docs page and the console draw the lifecycles from this,
// never by hand.
import {
  initialStateOf,
  isFinalState,
  LIFECYCLES,
  type Lifecycle,
  metaOf,
  stateNamesOf,
  type Transition,
  transitionsOf,
} from './lifecycles.js';

/** One state of a lifecycle graph. */
export interface GraphState {
  name: string;
  /** The wire values it stands for (`status`, …). */
  wire: Readonly<Record<string, string>>;
  initial: boolean;
  final: boolean;
}

/** A lifecycle as its machine defines it: every state, and every allowed transition. */
export interface LifecycleGraph {
  lifecycle: Lifecycle;
  states: GraphState[];
  transitions: Transition[];
}

/** The graph of a lifecycle, read from its machine definition. */
export function lifecycleGraph(lifecycle: Lifecycle): LifecycleGraph {
  const initial = initialStateOf(lifecycle);
  return {
    lifecycle,
    states: stateNamesOf(lifecycle).map((name) => ({
      name,
      wire: metaOf(lifecycle, name),
      initial: name === initial,
      final: isFinalState(lifecycle, name),
    })),
    transitions: transitionsOf(lifecycle),
  };
}

/**
 * A lifecycle graph as Mermaid `stateDiagram-v2` text: `[*]` into the initial state and out of each
 * final one, each transition labelled with its event.
 */
export function graphMermaid(graph: LifecycleGraph): string {
  const lines = ['stateDiagram-v2'];
  for (const state of graph.states) if (state.initial) lines.push(`  [*] --> ${state.name}`);
  for (const t of graph.transitions) lines.push(`  ${t.from} --> ${t.to}: ${t.event}`);
  for (const state of graph.states) if (state.final) lines.push(`  ${state.name} --> [*]`);
  return lines.join('\n');
}

/** The Mermaid `stateDiagram-v2` text of a lifecycle, read from its machine. */
export const lifecycleMermaid = (lifecycle: Lifecycle): string => graphMermaid(lifecycleGraph(lifecycle));

/**
 * Every lifecycle as Markdown, the way the README shows it: its diagram (a Mermaid block, which
 * GitHub and most Markdown viewers draw) and its table of transitions with their wire values.
 */
export function lifecyclesMarkdown(): string {
  return LIFECYCLES.map((lifecycle) => {
    const wire = (state: string) =>
      Object.values(metaOf(lifecycle, state))
        .map((value) => `\`${value}\``)
        .join(', ');
    const rows = transitionsOf(lifecycle).map(
      (t) => `| \`${t.from}\` (${wire(t.from)}) | ${t.trigger} | \`${t.to}\` (${wire(t.to)}) |`,
    );
    return [
      `#### ${lifecycle}`,
      '',
      '```mermaid',
      lifecycleMermaid(lifecycle),
      '```',
      '',
      '| from (wire values) | when | to (wire values) |',
      '| --- | --- | --- |',
      ...rows,
    ].join('\n');
  }).join('\n\n');
}
