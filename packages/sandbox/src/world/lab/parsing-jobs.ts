import { ownTable } from '../../internal/own-table.js';
import { metaOf, next } from '../../machines/lifecycles.js';
import { biomarkersFor } from '../data/biomarkers.js';
import { nextToken } from '../state/new-world.js';
import { notFound } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import { type Scenario, scenarioFor } from '../state/scenarios.js';
import type { SandboxParsingJob } from '../state/world-state.js';

/** Seconds of sandbox time a parsing job takes. */
export const PARSING_SECONDS = 30;

export function parsingJobRecord(job: SandboxParsingJob) {
  return {
    id: job.id,
    status: metaOf('parsingJob', job.state).status,
    created_at: job.created_at,
    updated_at: job.updated_at,
    file: job.file,
    results: job.results,
  };
}

function emitJob(runtime: WorldRuntime, job: SandboxParsingJob, type: 'created' | 'updated') {
  runtime.emit({
    event_type: `lab_report.parsing_job.${type}`,
    user_id: null,
    client_user_id: null,
    data: parsingJobRecord(job),
  });
}

/** What the clock does to a job: its outcome, by scenario; a job under review completes a day later. */
export function onParsingTimer(runtime: WorldRuntime, job: SandboxParsingJob, event: string) {
  job.state = next('parsingJob', job.state, event);
  job.updated_at = runtime.world.now;
  if (job.state === 'completed' || job.state === 'pending_review')
    job.results = biomarkersFor(runtime.world.seed, job.id);
  if (job.state === 'pending_review')
    runtime.schedule({ at: 86_400, kind: 'parsing', id: job.id, event: 'REVIEWED' });
  emitJob(runtime, job, 'updated');
}

const OUTCOMES = ownTable<string>({
  parsing_needs_review: 'FLAGGED_FOR_REVIEW',
  parsing_fails: 'FAILED',
});

/** A new parsing job of an uploaded report: emitted as created, its outcome scheduled by scenario. */
export function startParsingJob(
  runtime: WorldRuntime,
  file: SandboxParsingJob['file'],
  scenario: Scenario | undefined,
): SandboxParsingJob {
  return runtime.transact(() => newParsingJob(runtime, file, scenario));
}

function newParsingJob(
  runtime: WorldRuntime,
  file: SandboxParsingJob['file'],
  scenario: Scenario | undefined,
): SandboxParsingJob {
  const { world } = runtime;
  const job: SandboxParsingJob = {
    id: nextToken(world, 'job_'),
    state: 'pending',
    scenario: scenarioFor('parsing job', scenario, undefined),
    created_at: world.now,
    updated_at: world.now,
    file,
    results: [],
  };
  world.parsingJobs[job.id] = job;
  emitJob(runtime, job, 'created');
  runtime.schedule({
    at: PARSING_SECONDS,
    kind: 'parsing',
    id: job.id,
    event: OUTCOMES[job.scenario] ?? 'PARSED',
  });
  return job;
}

/** Every parsing job of the world as the API records it, oldest first. */
export const listParsingJobs = (runtime: WorldRuntime) =>
  Object.values(runtime.world.parsingJobs).map(parsingJobRecord);

export function getParsingJob(runtime: WorldRuntime, id: string) {
  const job = runtime.world.parsingJobs[id];
  if (!job) throw notFound(`parsing job ${id}`);
  return parsingJobRecord(job);
}
