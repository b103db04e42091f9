// The circles in a graph of imports, for the house tests of each package (client, sandbox, sync, MCP):
// one depth-first walk, written once here.

/** Each circle of imports among the modules of `graph` (module → modules it imports), as the path around it. */
export function importCircles(graph: ReadonlyMap<string, Iterable<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (state.get(target) === 'open') found.push([...path.slice(path.indexOf(target)), target].join(' → '));
      else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}
