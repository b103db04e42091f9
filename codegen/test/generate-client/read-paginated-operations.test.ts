import { describe, expect, test } from 'vitest';
import { readPaginatedOperations } from '../../src/client/pagination-rules.js';

/** The smallest spec with one paginated operation; `extension` and `response` vary per test. */
function specWith(
  extension: unknown,
  response: object = { type: 'object', properties: { items: { type: 'array' } } },
) {
  return {
    openapi: '3.1.0',
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          'x-svc-pagination': extension,
          parameters: [
            { name: 'page', in: 'query', schema: { type: 'integer' } },
            { $ref: '#/components/parameters/after' },
          ],
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Things' } } } },
          },
        },
      },
    },
    components: {
      parameters: { after: { name: 'after', in: 'query', schema: { type: 'string' } } },
      schemas: { Things: response },
    },
  };
}

describe('readPaginatedOperations reads x-svc-pagination', () => {
  test('reads nothing from a spec without the extension', () => {
    expect(
      readPaginatedOperations({ openapi: '3.1.0', paths: { '/things': { get: { operationId: 'x' } } } }),
    ).toEqual([]);
  });

  test('reads a cursor rule and finds items through $refs', () => {
    const [operation] = readPaginatedOperations(
      specWith(
        { style: 'cursor', cursorParam: 'after', nextField: 'next', items: 'items' },
        { type: 'object', properties: { items: { type: 'array' }, next: { type: ['string', 'null'] } } },
      ),
    );
    expect(operation).toEqual({
      operationId: 'listThings',
      method: 'get',
      path: '/things',
      successStatus: '200',
      rule: { style: 'cursor', cursorParam: 'after', nextField: 'next', items: 'items', itemsShape: 'list' },
    });
  });

  test('recognises grouped items: a map of groups that hold data and source', () => {
    const group = { type: 'object', properties: { data: { type: 'array' }, source: { type: 'object' } } };
    const grouped = {
      type: 'object',
      properties: { groups: { type: 'object', additionalProperties: { type: 'array', items: group } } },
    };
    const [operation] = readPaginatedOperations(
      specWith({ style: 'page', pageParam: 'page', items: 'groups' }, grouped),
    );
    expect(operation?.rule.itemsShape).toBe('grouped');
  });

  test('reads the echoed page and size fields of a page rule from the response', () => {
    const envelope = { type: 'object', properties: { items: { type: 'array' }, page: { type: 'integer' } } };
    const [operation] = readPaginatedOperations(
      specWith({ style: 'page', pageParam: 'page', items: 'items' }, envelope),
    );
    expect(operation?.rule).toEqual({
      style: 'page',
      pageParam: 'page',
      pageField: 'page',
      items: 'items',
      itemsShape: 'list',
    });
  });

  test('refuses a rule that names a parameter or field the operation does not have, listing every problem', () => {
    const read = () =>
      readPaginatedOperations(
        specWith({ style: 'cursor', cursorParam: 'cursor', nextField: 'next', items: 'items' }),
      );
    expect(read).toThrow(/cursorParam "cursor" is not a query parameter/);
    expect(read).toThrow(/nextField "next" is not a response field/);
  });

  test('refuses an unknown style, an unknown key and items that are not a list', () => {
    expect(() => readPaginatedOperations(specWith({ style: 'offset', items: 'items' }))).toThrow(
      /style must be/,
    );
    expect(() =>
      readPaginatedOperations(specWith({ style: 'page', pageParam: 'page', items: 'items', pageSize: 'x' })),
    ).toThrow(/unknown key "pageSize"/);
    const scalar = { type: 'object', properties: { items: { type: 'string' } } };
    expect(() =>
      readPaginatedOperations(specWith({ style: 'page', pageParam: 'page', items: 'items' }, scalar)),
    ).toThrow(/neither an array nor a map of groups/);
  });
});
