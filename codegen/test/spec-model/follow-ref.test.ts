import {
  followRef,
  type OpenApiDocument,
  type ParameterObject,
  type RequestBodyObject,
  type SchemaObject,
} from '@svc/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';

const spec: OpenApiDocument = {
  paths: {
    '/things': {
      post: {
        parameters: [{ $ref: '#/components/parameters/alias' }],
        requestBody: { $ref: '#/components/requestBodies/Thing' },
      },
    },
  },
  components: {
    parameters: {
      alias: { $ref: '#/components/parameters/limit' },
      limit: { name: 'limit', in: 'query' },
      loop: { $ref: '#/components/parameters/loop' },
    },
    requestBodies: { Thing: { content: { 'application/json': { schema: { type: 'object' } } } } },
    schemas: { 'a/b~c': { type: 'string' } },
  },
};
const operation = spec.paths?.['/things']?.post;

describe('followRef', () => {
  it('follows a chain of local references to the object they name, escaped keys too', () => {
    expect(followRef(spec, operation?.parameters?.[0])).toEqual({ name: 'limit', in: 'query' });
    expect(followRef(spec, { $ref: '#/components/schemas/a~1b~0c' })).toEqual({ type: 'string' });
  });

  it('gives an object that is no reference as it is', () => {
    const limit = spec.components?.parameters?.limit;
    expect(followRef(spec, limit)).toBe(limit);
  });

  it('gives undefined for a dangling, non-local or cyclic reference, and for what is no object', () => {
    expect(followRef(spec, { $ref: '#/components/parameters/missing' })).toBeUndefined();
    expect(followRef(spec, { $ref: 'other.json#/components/parameters/limit' })).toBeUndefined();
    expect(followRef(spec, { $ref: '#/components/parameters/loop' })).toBeUndefined();
    expect(followRef(spec, 'limit')).toBeUndefined();
  });

  it('is typed by the field it reads, and as a plain JSON object for a value of unknown shape', () => {
    expectTypeOf(followRef(spec, operation?.requestBody)).toEqualTypeOf<RequestBodyObject | undefined>();
    expectTypeOf(followRef(spec, operation?.parameters?.[0])).toEqualTypeOf<ParameterObject | undefined>();
    expectTypeOf(followRef(spec, {} as SchemaObject)).toEqualTypeOf<SchemaObject | undefined>();
    expectTypeOf(followRef(spec, JSON.parse('{}') as unknown)).toEqualTypeOf<
      Record<string, unknown> | undefined
    >();
    expect(followRef(spec, operation?.requestBody)?.content['application/json']?.schema).toEqual({
      type: 'object',
    });
  });
});
