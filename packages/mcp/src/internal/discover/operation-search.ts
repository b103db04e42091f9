import MiniSearch from 'minisearch';
import type { CatalogueTool } from '../catalogue.js';

/** Most operations one search returns. */
export const MAX_SEARCH_RESULTS = 25;

/** `getStepsGrouped` → `get steps grouped`, so a search for "steps" finds it. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Full-text search over the operations' names, summaries, descriptions and tags, with prefixes and
 * small typos forgiven ("marker" finds the marker lists, "parsng" the parsing jobs).
 */
export function operationSearch(tools: readonly CatalogueTool[]) {
  const index = new MiniSearch<{
    id: string;
    name: string;
    title: string;
    description: string;
    tags: string;
  }>({
    fields: ['name', 'title', 'description', 'tags'],
    searchOptions: { boost: { name: 3, title: 2, tags: 1.5 }, prefix: true, fuzzy: 0.2 },
  });
  index.addAll(
    tools.map((tool) => ({
      id: tool.name,
      name: words(tool.name),
      title: tool.title,
      description: tool.description,
      tags: tool.tags.join(' '),
    })),
  );
  return (query: string, limit: number): string[] =>
    index
      .search(query)
      .slice(0, Math.min(limit, MAX_SEARCH_RESULTS))
      .map((result) => String(result.id));
}
