// Issue 39: --help lists every option each command takes (written from the table the parser reads),
// and a typo gets the option it most likely meant, in svc-sync's words, exit 2.
import { describe, expect, it } from 'vitest';
import { COMMANDS, type CommandSpec, helpText, OPTIONS } from '../../src/cli/command-table.js';
import { parseCommand } from '../../src/cli/parse-command.js';
import { runCli } from '../fixtures/processes.js';

/** The options `--help` shows under each command. */
function helpOptions(text: string): Record<string, string[]> {
  const blocks: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const command = /^ {2}svc-sync (\w+):/.exec(line)?.[1];
    if (command) blocks[command] = current = [];
    else if (/^ {4}(-\w, )?--/.test(line)) current?.push(/--([\w-]+)/.exec(line)?.[1] as string);
    else if (line.trim() === '') current = undefined;
  }
  return blocks;
}

const sample = (name: string) => (OPTIONS[name as keyof typeof OPTIONS].type === 'string' ? ['x'] : []);

describe('svc-sync --help', () => {
  it('issue 39: lists every option each command takes, and the parser takes exactly those', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    const shown = helpOptions(run.stdout);
    expect(Object.keys(shown).sort()).toEqual(Object.keys(COMMANDS).sort());
    // The options the issue found missing: both commands need --base-url against the sandbox.
    expect(shown.webhooks).toContain('base-url');
    expect(shown.worker).toContain('base-url');
    for (const command of Object.keys(COMMANDS))
      for (const option of Object.keys(OPTIONS)) {
        if (option === 'help') continue;
        const parse = () => parseCommand([command, `--${option}`, ...sample(option)]);
        if (shown[command]?.includes(option)) expect(parse, `${command} --${option}`).not.toThrow();
        else expect(parse, `${command} --${option}`).toThrow(/unknown option/);
      }
  });

  it("prints one command's options for svc-sync <command> --help", () => {
    expect(Object.keys(helpOptions(helpText('worker')))).toEqual(['worker']);
  });

  it('describes each option as it works for that command: a worker reads from --redis, never queues on it', async () => {
    const run = await runCli(['worker', '--help']);
    expect(run.code).toBe(0);
    const line = (option: string) =>
      run.stdout.split('\n').find((l) => l.trimStart().startsWith(`--${option} `)) ?? '';
    expect(line('redis')).toMatch(/BullMQ queue the worker reads jobs from/);
    expect(line('redis')).not.toMatch(/instead/);
    expect(line('concurrency')).toMatch(/jobs this worker reads at once \(8\)/);
    expect(helpText('backfill')).toMatch(/--redis .* queue the windows on BullMQ instead of reading them/);
    // A command's own description is for an option it takes.
    for (const [name, spec] of Object.entries(COMMANDS) as [string, CommandSpec][])
      for (const option of Object.keys(spec.helps ?? {}))
        expect(spec.options, `${name} --${option}`).toContain(option);
  });

  it('issue 39: a typo gets "did you mean", in one line, exit 2', async () => {
    const run = await runCli(['backfill', '--concurency', '4', '--store', 'sqlite:./never.db']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'svc-sync: unknown option --concurency; did you mean --concurrency? (svc-sync backfill --help)\n',
    );
    expect(() => parseCommand(['backfil'])).toThrow('unknown command "backfil"; did you mean backfill?');
    expect(() => parseCommand(['status', '--port', '1'])).toThrow(
      'unknown option --port for svc-sync status (svc-sync status --help)',
    );
    expect(() => parseCommand(['status', '--store'])).toThrow(/argument missing/);
    expect(() => parseCommand(['status', 'extra'])).toThrow('unexpected argument "extra"');
  });
});
