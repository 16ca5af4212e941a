import { emulatorCommand } from '../commands/emulator.js';
import { benchCommand } from '../commands/bench.js';
import { bulkCommand } from '../commands/bulk.js';
import { callbacksCommand } from '../commands/callbacks.js';
import { explainCommand } from '../commands/explain.js';
import { keygenCommand } from '../commands/keygen.js';
import { scheduleCommand } from '../commands/schedule.js';
import { sendCommand } from '../commands/send.js';
import { signCommand } from '../commands/sign.js';
import type { Command, CommandContext } from '../commands/command.js';
import { readFileSync } from 'node:fs';
import { redactText } from '../redact/redact.js';
import { didYouMean, suggestion } from './did-you-mean.js';
import { usageMessageFor } from './known-errors.js';
import { EXIT, RefusalError } from './usage-error.js';

export const commands: readonly Command[] = [
  emulatorCommand,
  keygenCommand,
  signCommand,
  explainCommand,
  sendCommand,
  bulkCommand,
  scheduleCommand,
  callbacksCommand,
  benchCommand,
];

/**
 * The commands that run until stopped and trap Ctrl-C and SIGTERM to stop cleanly (close the
 * server, journal what is done). Every other command ends at once on either signal.
 */
export const LONG_RUNNING_COMMANDS: ReadonlySet<string> = new Set(['emulator', 'bulk', 'callbacks']);

function overview(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'paysign: sign, send and explain requests to the payment gateway; run it locally.',
    '',
    'Usage: paysign <command> [options]     paysign help <command>     paysign --version (-V)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Exit codes: 0 ok, 1 refused by the gateway or the validator, 2 usage error,',
    '130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM.',
  ].join('\n');
}

/** Errors whose message is safe and useful to show as a usage problem (bad flags, keys, files). */
const USAGE_ERROR_NAMES = new Set(['UsageError', 'OAuthError', 'EmulatorError', 'CodecError']);

/**
 * Runs `paysign` with `argv` (without the node and script paths) and resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await runCli(['keygen', '--out', 'keys'], context);
 * ```
 */
export async function runCli(argv: readonly string[], context: CommandContext): Promise<number> {
  const [name, ...args] = argv;
  const { io } = context;
  if (name === '--version' || name === '-v' || name === '-V' || name === 'version') {
    io.out(`paysign ${cliVersion()}`);
    return EXIT.ok;
  }
  if (name === 'help' && args.length > 0) return runCli([args[0] as string, '--help'], context);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const near = didYouMean(
      name,
      commands.map((c) => c.name),
    );
    // The name is the caller's text: quoted with JSON rules, so no control character reaches the terminal.
    io.err(`paysign: unknown command ${JSON.stringify(name.slice(0, 40))}${suggestion(near === undefined ? undefined : [near])}`);
    io.err('see paysign --help');
    return EXIT.usage;
  }
  try {
    return await command.run(args, context);
  } catch (error) {
    return reportError(io, command.name, error);
  }
}

/**
 * Every error the CLI prints has one form: `paysign <command>: <what and the fix>`; a usage error
 * adds `see paysign <command> --help` rather than the whole help.
 */
function reportError(io: CommandContext['io'], name: string, error: unknown): number {
  if (error instanceof RefusalError) {
    io.err(io.red(`paysign ${name}: ${error.message}`));
    return EXIT.refused;
  }
  const usageMessage = error instanceof Error && USAGE_ERROR_NAMES.has(error.name) ? error.message : usageMessageFor(error);
  if (usageMessage !== undefined) {
    io.err(`paysign ${name}: ${usageMessage}`);
    io.err(`see paysign ${name} --help`);
    return EXIT.usage;
  }
  // Unexpected: the class, the code and the message with any card data masked (a message could quote request data).
  const code = error instanceof Error && 'code' in error ? ` ${String(error.code)}` : '';
  io.err(
    `paysign ${name}: unexpected ${error instanceof Error ? error.name : 'error'}${code}${error instanceof Error ? `: ${redactText(error.message)}` : ''}`,
  );
  return EXIT.refused;
}

/** The package's version, read from its package.json beside dist/ (src/ in development). */
function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}
