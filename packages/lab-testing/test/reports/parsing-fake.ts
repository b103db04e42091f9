// A parsing service on loopback: stores each upload (multipart, read back with the Fetch API) and
// reveals the job's progress one read at a time (`statuses`; the last one repeats).
import { type LoopbackAnswer, loopbackForTest, type Received } from '@svc/test-kit';

export interface Upload {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export const GLUCOSE = {
  name: 'Glucose',
  value: 92,
  unit: 'mg/dL',
  reference_range: '70-99',
  interpretation: 'normal',
  loinc_code: '2345-7',
};

async function readUpload(request: Received, fields: { field: string; value: string }[]): Promise<Upload[]> {
  const form = await new Request('http://127.0.0.1/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.body),
  }).formData();
  const uploads: Upload[] = [];
  for (const [field, value] of form) {
    if (typeof value === 'string') fields.push({ field, value });
    else {
      uploads.push({
        field,
        name: value.name,
        type: value.type,
        bytes: new Uint8Array(await value.arrayBuffer()),
      });
    }
  }
  return uploads;
}

export async function parsingFake({
  statuses,
  results = [GLUCOSE],
  omitResults = false,
}: {
  statuses: string[];
  /** What a finished job carries under `results` (any shape, to test unreadable ones). */
  results?: unknown;
  /** A finished job carries no `results` field at all. */
  omitResults?: boolean;
}) {
  const uploads: Upload[] = [];
  const fields: { field: string; value: string }[] = [];
  let reads = 0;
  const route = async (request: Received): Promise<LoopbackAnswer> => {
    if (request.method === 'POST' && request.path === '/lab_report/v1/parser/job') {
      uploads.push(...(await readUpload(request, fields)));
      return { status: 201, body: { id: 'job_fake_1', status: 'queued', results: [] } };
    }
    if (request.method === 'GET' && request.path === '/lab_report/v1/parser/job/job_fake_1') {
      const status = statuses[Math.min(reads++, statuses.length - 1)];
      const done = status === 'completed' || status === 'pending_review' || status === 'pending review';
      if (done && omitResults) return { body: { id: 'job_fake_1', status } };
      return { body: { id: 'job_fake_1', status, results: done ? results : [] } };
    }
    return { status: 404, body: { detail: 'not found' } };
  };
  const server = await loopbackForTest(route);
  return {
    ...server,
    uploads,
    fields,
    reads: () => server.requests.filter((request) => request.method === 'GET').length,
  };
}
