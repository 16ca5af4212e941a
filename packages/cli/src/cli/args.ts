import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMeanOneOf, suggestion } from './did-you-mean.js';
import { UsageError } from './usage-error.js';
import type { Environment } from './environment.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What `parseCommandArgs` returns: `node:util` parseArgs' result for the command's flags and `--help`. */
type ParsedCommandArgs<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T & { help: { type: 'boolean'; short: string } }; strict: true; allowPositionals: boolean }>
>;

/** `node:util` parseArgs, strict, with its errors turned into usage errors (exit 2). */
export function parseCommandArgs<T extends Options>(args: readonly string[], options: T, allowPositionals = false): ParsedCommandArgs<T> {
  try {
    return parseArgs({ args: [...args], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    const unknown = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '--([^']+)'/.exec(message) : null;
    const flags = [...Object.keys(options), 'help'].map((name) => `--${name}`);
    throw new UsageError(
      unknown === null
        ? message
        : `${message}${suggestion(
            didYouMeanOneOf(
              `--${unknown[1]}`,
              flags.map((flag) => [flag]),
            ),
          )}`,
    );
  }
}

/** A required string flag. */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** An optional string flag, or an environment variable in its place. */
export function fromFlagOrEnv(values: Record<string, unknown>, name: string, env: Environment, variable: string): string | undefined {
  const value = values[name];
  if (typeof value === 'string' && value !== '') return value;
  const fallback = env[variable];
  return fallback === undefined || fallback === '' ? undefined : fallback;
}
