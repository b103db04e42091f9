// How paginated operations page (read from the spec's `x-svc-pagination` by the generators) and their item types.

/** How the items of a page are laid out: a plain array, or provider slug → groups of `{ data, source }`. */
export type ItemsShape = 'list' | 'grouped';

/** Follow a cursor: send `cursorParam`, read the next cursor from `nextField` (or the deprecated field). */
export interface CursorRule {
  readonly style: 'cursor';
  readonly cursorParam: string;
  readonly deprecatedCursorParam?: string;
  readonly nextField: string;
  readonly deprecatedNextField?: string;
  readonly items: string;
  readonly itemsShape: ItemsShape;
}

/** Count pages: send `pageParam` (and the caller's `sizeParam`), stop after the last page or on an empty one. */
export interface PageRule {
  readonly style: 'page';
  readonly pageParam: string;
  readonly sizeParam?: string;
  readonly pageField?: string;
  readonly sizeField?: string;
  readonly totalField?: string;
  readonly pagesField?: string;
  readonly items: string;
  readonly itemsShape: ItemsShape;
}

export type PaginationRule = CursorRule | PageRule;

/** One point of a grouped timeseries, with the provider and source context of the group it came from. */
export interface GroupedItem<Point, Source> {
  /** Provider slug (or lab): the key of `groups` the point was listed under. */
  provider: string;
  /** Source context of the point's value group. */
  source: Source;
  point: Point;
}

type GroupOf<Groups> = Groups extends { [provider: string]: ReadonlyArray<infer Group> } ? Group : never;

/** The yielded item of a grouped response whose `groups` field has the type `Groups`. */
export type GroupedItemOf<Groups> =
  GroupOf<Groups> extends { data: ReadonlyArray<infer Point>; source: infer Source }
    ? GroupedItem<Point, Source>
    : never;
