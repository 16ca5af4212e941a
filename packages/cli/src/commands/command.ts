import type { Output } from '../cli/output.js';
import type { Environment } from '../cli/environment.js';

/**
 * What a command needs from the process around it (injectable, so it runs in-process too).
 *
 * @example
 * ```ts
 * import { runCli, type CommandContext } from '@paysign/cli';
 *
 * const context: CommandContext = {
 *   io, // an Output
 *   env: process.env,
 *   stopSignal: new Promise((resolve) => process.once('SIGINT', () => resolve())),
 * };
 * process.exitCode = await runCli(['emulator', '--port', '8080'], context);
 * ```
 */
export interface CommandContext {
  io: Output;
  env: Environment;
  /** Resolves when the user asks a long-running command to stop (SIGINT/SIGTERM). */
  stopSignal: Promise<void>;
}

/** One `paysign` command. `run` resolves to the exit code. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: readonly string[], context: CommandContext): Promise<number>;
}
