import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FetchLike, SNIFF_BYTES, sniffMediaType, ValidationError } from '../../src/index.js';
import { json, testClient } from '../fixtures/fake-fetch.js';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const MAX_BYTES = 10_000_000;

/** A fetch that keeps each request's parsed multipart form. */
function formFetch() {
  const forms: { contentType: string | null; form: FormData }[] = [];
  const fetch: FetchLike = async (request) => {
    forms.push({ contentType: request.headers.get('content-type'), form: await request.formData() });
    return json({ id: 'job-1', status: 'pending' }, 201);
  };
  return { fetch, forms };
}

async function sentFile(file: unknown): Promise<File> {
  const fake = formFetch();
  await testClient(fake.fetch).createParsingJob({ body: { file } as never });
  expect(fake.forms).toHaveLength(1);
  expect(fake.forms[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  const part = fake.forms[0]?.form.get('file');
  expect(part).toBeInstanceOf(File);
  return part as File;
}

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}

async function refusedUpload(file: unknown): Promise<ValidationError> {
  const fake = formFetch();
  const error = await testClient(fake.fetch)
    .createParsingJob({ body: { file } as never })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(ValidationError);
  expect(fake.forms).toHaveLength(0);
  return error as ValidationError;
}

describe('uploads are bytes, never JSON', () => {
  it('issue 11: sends a Buffer as a file part with its bytes, a name and a type told from the bytes', async () => {
    const part = await sentFile(Buffer.from(PDF));
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PDF);
    expect(part.type).toBe('application/pdf');
    expect(part.name).toBe('file.pdf');
  });

  it('issue 11: sends a Node file stream as its bytes, named by its base name, never its local path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-upload-'));
    const path = join(dir, 'report.pdf');
    await writeFile(path, PDF);
    const fake = formFetch();
    await testClient(fake.fetch).createParsingJob({ body: { file: createReadStream(path) } });
    const part = fake.forms[0]?.form.get('file') as File;
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PDF);
    expect(part.name).toBe('report.pdf');
    expect(JSON.stringify([...(fake.forms[0]?.form.keys() ?? [])])).not.toContain(dir);
  });

  it('accepts Blob, File, Uint8Array, ArrayBuffer, web streams, async iterables and { data, filename, contentType }', async () => {
    const inputs: [unknown, string, string][] = [
      [new Blob([PDF], { type: 'application/pdf' }), 'file.pdf', 'application/pdf'],
      [new File([PNG], 'scan.png', { type: 'image/png' }), 'scan.png', 'image/png'],
      [PDF.buffer.slice(0), 'file.pdf', 'application/pdf'],
      [new Blob([PDF]).stream(), 'file.pdf', 'application/pdf'],
      [chunks(PNG.slice(0, 3), PNG.slice(3)), 'file.png', 'image/png'],
      [{ data: PDF, filename: 'lab.pdf', contentType: 'application/pdf' }, 'lab.pdf', 'application/pdf'],
    ];
    for (const [input, name, type] of inputs) {
      const part = await sentFile(input);
      expect([part.name, part.type]).toEqual([name, type]);
      expect((await part.arrayBuffer()).byteLength).toBe(10);
    }
  });

  it('tells PDF, JPEG and PNG from their first SNIFF_BYTES bytes, and nothing from fewer or other bytes', () => {
    const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect([PDF, JPEG, PNG].map(sniffMediaType)).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(sniffMediaType(new Uint8Array([...PNG, ...new Uint8Array(SNIFF_BYTES)]))).toBe('image/png');
    expect(sniffMediaType(PNG.slice(0, 7))).toBeUndefined();
    expect(sniffMediaType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeUndefined();
    expect(sniffMediaType(new Uint8Array())).toBeUndefined();
  });

  it('tells a web page from its opening tag after white space, in any letter case, and a GIF or WebP from its signature', () => {
    const text = (value: string) => new TextEncoder().encode(value);
    for (const page of [
      '<!DOCTYPE html>',
      ' \r\n\t<HTML lang="en">',
      '<head>',
      '<Script>x',
      '<!-- a -->',
      '<p>',
    ])
      expect(sniffMediaType(text(page)), page).toBe('text/html');
    for (const other of [
      '<pdf>',
      '<html',
      '<?xml version="1.0"?>',
      'hello <html>',
      `${' '.repeat(SNIFF_BYTES)}<html>`,
    ])
      expect(sniffMediaType(text(other)), other).toBeUndefined();
    expect(sniffMediaType(text('GIF89a\x01'))).toBe('image/gif');
    expect(sniffMediaType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('issue 21: refuses a file whose leading bytes say another kind than its declared type, naming both, before sending', async () => {
    const page = new TextEncoder().encode('<!DOCTYPE html><html><body>not a report</body></html>');
    const cases: [unknown, string, string][] = [
      [{ data: page, contentType: 'application/pdf' }, 'application/pdf', 'text/html'],
      [new Blob([page], { type: 'image/png' }), 'image/png', 'text/html'],
      [new File([page], 'report.pdf', { type: 'application/pdf' }), 'application/pdf', 'text/html'],
      [{ data: new Blob([page]).stream(), contentType: 'image/jpeg' }, 'image/jpeg', 'text/html'],
      [{ data: PDF, contentType: 'image/png' }, 'image/png', 'application/pdf'],
    ];
    for (const [input, declared, sniffed] of cases) {
      const error = await refusedUpload(input);
      expect(error.field).toBe('body.file');
      expect(error.message).toContain(`declared ${declared} but its leading bytes are ${sniffed}`);
    }
  });

  it('issue 33: refuses bytes of no type the table tells under a declared type it can check (a ZIP as application/pdf), before sending', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    for (const input of [
      new File([zip], 'x.pdf', { type: 'application/pdf' }),
      { data: zip, contentType: 'image/png' },
      { data: new Blob([zip]).stream(), contentType: 'image/jpeg' },
      { data: new Uint8Array(0), contentType: 'application/pdf' },
    ]) {
      const error = await refusedUpload(input);
      expect(error.field).toBe('body.file');
      expect(error.message).toMatch(/declared (\S+) but its leading bytes are not \1$/);
    }
    const form = new FormData();
    form.set('file', new Blob([zip], { type: 'application/pdf' }), 'x.pdf');
    const fake = formFetch();
    const refused = await testClient(fake.fetch)
      .createParsingJob({ body: form as never })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(fake.forms).toHaveLength(0);
  });

  it('issue 21: refuses a mislabelled file in a form the caller built, and through the typed path client', async () => {
    const page = new TextEncoder().encode('  <html><body>not a report</body></html>');
    const form = new FormData();
    form.set('file', new Blob([page], { type: 'application/pdf' }), 'report.pdf');
    const fake = formFetch();
    const client = testClient(fake.fetch);
    const errors = await Promise.all([
      client.createParsingJob({ body: form as never }).catch((error: unknown) => error),
      client
        .POST('/lab_report/v1/parser/job', {
          body: { file: new Blob([page], { type: 'image/png' }) as never },
        })
        .catch((error: unknown) => error),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(
        /declared (application\/pdf|image\/png) but its leading bytes are text\/html/,
      );
    }
    expect(fake.forms).toHaveLength(0);
  });

  it('sends a file whose declared type its bytes confirm', async () => {
    expect((await sentFile({ data: PDF, contentType: 'application/pdf; charset=binary' })).type).toBe(
      'application/pdf; charset=binary',
    );
    expect((await sentFile(new Blob([PNG], { type: 'image/png' }))).type).toBe('image/png');
  });

  it('sends a file through the typed path client as multipart too', async () => {
    const fake = formFetch();
    await testClient(fake.fetch).POST('/lab_report/v1/parser/job', {
      body: { file: Buffer.from(PNG) as never },
    });
    expect((fake.forms[0]?.form.get('file') as File | undefined)?.type).toBe('image/png');
  });

  it('issue 11: refuses what is not bytes before sending', async () => {
    for (const input of [
      'report.pdf',
      42,
      { type: 'Buffer', data: [...PDF] },
      { path: '/home/someone/report.pdf' },
      { data: PDF, filename: 'a.pdf', extra: true },
      [PDF],
    ]) {
      const error = await refusedUpload(input);
      expect(error.field).toBe('body.file');
      expect(error.message).not.toContain('someone');
    }
  });

  it('issue 11: refuses a file type or size the spec does not allow', async () => {
    expect((await refusedUpload(new Blob([PDF], { type: 'image/gif' }))).message).toContain('image/gif');
    expect((await refusedUpload(new Uint8Array([1, 2, 3, 4]))).message).toContain('give contentType');
    expect((await refusedUpload({ data: PDF, contentType: 'text/plain' })).field).toBe('body.file');
    const big = new Blob([PDF, new Uint8Array(MAX_BYTES - PDF.length + 1)]);
    expect((await refusedUpload(big)).message).toContain(`at most ${MAX_BYTES} bytes`);
    const exact = new Blob([PDF, new Uint8Array(MAX_BYTES - PDF.length)]);
    expect((await sentFile(exact)).size).toBe(MAX_BYTES);
  });

  it('issue 11: counts a stream of unknown size while reading and stops past the limit', async () => {
    let yielded = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        yield PDF;
        for (;;) {
          yielded++;
          yield new Uint8Array(1_000_000);
        }
      } finally {
        closed = true;
      }
    }
    const error = await refusedUpload(endless());
    expect(error.message).toContain(`at most ${MAX_BYTES} bytes`);
    expect(yielded).toBe(10);
    expect(closed).toBe(true);
  });

  it('issue 11: requires the body, not the file field', async () => {
    const fake = formFetch();
    await testClient(fake.fetch).createParsingJob({ body: {} });
    expect([...(fake.forms[0]?.form.keys() ?? [])]).toEqual([]);
  });
});
