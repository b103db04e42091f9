// Issue 14: a spec change reaches every helper through `pnpm generate` alone. In a scratch copy of the
// repository, the spec gains an optional query parameter on listLabTestMarkers and raises its limits;
// after bundle + generate, code using the lab-testing helpers compiles and runs with the new facts.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchCopy, scratchCopy, scratchTsconfig } from './scratch-copy.js';

const LAB_TEST_ID = '5b8f2a3e-1c4d-4e6f-9a0b-2c3d4e5f6a7b';
const ORDER_ID = '0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a';

/** Type-checks only when the helpers take the new parameter and refuse an unknown one. */
const TYPED = `import { createClient } from '@svc/client';
import { labTesting } from '@svc/lab-testing';

const lab = labTesting(createClient({ apiKey: 'sk-scratch', baseUrl: 'http://127.0.0.1:9' }));
lab.catalogue.labTestMarkers('${LAB_TEST_ID}', { scratch_filter: 'panel', size: 10 });
// @ts-expect-error: a parameter the spec does not have
lab.catalogue.labTestMarkers('${LAB_TEST_ID}', { not_in_the_spec: 'x' });
`;

/** Runs the helpers against an injected fetch and prints what was sent and refused. */
const RUN = `import { createClient, ValidationError } from '@svc/client';
import { APPOINTMENT_NOTES_MAX_LENGTH, labTesting, REPORT_FILE_MAX_BYTES } from '@svc/lab-testing';

const urls: string[] = [];
const client = createClient({
  apiKey: 'sk-scratch',
  baseUrl: 'http://127.0.0.1:9',
  maxRetries: 0,
  fetch: async (request) => {
    urls.push(new URL(request.url).search);
    return Response.json(request.method === 'GET' ? { markers: [], page: 1, size: 10, total: 0, pages: 1 } : {});
  },
});
const lab = labTesting(client);
const refused = (call: () => Promise<unknown>) =>
  call().then(() => 'sent', (error) => (error instanceof ValidationError ? error.field : String(error)));

const result = {
  notesLimit: APPOINTMENT_NOTES_MAX_LENGTH,
  reportLimit: REPORT_FILE_MAX_BYTES,
  notes1500: await refused(() => lab.appointments.phlebotomy.book('${ORDER_ID}', { appointment_notes: 'a'.repeat(1500) })),
  notes2001: await refused(() => lab.appointments.phlebotomy.book('${ORDER_ID}', { appointment_notes: 'a'.repeat(2001) })),
  filter: await refused(() => lab.catalogue.labTestMarkers('${LAB_TEST_ID}', { scratch_filter: 'panel' }).toArray({ limit: 10 })),
  longFilter: await refused(() =>
    lab.catalogue.labTestMarkers('${LAB_TEST_ID}', { scratch_filter: 'x'.repeat(21) }).toArray({ limit: 10 }),
  ),
  urls,
};
console.log(JSON.stringify(result));
`;

describe('a spec change reaches the lab-testing helpers through pnpm generate alone', () => {
  let copy: ScratchCopy;
  let check: string;

  beforeAll(async () => {
    copy = await scratchCopy();
    await copy.edit(
      'spec/paths/v3@lab_tests@{lab_test_id}@markers.yaml',
      '    - $ref: ../components/parameters/size.yaml\n',
      '    - $ref: ../components/parameters/size.yaml\n' +
        '    - name: scratch_filter\n      in: query\n      description: A scratch filter.\n' +
        '      schema:\n        type: string\n        maxLength: 20\n',
    );
    for (const schema of ['AppointmentChangeRequest', 'PhlebotomyAppointmentRequest'])
      await copy.edit(`spec/components/schemas/${schema}.yaml`, 'maxLength: 1000', 'maxLength: 2000');
    await copy.edit(
      'spec/components/schemas/ParsingJobUploadRequest.yaml',
      'maxBytes: 10000000',
      'maxBytes: 20000000',
    );
    await copy.bundleAndGenerate();
    check = join(copy.root, 'check');
    await mkdir(check);
    await writeFile(join(check, 'tsconfig.json'), scratchTsconfig());
    await writeFile(join(check, 'package.json'), '{ "type": "module" }');
    await writeFile(join(check, 'typed.ts'), TYPED);
    await writeFile(join(check, 'run.ts'), RUN);
  }, 110_000);

  afterAll(() => copy?.remove());

  it('type-checks a call with the new query parameter, and still refuses an unknown one', async () => {
    const { stdout } = await copy
      .exec('tsc', ['--noEmit', '-p', 'tsconfig.json'], check)
      .catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(stdout).toBe('');
  }, 60_000);

  it('sends the new parameter and applies the raised and new limits, from the regenerated client', async () => {
    const { stdout } = await copy.exec('tsx', ['run.ts'], check);
    expect(JSON.parse(stdout)).toEqual({
      notesLimit: 2000,
      reportLimit: 20_000_000,
      notes1500: 'sent',
      notes2001: 'appointment_notes',
      filter: 'sent',
      longFilter: 'scratch_filter',
      // The helper's walk is the client's call: its first request carries the params as given.
      urls: ['', '?scratch_filter=panel'],
    });
  }, 60_000);
});
