import { afterEach, describe, expect, it } from 'vitest';
import { type Connected, connect } from '../fixtures/in-memory.js';
import { readOperations, specOperations, writeOperations } from '../fixtures/spec-operations.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);

/** Keywords a JSON Schema reader would not know (`$ref` to the spec's components, `x-svc-` extensions). */
function specOnlyKeywords(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) specOnlyKeywords(item, found);
  else if (typeof schema === 'object' && schema !== null)
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' || key.startsWith('x-') || key === 'example') found.push(key);
      // `properties` maps names (a header may be called x-svc-link-token) to schemas.
      if (key === 'properties' && typeof value === 'object' && value !== null)
        for (const property of Object.values(value)) specOnlyKeywords(property, found);
      else specOnlyKeywords(value, found);
    }
  return found;
}

describe('the tool list', () => {
  it('is the spec operations that read, in spec order, when writes are not allowed', async () => {
    connected = await connect();
    const { tools } = await connected.mcp.listTools();
    expect(readOperations.length).toBeGreaterThan(10);
    expect(names(tools)).toEqual(readOperations.map((operation) => operation.name));
  });

  it('is every operation of the spec with --allow-writes', async () => {
    connected = await connect({ allowWrites: true });
    const { tools } = await connected.mcp.listTools();
    expect(names(tools)).toEqual(specOperations.map((operation) => operation.name));
  });

  it('adds only the writes named with --allow-write', async () => {
    connected = await connect({ allowWrites: ['createOrder'] });
    const { tools } = await connected.mcp.listTools();
    expect(names(tools)).toEqual(
      specOperations
        .filter((operation) => !operation.write || operation.name === 'createOrder')
        .map((operation) => operation.name),
    );
  });

  it('carries each operation’s hints from its method and the spec’s idempotency mark', async () => {
    connected = await connect({ allowWrites: true });
    const { tools } = await connected.mcp.listTools();
    for (const operation of specOperations) {
      const tool = tools.find((candidate) => candidate.name === operation.name);
      const destructive = ['delete', 'put', 'patch'].includes(operation.method);
      const idempotent = ['get', 'head', 'put', 'delete'].includes(operation.method) || operation.idempotent;
      expect(tool?.annotations, operation.name).toEqual({
        title: tool?.title,
        readOnlyHint: !operation.write,
        destructiveHint: destructive,
        idempotentHint: idempotent,
        openWorldHint: true,
      });
    }
    expect(writeOperations.some((operation) => operation.method === 'delete')).toBe(true);
    expect(writeOperations.some((operation) => operation.idempotent)).toBe(true);
  });

  it('takes each operation’s parameters and body as arguments, and its summary as title', async () => {
    connected = await connect({ allowWrites: true });
    const { tools } = await connected.mcp.listTools();
    for (const operation of specOperations) {
      const tool = tools.find((candidate) => candidate.name === operation.name);
      const properties = Object.keys((tool?.inputSchema.properties ?? {}) as object).filter(
        (name) => name !== 'wait_seconds',
      );
      expect(properties.sort(), operation.name).toEqual(
        [...operation.parameters, ...(operation.hasBody ? ['body'] : [])].sort(),
      );
      expect(tool?.title).toBeTruthy();
      expect(tool?.description?.startsWith(String(tool?.title))).toBe(true);
      expect(specOnlyKeywords(tool?.inputSchema), operation.name).toEqual([]);
    }
  });

  it('requires the idempotency key of an idempotent write', async () => {
    connected = await connect({ allowWrites: true });
    const { tools } = await connected.mcp.listTools();
    const createOrder = tools.find((tool) => tool.name === 'createOrder');
    expect(createOrder?.inputSchema.required).toContain('Idempotency-Key');
  });
});
