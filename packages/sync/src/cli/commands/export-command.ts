// svc-sync export --format fhir-ndjson --out DIR: the store as FHIR Bulk Data NDJSON, one file per
// resource type and a manifest, through @svc/health's building blocks. Rows are read a page at a time and
// each line waits for its file to take it, so memory stays flat however large the fleet.
import { constants } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import {
  type BulkExportManifest,
  bulkExportManifest,
  dailyStepsNdjson,
  deviceResource,
  labReportToFhir,
  type NdjsonLine,
  ndjsonLine,
  patientResource,
  summariesNdjson,
  timeseriesNdjson,
  writeNdjsonByType,
} from '@svc/health';
import { parseDateTime, parseDay } from '../../days.js';
import type { ResourceName } from '../../resources.js';
import type { StepRow, SyncStore } from '../../stores/store.js';
import { storedParsingJobs, storedSteps, storedSummaries, storedUsers } from '../../stores/stored-rows.js';
import { choice, requireOptions, resourcesOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { dayOrInstantOption } from '../date-options.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';
import { checkReplaceable, type PrivateFile, writeFilePrivately, writePrivately } from '../private-files.js';

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

/** A row the store gave back damaged (or a resource that could not be built), as Bulk Data records it. */
function outcomeLine(what: string, problem: string): NdjsonLine {
  const outcome: OperationOutcome = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'invalid', diagnostics: `${what}: ${problem}` }],
  };
  return ndjsonLine(outcome);
}

/** A resource as its line, or what stopped it being built as an OperationOutcome line. */
function lineOf(what: string, build: () => Resource): NdjsonLine {
  try {
    return ndjsonLine(build());
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return outcomeLine(what, error.message);
  }
}

/** What an export writes, and how. */
export interface FhirExportOptions {
  resources: readonly ResourceName[];
  /** When the export starts (`issued`, the manifest's `transactionTime`); default now. */
  transactionTime?: Date;
  /**
   * Your patients' identifier system (a URL you control): each Patient's first identifier is then
   * `{ system, value: client_user_id }`. Without it, Patients carry the service's user id only.
   */
  patientSystem?: string | undefined;
  /**
   * Steps as one Observation per local day of each user and provider (LOINC 41950-7; default), or
   * `hourly`: one per stored point (LOINC 55423-8).
   */
  steps?: 'daily' | 'hourly';
  /**
   * Only what the store took after this instant (Bulk Data's `_since`): rows stored or read again after
   * it, lab reports stored after it, and the Patients and Devices they refer to. Needs `steps: 'hourly'`
   * (a day's total needs the whole day's points).
   */
  since?: string | undefined;
  /** Lab reports the store keeps (parsing jobs with results) as DiagnosticReport + Observations; default true. */
  labReports?: boolean;
  signal?: AbortSignal | undefined;
}

/** A parsing job status whose job holds results (`labReportToFhir` makes a report of it). */
const WITH_RESULTS = new Set(['completed', 'pending_review']);

/** `since` that cannot be used: a usage error of the command. */
export class SinceError extends Error {
  override name = 'SinceError';
}

export interface FhirExport {
  /** Lines written per resource type (`OperationOutcome`: rows that could not be converted). */
  counts: Record<string, number>;
  manifest: BulkExportManifest;
}

const MANIFEST = 'manifest.json';

/** The resource types an earlier export in `dir` wrote, from its manifest (none when there is none or it is unreadable). */
async function earlierTypes(dir: string): Promise<string[]> {
  const path = join(dir, MANIFEST);
  try {
    await checkReplaceable(path);
    // Never through a link, and never waiting on a FIFO planted after the check.
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const earlier = JSON.parse(await handle.readFile('utf8')) as Partial<BulkExportManifest>;
      return [...(earlier.output ?? []), ...(earlier.error ?? [])]
        .map((entry) => entry?.type)
        .filter((type): type is string => typeof type === 'string' && /^[A-Za-z]+$/.test(type));
    } finally {
      await handle.close();
    }
  } catch {
    return [];
  }
}

/** What the lines of one export share: the store, what it writes, and the users and providers its lines name. */
interface ExportScope {
  store: SyncStore;
  resources: readonly ResourceName[];
  steps: 'daily' | 'hourly';
  since: string | undefined;
  patientSystem: string | undefined;
  fhir: { issued: string; references: 'resource' };
  // The users and providers the Observations refer to: each gets its Patient or Device at the end, so
  // every reference resolves inside the export (one entry per user and per provider: bounded by the fleet).
  userIds: Set<string>;
  providers: Set<string>;
}

/** A line, after noting the user and provider an Observation refers to. */
function seen(scope: ExportScope, line: NdjsonLine, row: { userId: string; provider: string }): NdjsonLine {
  if (line.resourceType === 'Observation') {
    scope.userIds.add(row.userId);
    scope.providers.add(row.provider);
  }
  return line;
}

/** Steps as one Observation per stored point. */
async function* hourlyStepLines(scope: ExportScope): AsyncGenerator<NdjsonLine> {
  const { store, since, fhir } = scope;
  for await (const row of storedSteps(store, undefined, since)) {
    if (row.damaged) yield outcomeLine(`steps row ${row.userId} ${row.provider} ${row.start}`, row.damaged);
    else
      for await (const line of timeseriesNdjson([timeseriesRowOf(row)], { ...fhir, kind: 'steps' }))
        yield seen(scope, line, row);
  }
}

/** Steps as one Observation per local day of each user and provider. */
async function* dailyStepLines(scope: ExportScope): AsyncGenerator<NdjsonLine> {
  const { store, since, fhir, userIds, providers } = scope;
  // Damaged rows wait here for the next line of the days (at most one user and provider's worth).
  const damaged: NdjsonLine[] = [];
  const rows = async function* () {
    for await (const row of storedSteps(store, undefined, since)) {
      if (row.damaged)
        damaged.push(outcomeLine(`steps row ${row.userId} ${row.provider} ${row.start}`, row.damaged));
      else {
        userIds.add(row.userId);
        providers.add(row.provider);
        yield timeseriesRowOf(row);
      }
    }
  };
  for await (const line of dailyStepsNdjson(rows(), fhir)) {
    yield* damaged.splice(0);
    yield line;
  }
  yield* damaged.splice(0);
}

// Row by row, so a damaged row becomes its OperationOutcome line in its place and memory stays flat.
async function* observationLines(scope: ExportScope): AsyncGenerator<NdjsonLine> {
  const { store, resources, steps, since, fhir } = scope;
  if (resources.includes('steps') && steps === 'hourly') yield* hourlyStepLines(scope);
  if (resources.includes('steps') && steps === 'daily') yield* dailyStepLines(scope);
  const summaries = resources.filter((resource) => resource !== 'steps');
  if (summaries.length > 0)
    for await (const row of storedSummaries(store, undefined, since)) {
      if (!summaries.includes(row.resource)) continue;
      if (row.damaged)
        yield outcomeLine(
          `${row.resource} row ${row.userId} ${row.provider} ${row.calendarDate}`,
          row.damaged,
        );
      else for await (const line of summariesNdjson([row], fhir)) yield seen(scope, line, row);
    }
}

// Each lab report as its DiagnosticReport and one Observation per result, about the user's Patient.
async function* labLines(scope: ExportScope): AsyncGenerator<NdjsonLine> {
  const { store, since, userIds } = scope;
  for await (const stored of storedParsingJobs(store)) {
    const what = `parsing job ${stored.jobId}`;
    if (since !== undefined && Date.parse(stored.storedAt) <= Date.parse(since)) continue;
    if (stored.damaged) yield outcomeLine(what, stored.damaged);
    else if (!WITH_RESULTS.has(stored.status))
      continue; // no results yet: nothing to report
    else if (stored.userId === null)
      yield outcomeLine(
        what,
        'names no user (neither its events nor its record), so it has no Patient: not exported',
      );
    else {
      const userId = stored.userId;
      let built: ReturnType<typeof labReportToFhir>;
      try {
        const subject = { reference: `Patient/${patientResource({ userId }).id}` };
        built = labReportToFhir(stored.job as Parameters<typeof labReportToFhir>[0], { subject });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        yield outcomeLine(what, error.message);
        continue;
      }
      userIds.add(userId);
      yield ndjsonLine(built.report);
      for (const observation of built.observations) yield ndjsonLine(observation);
    }
  }
}

/** The Patients and Devices the lines before referred to (an incremental export holds no others). */
async function* referencedLines(scope: ExportScope): AsyncGenerator<NdjsonLine> {
  const { store, since, patientSystem, userIds, providers } = scope;
  const named = new Set<string>();
  for await (const user of storedUsers(store)) {
    const userId = user.userId as string;
    // An incremental export holds the Patients its resources refer to, no others.
    if (since !== undefined && !userIds.has(userId)) continue;
    named.add(userId);
    yield lineOf(`user ${user.clientUserId}`, () =>
      patientResource({ userId, clientUserId: user.clientUserId, patientSystem }),
    );
  }
  // Data of a user the store never resolved (announced by a webhook by user id alone).
  for (const userId of userIds)
    if (!named.has(userId)) yield lineOf(`user ${userId}`, () => patientResource({ userId }));
  for (const provider of providers) yield lineOf(`provider ${provider}`, () => deviceResource(provider));
}

/**
 * Each resource type's lines written whole to `<Type>.ndjson` beside its name and renamed over it; on a
 * failure, every file begun is discarded. Returns the lines written per type.
 */
async function writeTypeFiles(
  lines: AsyncIterable<NdjsonLine>,
  fileOf: (type: string) => string,
  signal: AbortSignal | undefined,
): Promise<Record<string, number>> {
  const files = new Map<string, PrivateFile>();
  const pending = new Map<string, Promise<PrivateFile>>();
  try {
    const counts = await writeNdjsonByType(lines, (type) => {
      const opening = writePrivately(fileOf(type)).then((file) => {
        files.set(type, file);
        return file;
      });
      pending.set(type, opening);
      return {
        write: async (line) => {
          signal?.throwIfAborted();
          await (await opening).write(line);
        },
      };
    });
    for (const file of files.values()) await file.commit();
    return counts;
  } catch (error) {
    await Promise.allSettled([...pending.values()].map(async (opening) => (await opening).discard()));
    throw error;
  }
}

/** The options an export cannot use, refused before anything is written. */
function checkExportOptions({ since, steps = 'daily', resources, patientSystem }: FhirExportOptions): void {
  // A day or an ISO date-time whose date exists: Date.parse alone takes 2026-02-30 as 2 March.
  if (since !== undefined && parseDay(since) === undefined && parseDateTime(since) === undefined)
    throw new SinceError(`--since ${since} is not an instant`);
  if (since !== undefined && steps === 'daily' && resources.includes('steps'))
    throw new SinceError(
      "--since exports the points that changed: use it with --steps hourly (a day's total needs the whole day)",
    );
  // Checked before anything is written: a bad system stops the export, it does not fail every Patient.
  if (patientSystem !== undefined) patientResource({ userId: 'check', clientUserId: 'check', patientSystem });
}

/**
 * Writes every row of `resources` in the store to `dir` as FHIR Bulk Data NDJSON: `<Type>.ndjson` per
 * resource type (Observation; OperationOutcome for rows that could not be converted, damaged ones
 * included, while the rest go on), then `manifest.json`, the Bulk Data manifest, last. Each file is
 * written whole beside its name and renamed over it (see ../private-files.ts); files an earlier export
 * left that this one does not write are removed, so the folder holds one export.
 */
export async function exportFhirNdjson(
  store: SyncStore,
  dir: string,
  options: FhirExportOptions,
): Promise<FhirExport> {
  const {
    resources,
    transactionTime = new Date(),
    patientSystem,
    labReports = true,
    steps = 'daily',
    since,
    signal,
  } = options;
  checkExportOptions(options);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The manifest's name is checked before anything is written: a planted one stops the export at once.
  await checkReplaceable(join(dir, MANIFEST));
  const issued = transactionTime.toISOString();
  const scope: ExportScope = {
    store,
    resources,
    steps,
    since,
    patientSystem,
    fhir: { issued, references: 'resource' },
    userIds: new Set(),
    providers: new Set(),
  };
  async function* lines(): AsyncGenerator<NdjsonLine> {
    yield* observationLines(scope);
    if (labReports) yield* labLines(scope);
    yield* referencedLines(scope);
  }
  const fileOf = (type: string) => join(dir, `${type}.ndjson`);
  const counts = await writeTypeFiles(lines(), fileOf, signal);
  // What an earlier export wrote and this one did not (its OperationOutcome.ndjson, say) goes.
  for (const type of await earlierTypes(dir)) if (!(type in counts)) await rm(fileOf(type), { force: true });
  const manifest = bulkExportManifest({
    transactionTime,
    request: `svc-sync export --format fhir-ndjson --resources ${resources.join(',')} --steps ${steps}${patientSystem ? ` --patient-system ${patientSystem}` : ''}${since ? ` --since ${since} (_since=${new Date(since).toISOString()})` : ''}`,
    counts,
    urlOf: (type) => pathToFileURL(resolve(fileOf(type))).href,
  });
  await writeFilePrivately(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { counts, manifest };
}

const stepsOf = (value: unknown): 'daily' | 'hourly' => (value === 'hourly' ? 'hourly' : 'daily');

/** Checks what `export` needs before the store is opened. */
function checkExport(values: Values): void {
  requireOptions(values, ['format', 'out'], 'export');
  choice('format', values.format, ['fhir-ndjson']);
  if (values.steps !== undefined) choice('steps', values.steps, ['daily', 'hourly']);
  const resources = resourcesOf(values.resources);
  const system = values['patient-system'];
  if (system !== undefined && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(system as string))
    throw new CliFailure(
      `--patient-system must be an absolute URI, e.g. https://ehr.example.org/patients (got ${system})`,
      EXIT.usage,
    );
  if (values.since !== undefined) dayOrInstantOption('since', values.since);
  try {
    checkExportOptions({ resources, steps: stepsOf(values.steps), since: values.since });
  } catch (error) {
    if (error instanceof SinceError) throw new CliFailure(error.message, EXIT.usage);
    throw error;
  }
}

async function exportCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const dir = values.out as string;
  const patientSystem = values['patient-system'] as string | undefined;
  const { counts, manifest } = await exportFhirNdjson(store, dir, {
    resources: resourcesOf(values.resources),
    patientSystem,
    steps: stepsOf(values.steps),
    since: values.since as string | undefined,
    // Lab reports go with every export that does not name the resources it wants.
    labReports: values.resources === undefined,
    signal,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.name === 'UnsafeTargetError')
      throw new CliFailure(`--out ${dir}: ${error.message}`, EXIT.usage);
    if (error instanceof SinceError) throw new CliFailure(error.message, EXIT.usage);
    if (error.syscall === 'mkdir' || error.syscall === 'open' || error.syscall === 'rename')
      throw new CliFailure(`--out ${dir}: cannot write there (${error.code})`, EXIT.usage);
    throw error;
  });
  if (patientSystem === undefined)
    process.stdout.write(
      "no --patient-system: each Patient carries the service's user id only (give your patient identifier system to add client_user_id)\n",
    );
  for (const { type, count, url } of [...manifest.output, ...manifest.error])
    process.stdout.write(`${type}: ${count} lines in ${url}\n`);
  if (Object.keys(counts).length === 0) process.stdout.write('nothing to export: the store holds no rows\n');
  process.stdout.write(`manifest: ${pathToFileURL(resolve(join(dir, MANIFEST))).href}\n`);
  const failed = counts.OperationOutcome ?? 0;
  if (failed === 0) return EXIT.ok;
  // Everything else is exported; the rows that are not are each named in OperationOutcome.ndjson.
  process.stderr.write(
    `svc-sync: ${failed} rows could not be exported; each is named in OperationOutcome.ndjson\n`,
  );
  return EXIT.failures;
}

/** `svc-sync export`, as ../cli.ts runs it. */
export const command: Command = { check: checkExport, run: exportCommand };
