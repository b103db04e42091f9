import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSettings, ToolRequest } from '../../src/internal/call/call-settings.js';
import { fitJson, wireBytes } from '../../src/internal/call/fit-json.js';
import { presentResult } from '../../src/internal/call/present-result.js';
import type { CatalogueTool } from '../../src/internal/catalogue.js';
import { maskWith } from '../../src/internal/mask.js';
import { shippedCatalogue } from '../../src/internal/shipped-catalogue.js';
import { answer, type Connected, connect, texts } from '../fixtures/in-memory.js';

const BUDGET = 4_096;

let connected: Connected;
beforeAll(async () => {
  connected = await connect({ maxResultBytes: BUDGET });
});
afterAll(() => connected.close());

const resultBytes = (result: unknown) => texts(result).reduce((sum, text) => sum + wireBytes(text), 0);

describe('an oversized result', () => {
  it('is cut to the budget as valid JSON, keeping the start of each list, with a note on how to narrow the call', async () => {
    const { mcp, client } = connected;
    const full = await client.listMarkers({ size: 100 });
    expect(Buffer.byteLength(JSON.stringify(full))).toBeGreaterThan(BUDGET * 4);
    const result = await mcp.callTool({ name: 'listMarkers', arguments: { size: 100 } });
    expect(resultBytes(result)).toBeLessThanOrEqual(BUDGET);
    const { data, about } = answer(result);
    const { markers, ...rest } = data as { markers: unknown[] };
    expect(markers.length).toBeGreaterThan(0);
    expect(markers).toEqual(full.markers.slice(0, markers.length));
    const { markers: _all, ...fullRest } = full;
    expect(rest).toEqual(fullRest);
    expect(about.continuation).toBeUndefined();
    expect(about.cut).toMatch(
      new RegExp(
        `^Cut to fit ${BUDGET} bytes \\(the whole answer is \\d+\\): each list keeps its first ${markers.length} items \\(\\$\\.markers had ${full.markers.length}\\)`,
      ),
    );
    expect(about.cut).toContain(`start again from the first page with size at most ${markers.length}`);
    expect(about.cut).toContain('filters (lab_id, lab_slug, lab_account_id, name)');
  });

  it('that fits is not touched', async () => {
    const { mcp, client } = connected;
    const { data, about } = answer(await mcp.callTool({ name: 'listMarkers', arguments: { size: 1 } }));
    expect(data).toEqual(await client.listMarkers({ size: 1 }));
    expect(about.cut).toBeUndefined();
  });
});

describe('fitJson', () => {
  it('cuts the text itself when even empty lists do not fit (one long string)', () => {
    const fitted = fitJson({ report: 'é'.repeat(10_000) }, 1_000);
    expect(fitted.truncatedText).toBe(true);
    expect(wireBytes(fitted.text)).toBeLessThanOrEqual(1_000);
    expect(fitted.text.startsWith('{"report":"éé')).toBe(true);
    expect(fitted.fullBytes).toBe(Buffer.byteLength(JSON.stringify({ report: 'é'.repeat(10_000) })));
  });

  it('never splits a character made of two UTF-16 units', () => {
    const fitted = fitJson('😀'.repeat(1_000), 101);
    expect(fitted.text).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('lists where lists were cut, nested ones included', () => {
    const fitted = fitJson(
      { groups: { oura: [{ data: Array.from({ length: 500 }, (_, i) => ({ i })) }] } },
      200,
    );
    expect(fitted.cutArrays).toEqual([
      { path: '$.groups.oura[0].data', kept: fitted.keptPerArray, total: 500 },
    ]);
    expect(JSON.parse(fitted.text).groups.oura[0].data).toHaveLength(fitted.keptPerArray as number);
  });
});

describe('a cut result that quotes a secret', () => {
  it('never keeps the start of the secret where the cut falls inside it', () => {
    const key = 'k9Zq7XwP3mN8vB2cR5tY';
    const tool = shippedCatalogue().find((each) => each.name === 'getParsingJob') as CatalogueTool;
    const settings = { maxResultBytes: BUDGET, redact: maskWith([key]) } as CallSettings;
    const request = {
      tool: tool.name,
      callOf: (args) => ({ tool: tool.name, arguments: args }),
    } as ToolRequest;
    // The secret at every offset around the budget: one of them puts the cut inside it.
    for (let pad = 2_900; pad < 3_200; pad++) {
      const data = { note: `${'a'.repeat(pad)}${key}${'b'.repeat(2_000)}` };
      const result = presentResult(tool, {}, { data, status: 200, requestId: undefined }, request, settings);
      const shown = texts(result).join('\n');
      expect(shown, `secret at ${pad}`).not.toContain(key.slice(0, 4));
      expect(resultBytes(result)).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('keeps to the budget when masking the note beside it makes the note longer', () => {
    // An 8-character secret becomes `[redacted]` (10): a note quoting it often grows once masked, so the
    // room left for the data is measured on the masked note.
    const key = 'p4Ss8wOr';
    const tool = shippedCatalogue().find((each) => each.name === 'getParsingJob') as CatalogueTool;
    const budget = 16_384;
    const settings = { maxResultBytes: budget, redact: maskWith([key]) } as CallSettings;
    const request = {
      tool: tool.name,
      callOf: (args) => ({ tool: tool.name, arguments: args }),
    } as ToolRequest;
    const note = `the wait ran out; the service said ${Array.from({ length: 1_000 }, () => key).join(' ')}`;
    const data = { report: 'a'.repeat(budget * 2) };
    const result = presentResult(
      tool,
      {},
      { data, status: 200, requestId: undefined, note },
      request,
      settings,
    );
    expect(texts(result).join('\n')).not.toContain(key);
    expect(resultBytes(result)).toBeLessThanOrEqual(budget);
  });
});
