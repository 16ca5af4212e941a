import { redactText } from '../redact/redact.js';
import type { Environment } from './environment.js';

/**
 * Where a command writes: stdout for results, stderr for diagnostics; colours only on a TTY.
 *
 * @example
 * ```ts
 * import type { Output } from '@paysign/cli';
 *
 * // Collects what a command prints, for a test or an embedding program.
 * const lines: string[] = [];
 * const plain = (text: string) => text;
 * const io: Output = {
 *   out: (line = '') => lines.push(line),
 *   err: (line = '') => lines.push(`error: ${line}`),
 *   outUnmasked: (line = '') => lines.push(line),
 *   color: false,
 *   bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain,
 * };
 * ```
 */
export interface Output {
  out(line?: string): void;
  err(line?: string): void;
  /** Writes a line to stdout as it is, card data included: only for output the user asked to get unmasked. */
  outUnmasked(line?: string): void;
  readonly color: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** Writes lines to two streams, masking card numbers and CVVs in everything written. */
export function createOutput(
  stdout: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
  stderr: { write(text: string): unknown } = process.stderr,
  env: Environment = process.env,
): Output {
  // NO_COLOR (no-color.org) and TERM=dumb turn colours off; FORCE_COLOR turns them on.
  const color = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' ? true : Boolean(stdout.isTTY) && env.NO_COLOR === undefined && env.TERM !== 'dumb';
  const paint = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    out: (line = '') => void stdout.write(`${redactText(line)}\n`),
    err: (line = '') => void stderr.write(`${redactText(line)}\n`),
    outUnmasked: (line = '') => void stdout.write(`${line}\n`),
    color,
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
    cyan: paint(36, 39),
  };
}
