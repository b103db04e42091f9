import { createClient, ValidationError } from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labTesting, prepareReportFile, REPORT_FILE_MAX_BYTES, sniffReportKind } from '../../src/index.js';
import { concat, JPEG, PDF, PNG, SIGNATURES } from './files.js';

/** A lab whose fetch only counts calls: a refused file must never reach it. */
function countingLab() {
  const calls = { count: 0 };
  const client = createClient({
    apiKey: 'sk-test-lab',
    baseUrl: 'http://127.0.0.1:9',
    maxRetries: 0,
    fetch: async () => {
      calls.count++;
      return Response.json({ id: 'job_1', status: 'processing' });
    },
  });
  return { lab: labTesting(client), calls };
}

const startsWith = (data: Uint8Array, prefix: Uint8Array) =>
  prefix.every((byte, index) => data[index] === byte);

describe('telling a lab report file by its leading bytes', () => {
  it('recognises PDF, JPEG and PNG whatever follows the signature', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pdf', 'jpeg', 'png' as const),
        fc.uint8Array({ maxLength: 64 }),
        (kind, tail) => {
          expect(sniffReportKind(concat(SIGNATURES[kind], tail))).toBe(kind);
        },
      ),
    );
  });

  it('recognises nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (data) => {
        const kind = sniffReportKind(data);
        const expected = (Object.keys(SIGNATURES) as (keyof typeof SIGNATURES)[]).find((name) =>
          startsWith(data, SIGNATURES[name]),
        );
        expect(kind).toBe(expected);
      }),
    );
  });

  it('refuses a cut-off signature', () => {
    expect(sniffReportKind(SIGNATURES.png.slice(0, 7))).toBeUndefined();
    expect(sniffReportKind(SIGNATURES.pdf.slice(0, 4))).toBeUndefined();
    expect(sniffReportKind(new Uint8Array())).toBeUndefined();
  });

  it('refuses any other bytes with a ValidationError before uploading', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 64 }), async (data) => {
        fc.pre(sniffReportKind(data) === undefined);
        const { lab, calls } = countingLab();
        const error = await lab.reports.upload(data).catch((caught) => caught);
        expect(error).toBeInstanceOf(ValidationError);
        expect(error.field).toBe('file');
        expect(calls.count).toBe(0);
      }),
      { numRuns: 50 },
    );
  });

  it('goes by the bytes, not by the name or the declared type', async () => {
    const disguised = new File([PDF], 'scan.png', { type: 'image/png' });
    const report = await prepareReportFile(disguised);
    expect(report).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', size: PDF.length });
    expect(report.file.type).toBe('application/pdf');
    expect(report.file.name).toBe('scan.png');
    const { lab, calls } = countingLab();
    await expect(
      lab.reports.upload(new File([new TextEncoder().encode('hello')], 'report.pdf')),
    ).rejects.toThrow(/application\/pdf, image\/jpeg, image\/png/);
    expect(calls.count).toBe(0);
  });

  it('accepts a Blob, a File, a Uint8Array, a Node Buffer and an ArrayBuffer', async () => {
    const inputs = [
      new Blob([JPEG]),
      new File([JPEG], 'a.jpg'),
      JPEG,
      Buffer.from(JPEG),
      JPEG.slice().buffer,
    ];
    for (const input of inputs) {
      await expect(prepareReportFile(input)).resolves.toMatchObject({
        kind: 'jpeg',
        contentType: 'image/jpeg',
        size: JPEG.length,
      });
    }
    expect((await prepareReportFile(PNG)).file.name).toBe('lab-report.png');
    expect((await prepareReportFile(JPEG, 'visit.jpg')).file.name).toBe('visit.jpg');
  });

  it('reads a view into a larger buffer from its own offset', async () => {
    const backing = concat(new Uint8Array([1, 2, 3]), PNG);
    const view = new Uint8Array(backing.buffer, 3, PNG.length);
    await expect(prepareReportFile(view)).resolves.toMatchObject({ kind: 'png', size: PNG.length });
  });

  it("accepts exactly the spec's 10,000,000 bytes and refuses one byte more, before uploading", async () => {
    const exact = new Uint8Array(REPORT_FILE_MAX_BYTES);
    exact.set(SIGNATURES.pdf);
    // The spec's `x-svc-file` maxBytes on the upload, reached through the client's generated table.
    expect(REPORT_FILE_MAX_BYTES).toBe(10_000_000);
    await expect(prepareReportFile(exact)).resolves.toMatchObject({
      kind: 'pdf',
      size: REPORT_FILE_MAX_BYTES,
    });
    const { lab, calls } = countingLab();
    const oneByteMore = new Uint8Array(REPORT_FILE_MAX_BYTES + 1);
    oneByteMore.set(SIGNATURES.pdf);
    for (const big of [oneByteMore, new Blob([exact, new Uint8Array(1)])]) {
      await expect(lab.reports.upload(big)).rejects.toThrow(/at most 10000000 bytes/);
    }
    expect(calls.count).toBe(0);
  });

  it('refuses an empty file and a value that is not a file', async () => {
    const { lab, calls } = countingLab();
    await expect(lab.reports.upload(new Uint8Array())).rejects.toThrow(/empty/);
    await expect(lab.reports.upload('%PDF-1.7' as never)).rejects.toBeInstanceOf(ValidationError);
    expect(calls.count).toBe(0);
  });
});
