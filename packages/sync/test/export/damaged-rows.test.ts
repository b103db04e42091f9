// Issue 43: one damaged row in the store (its record no longer JSON) is named in OperationOutcome.ndjson
// and the rest are exported; the command says so in one line and exits 5 (done, some rows failed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { fhirErrors } from '@svc/test-kit/fhir-validator';
import { describe, expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import { runCli } from '../fixtures/processes.js';
import { smallStore, USER } from '../fixtures/small-store.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('issue 43: a damaged row in the store', () => {
  it('is an OperationOutcome line naming it, and every other row is exported', async () => {
    const { store } = await smallStore(stores, { damagedBody: true });
    const dir = join(stores.dir, 'damaged');
    const { counts } = await exportFhirNdjson(store, dir, { resources: ['steps', 'body'] });
    expect(counts).toEqual({ Observation: 2, OperationOutcome: 1, Patient: 1, Device: 1 });
    const [outcome] = lines(join(dir, 'OperationOutcome.ndjson')).map(
      (line) => JSON.parse(line) as OperationOutcome,
    );
    expect(outcome?.issue[0]?.diagnostics).toBe(
      `body row ${USER} oura 2025-10-03: its stored record is not JSON`,
    );
    expect(fhirErrors(outcome as OperationOutcome)).toEqual([]);
  });

  it('svc-sync export exits 5 with one line on stderr, the files written', async () => {
    const { store, address } = await smallStore(stores, { damagedBody: true });
    await store.close();
    const dir = join(stores.dir, 'damaged-cli');
    const run = await runCli(['export', '--store', address, '--format', 'fhir-ndjson', '--out', dir]);
    expect(run.stderr).toBe(
      'svc-sync: 1 rows could not be exported; each is named in OperationOutcome.ndjson\n',
    );
    expect(run.code).toBe(5);
    expect(lines(join(dir, 'Observation.ndjson'))).toHaveLength(2);
  }, 30_000);
});
