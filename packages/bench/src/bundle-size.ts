// Bundle size of the three-call program: the numbers of @svc/client's own size check
// (packages/client/size/check-size.mjs, run in CI by the turbo task `size`), read from its output so
// there is one budget in one place.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface BundleSizeRow {
  platform: string;
  minifiedBytes: number;
  gzipBytes: number;
  openapiFetchGzipBytes: number;
  ourGzipBytes: number;
  budgetBytes: number;
  met: boolean;
}

const LINE =
  /^(\w+)\s+three calls: (\d+) B min, (\d+) B gzip \| openapi-fetch alone: (\d+) B gzip \| our code: (-?\d+) B gzip of (\d+) B budget: (.+)$/;

export async function measureBundleSize(): Promise<{
  rows: BundleSizeRow[];
  command: string;
  exitCode: number;
}> {
  const clientDir = dirname(createRequire(import.meta.url).resolve('@svc/client/package.json'));
  const script = join(clientDir, 'size', 'check-size.mjs');
  const { out, code } = await new Promise<{ out: string; code: number }>((resolve, reject) => {
    const proc = spawn(process.execPath, [script], { cwd: clientDir, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    proc.once('error', reject);
    proc.once('exit', (exitCode) => resolve({ out: text, code: exitCode ?? 1 }));
  });
  const rows = out
    .split('\n')
    .map((line) => LINE.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, platform, min, gzip, baseline, ours, budget, verdict]) => ({
      platform: platform as string,
      minifiedBytes: Number(min),
      gzipBytes: Number(gzip),
      openapiFetchGzipBytes: Number(baseline),
      ourGzipBytes: Number(ours),
      budgetBytes: Number(budget),
      met: verdict === 'ok',
    }));
  if (rows.length === 0) throw new Error(`could not read the size check's output:\n${out}`);
  return { rows, command: 'pnpm --filter @svc/client size', exitCode: code };
}
