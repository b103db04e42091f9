// svc-sync export --format fhir-ndjson --out DIR: the store as FHIR Bulk Data NDJSON, one file per
// resource type and a manifest, through @svc/health's building blocks. Rows are read a page at a time and
// each line waits for its file to take it, so memory stays flat however large the fleet.
import { once } from 'node:events';
import { closeSync, createWriteStream, fchmodSync, openSync, type WriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type BulkExportManifest,
  bulkExportManifest,
  type NdjsonLine,
  summariesNdjson,
  timeseriesNdjson,
  writeNdjsonByType,
} from '@svc/health';
import type { ResourceName } from '../../resources.js';
import type { StepRow, SyncStore } from '../../stores/store.js';
import { storedSteps, storedSummaries } from '../../stores/stored-rows.js';
import { choice, requireOptions, resourcesOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';

/** A time as the point was written (its offset kept) when the stored record has it, else the stored UTC one. */
const asWritten = (written: unknown, instant: string) =>
  typeof written === 'string' && Date.parse(written) === Date.parse(instant) ? written : instant;

/** A stored steps row as @svc/health's timeseries row, with its times as the service wrote them. */
const timeseriesRowOf = (row: StepRow) => ({
  userId: row.userId,
  provider: row.provider,
  start: asWritten(row.data?.start, row.start),
  end: asWritten(row.data?.end, row.end),
  unit: row.unit,
  value: row.value,
});

/** The export's files: its lines are users' health data. */
const FILE_MODE = 0o600;

/**
 * Opens `path` for writing, emptied and readable by its owner only: a file an earlier export left there
 * keeps its mode through `open` (the mode applies only to a file it creates), so it is set again.
 */
function openPrivately(path: string): number {
  const fd = openSync(path, 'w', FILE_MODE);
  try {
    fchmodSync(fd, FILE_MODE);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

export interface FhirExport {
  /** Lines written per resource type (`OperationOutcome`: rows that could not be converted). */
  counts: Record<string, number>;
  manifest: BulkExportManifest;
}

/**
 * Writes every row of `resources` in the store to `dir` as FHIR Bulk Data NDJSON: `<Type>.ndjson` per
 * resource type (Observation; OperationOutcome for rows that could not be converted), then
 * `manifest.json`, the Bulk Data manifest, last. Files of an earlier export in `dir` are replaced.
 */
export async function exportFhirNdjson(
  store: SyncStore,
  dir: string,
  resources: readonly ResourceName[],
  transactionTime = new Date(),
): Promise<FhirExport> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const issued = transactionTime.toISOString();
  async function* lines(): AsyncGenerator<NdjsonLine> {
    if (resources.includes('steps'))
      yield* timeseriesNdjson(
        (async function* () {
          for await (const row of storedSteps(store)) yield timeseriesRowOf(row);
        })(),
        { issued, kind: 'steps' },
      );
    const summaries = resources.filter((resource) => resource !== 'steps');
    if (summaries.length > 0)
      yield* summariesNdjson(
        (async function* () {
          for await (const row of storedSummaries(store)) if (summaries.includes(row.resource)) yield row;
        })(),
        { issued },
      );
  }
  const files = new Map<string, WriteStream>();
  const fileOf = (type: string) => join(dir, `${type}.ndjson`);
  let failed: Error | undefined;
  let counts: Record<string, number>;
  try {
    counts = await writeNdjsonByType(lines(), (type) => {
      if (failed) throw failed;
      // Health data: readable by the exporting user only, as the store it comes from should be.
      const file = createWriteStream(fileOf(type), { fd: openPrivately(fileOf(type)) });
      // A disk that fails (full, gone) fails the export; the next write or the end says so.
      file.on('error', (error) => {
        failed ??= error;
      });
      files.set(type, file);
      return {
        write: (line) => {
          // A failed file is destroyed: its write returns false and its 'drain' never comes.
          if (failed) throw failed;
          // Waiting for 'drain' lets a slow disk slow the reading instead of filling memory.
          return file.write(line) || once(file, 'drain');
        },
      };
    });
  } finally {
    await Promise.all([...files.values()].map((file) => new Promise((done) => file.end(done))));
  }
  if (failed) throw failed;
  const manifest = bulkExportManifest({
    transactionTime,
    request: `svc-sync export --format fhir-ndjson --resources ${resources.join(',')}`,
    counts,
    urlOf: (type) => pathToFileURL(resolve(fileOf(type))).href,
  });
  const manifestFile = await open(join(dir, 'manifest.json'), 'w', FILE_MODE);
  try {
    await manifestFile.chmod(FILE_MODE);
    await manifestFile.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await manifestFile.close();
  }
  return { counts, manifest };
}

/** Checks what `export` needs before the store is opened. */
function checkExport(values: Values): void {
  requireOptions(values, ['format', 'out'], 'export');
  choice('format', values.format, ['fhir-ndjson']);
  resourcesOf(values.resources);
}

async function exportCommand(values: Values, store: SyncStore): Promise<number> {
  const dir = values.out as string;
  const { counts, manifest } = await exportFhirNdjson(store, dir, resourcesOf(values.resources)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.syscall === 'mkdir' || error.syscall === 'open')
        throw new CliFailure(`--out ${dir}: cannot write there (${error.code})`, EXIT.usage);
      throw error;
    },
  );
  for (const { type, count, url } of [...manifest.output, ...manifest.error])
    process.stdout.write(`${type}: ${count} lines in ${url}\n`);
  if (Object.keys(counts).length === 0) process.stdout.write('nothing to export: the store holds no rows\n');
  process.stdout.write(`manifest: ${pathToFileURL(resolve(join(dir, 'manifest.json'))).href}\n`);
  return EXIT.ok;
}

/** `svc-sync export`, as ../cli.ts runs it. */
export const command: Command = { check: checkExport, run: exportCommand };
