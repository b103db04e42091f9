import { describe, expect, it } from 'vitest';
import {
  ParsingJobFailedError,
  ParsingResultsUnreadableError,
  PollTimeoutError,
  parsingJobId,
} from '../../src/index.js';
import { mockClient, recordingClient } from '../clients.js';
import { JPEG, PDF } from './files.js';
import { GLUCOSE, parsingFake } from './parsing-fake.js';

const fast = { initialDelayMs: 10, maxDelayMs: 40, timeoutMs: 3_000 };

/** Waits 200 ms on a job whose fake keeps answering `statuses`: the fake, and what the wait threw. */
async function waitOutOfTime(statuses: string[]) {
  const fake = await parsingFake({ statuses });
  const { lab } = recordingClient(fake.baseUrl);
  const error = await lab.reports
    .waitForJob('job_fake_1', { initialDelayMs: 20, maxDelayMs: 20, timeoutMs: 200 })
    .catch((caught) => caught);
  return { fake, error };
}

describe('lab report parsing against the mock', () => {
  it('uploads a PDF as multipart with its sniffed content type and gets a job', async () => {
    const { lab, sent } = mockClient();
    const job = await lab.reports.upload(new File([PDF], 'results.pdf'));
    expect(parsingJobId(job)).toBe('job_01HZX3K9Q2');
    const form = await sent[0]?.request.formData();
    const file = form?.get('file') as File;
    expect(file.type).toBe('application/pdf');
    expect(file.name).toBe('results.pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it('waits for the job and returns typed biomarkers', async () => {
    const { lab } = mockClient();
    const report = await lab.reports.waitForJob('job_01HZX3K9Q2', fast);
    expect(report.stage).toBe('completed');
    expect(report.biomarkers).toEqual([{ ...GLUCOSE, raw: GLUCOSE }]);
  });

  it('parses a file from upload to biomarkers in one call', async () => {
    const { lab, sent } = mockClient();
    const report = await lab.reports.parse(JPEG, fast);
    expect(report).toMatchObject({ jobId: 'job_01HZX3K9Q2', stage: 'completed' });
    expect(report.biomarkers[0]?.loinc_code).toBe('2345-7');
    expect(sent.map((request) => request.method)).toEqual(['POST', 'GET']);
  });
});

describe('waiting for a parsing job (stateful fake)', () => {
  it('polls through statuses it does not know until completed', async () => {
    const fake = await parsingFake({ statuses: ['queued', 'processing', 'processing', 'completed'] });
    const { lab } = recordingClient(fake.baseUrl);
    const report = await lab.reports.parse(new Blob([PDF]), fast);
    expect(report.stage).toBe('completed');
    expect(report.biomarkers.map((biomarker) => biomarker.name)).toEqual(['Glucose']);
    expect(fake.reads()).toBe(4);
    expect(fake.uploads).toEqual([
      { field: 'file', name: 'lab-report.pdf', type: 'application/pdf', bytes: PDF },
    ]);
  });

  it('issue 23: sends extra form fields beside the report, unchanged', async () => {
    const fake = await parsingFake({ statuses: ['completed'] });
    const { lab } = recordingClient(fake.baseUrl);
    await lab.reports.upload(new Blob([PDF]), { fields: { language: 'de' } });
    expect(fake.fields).toEqual([{ field: 'language', value: 'de' }]);
  });

  it.each(['pending_review', 'pending review'])('stops at %s: flagged for human review', async (status) => {
    const fake = await parsingFake({ statuses: ['processing', status] });
    const { lab } = recordingClient(fake.baseUrl);
    const report = await lab.reports.waitForJob('job_fake_1', fast);
    expect(report.stage).toBe('pending_review');
    expect(report.biomarkers).toHaveLength(1);
  });

  it('throws ParsingJobFailedError when the job fails', async () => {
    const fake = await parsingFake({ statuses: ['processing', 'failed'] });
    const { lab } = recordingClient(fake.baseUrl);
    const error = await lab.reports.waitForJob('job_fake_1', fast).catch((caught) => caught);
    expect(error).toBeInstanceOf(ParsingJobFailedError);
    expect(error.jobId).toBe('job_fake_1');
    expect(error.job).toMatchObject({ status: 'failed' });
  });

  it('gives up with PollTimeoutError naming the last status seen', async () => {
    const { error } = await waitOutOfTime(['processing']);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(error.message).toMatch(
      /parsing job job_fake_1 did not finish within 200 ms \(\d+ reads, last seen: status processing, which this version does not know\)$/,
    );
    expect(error.lastValue).toMatchObject({ status: 'processing' });
  });

  it('narrows each biomarker field and keeps the record as received', async () => {
    const odd = {
      name: 'LDL',
      value: '<5',
      unit: null,
      reference_range: { low: 0, high: 100 },
      loinc_code: 13457,
      flag: 'L',
    };
    const fake = await parsingFake({ statuses: ['completed'], results: [odd, 'not a record'] });
    const { lab } = recordingClient(fake.baseUrl);
    const { biomarkers } = await lab.reports.waitForJob('job_fake_1', fast);
    expect(biomarkers[0]).toEqual({
      name: 'LDL',
      value: '<5',
      unit: null,
      reference_range: null,
      interpretation: null,
      loinc_code: null,
      raw: odd,
    });
    expect(biomarkers[1]).toMatchObject({ name: null, value: null, raw: 'not a record' });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['an object', { biomarkers: [{ name: 'Glucose' }] }],
  ])(
    'issue 23: rejects with the raw job, never zero biomarkers, when a completed job has results %s',
    async (_, results) => {
      const fake = await parsingFake({
        statuses: ['processing', 'completed'],
        results,
        omitResults: results === undefined,
      });
      const { lab } = recordingClient(fake.baseUrl);
      const error = await lab.reports.waitForJob('job_fake_1', fast).catch((caught) => caught);
      expect(error).toBeInstanceOf(ParsingResultsUnreadableError);
      expect(error).toMatchObject({ jobId: 'job_fake_1', stage: 'completed' });
      expect(error.job).toMatchObject({ id: 'job_fake_1', status: 'completed' });
      expect(JSON.stringify(error)).not.toContain('Glucose');
    },
  );

  it('reads an empty results list as a report with no biomarkers', async () => {
    const fake = await parsingFake({ statuses: ['completed'], results: [] });
    const { lab } = recordingClient(fake.baseUrl);
    const report = await lab.reports.waitForJob('job_fake_1', fast);
    expect(report.biomarkers).toEqual([]);
  });

  it('issue 23: keeps waiting through a status it does not know, bounded by the timeout', async () => {
    const { fake, error } = await waitOutOfTime(['reviewing_by_robot']);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(fake.reads()).toBeGreaterThan(1);
  });
});
