import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.js';

const KEY = { SVC_API_KEY: 'sk_test_mcp_flags_2b8e', SVC_BASE_URL: 'http://127.0.0.1:9' };

describe('svc-mcp with bad flags', () => {
  it.each([
    [['--bogus'], /^svc-mcp: unknown flag --bogus \(svc-mcp --help lists the flags\)\n$/],
    [['--tools', 'everything'], /^svc-mcp: --tools must be all or discover \(got everything\)/],
    [['--port', '5000'], /^svc-mcp: --port needs --http/],
    [
      ['--http', '--port', 'eighty'],
      /^svc-mcp: --port must be a whole number from 0 to 65535 \(got eighty\)/,
    ],
    [
      ['--max-result-bytes', '10'],
      /^svc-mcp: --max-result-bytes must be a whole number from 4096 to 1000000/,
    ],
    [
      ['--allow-write', 'createOrdr'],
      /^svc-mcp: --allow-write: createOrdr is not an operation; the writes are .*createOrder/,
    ],
    [['--allow-write', 'listMarkers'], /^svc-mcp: --allow-write: listMarkers only reads/],
    [['--allow-writes', '--allow-write', 'createOrder'], /^svc-mcp: pass either --allow-writes/],
    [['--region', 'mars'], /^svc-mcp: Invalid region/],
    [['stray'], /^svc-mcp: unexpected argument stray/],
  ])('%j exits 2 with one line', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args, KEY);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('without SVC_API_KEY exits 2 saying how to set it, in one line', async () => {
    const { code, stderr } = await runCli([], { SVC_BASE_URL: 'http://127.0.0.1:9' });
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/SVC_API_KEY/);
  });

  it('--help prints the flags on stdout and exits 0', async () => {
    const { code, stdout } = await runCli(['--help'], {});
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: svc-mcp /);
  });

  it('exits 0 when its client closes stdin', async () => {
    const { code, stderr } = await runCli([], KEY);
    expect(code).toBe(0);
    expect(stderr).toContain('serving over stdio');
  });
});
