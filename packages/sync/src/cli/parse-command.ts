// The command line as a command and its option values, from the table in command-table.ts. A word
// that is no option or command gets the nearest known one suggested (edit distance: fastest-levenshtein).
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { distance } from 'fastest-levenshtein';
import { COMMANDS, type CommandName, OPTIONS, type OptionName } from './command-table.js';
import { CliFailure, EXIT } from './exit-codes.js';

/** Option values as given: strings and booleans, by option name. */
export type Values = Partial<Record<OptionName, string | boolean>> & {
  [K in OptionName as (typeof OPTIONS)[K]['type'] extends 'string' ? K : never]?: string;
};

/** The nearest of `known` to `word`, if it is near enough to be a typo (at most 2 edits, 1 for short words). */
export function nearest(word: string, known: readonly string[]): string | undefined {
  const allowed = word.length <= 4 ? 1 : 2;
  let best: { name: string; edits: number } | undefined;
  for (const name of known) {
    const edits = distance(word, name);
    if (edits <= allowed && (!best || edits < best.edits)) best = { name, edits };
  }
  return best?.name;
}

const optionConfig = (names: readonly OptionName[]): NonNullable<ParseArgsConfig['options']> =>
  Object.fromEntries(
    names.map((name) => {
      const { type, short } = OPTIONS[name] as { type: 'string' | 'boolean'; short?: string };
      return [name, short ? { type, short } : { type }];
    }),
  );

/** `svc-sync <command> …`: the command, checked, and its options (one the command does not take is refused). */
export function parseCommand(argv: readonly string[]): { command: CommandName | undefined; values: Values } {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) {
    // No command: only --help makes sense here.
    const values = parseOptions(argv, ['help'], 'svc-sync');
    return { command: undefined, values };
  }
  // Own names only: `constructor` or `__proto__` is no command.
  if (!Object.hasOwn(COMMANDS, first)) {
    const guess = nearest(first, Object.keys(COMMANDS));
    throw new CliFailure(
      `unknown command "${first}"${guess ? `; did you mean ${guess}?` : ''} (svc-sync --help)`,
      EXIT.usage,
    );
  }
  const command = first as CommandName;
  const allowed: readonly OptionName[] = [...COMMANDS[command].options, 'help'];
  return { command, values: parseOptions(rest, allowed, `svc-sync ${command}`) };
}

/** What a string option is given when it reads as a negative number (`--limit -1`). */
const NEGATIVE_NUMBER = /^-\d/;

/**
 * `--limit -1` as `--limit=-1`: parseArgs calls any value starting with `-` ambiguous, but no option or
 * switch looks like a negative number, so it is the option's value, for the option's own check to judge.
 */
function joinNegativeValues(args: readonly string[], options: ReturnType<typeof optionConfig>): string[] {
  const joined: string[] = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] as string;
    const next = args[at + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    if (
      Object.hasOwn(options, name) &&
      options[name]?.type === 'string' &&
      next &&
      NEGATIVE_NUMBER.test(next)
    ) {
      joined.push(`${arg}=${next}`);
      at++;
    } else joined.push(arg);
  }
  return joined;
}

function parseOptions(given: readonly string[], allowed: readonly OptionName[], where: string): Values {
  const options = optionConfig(allowed);
  const args = joinNegativeValues(given, options);
  // A first, lenient pass names what is unknown in our words, with the option the user most likely meant.
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens ?? []) {
    if (token.kind === 'positional')
      throw new CliFailure(`unexpected argument "${token.value}" (${where} --help)`, EXIT.usage);
    if (token.kind !== 'option' || Object.hasOwn(options, token.name)) continue;
    const guess = nearest(token.name, allowed);
    const elsewhere = !guess && Object.hasOwn(OPTIONS, token.name);
    throw new CliFailure(
      `unknown option ${token.rawName}${guess ? `; did you mean --${guess}?` : elsewhere ? ` for ${where}` : ''} (${where} --help)`,
      EXIT.usage,
    );
  }
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    // A missing value or a value given to a switch: parseArgs's own words, on one line.
    throw new CliFailure(`${(error as Error).message.split('\n')[0]} (${where} --help)`, EXIT.usage);
  }
}
