// What one store tool answers, before it is fitted to the result budget (store-tools.ts does that).

type Args = Record<string, unknown>;

/** The first `shown` items of a page of a tool's answer: its structured content, and its text (`more`: a next page follows). */
export type Page = (shown: number, more: boolean) => { structured: Args; text: string };

/** A tool's answer: `items` on this page from `offset`, of `total` in all. */
export interface Answer {
  total: number;
  items: number;
  offset: number;
  page: Page;
}
