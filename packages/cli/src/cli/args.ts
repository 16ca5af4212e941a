import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';
import type { Environment } from './environment.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** `node:util` parseArgs, strict, with its errors turned into usage errors (exit 2). */
export function parseCommandArgs<T extends Options>(args: readonly string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: [...args], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
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
