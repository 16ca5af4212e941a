import type { Output } from '../cli/output.js';
import type { Environment } from '../cli/environment.js';

/** What a command needs from the process around it (injectable, so it runs in-process too). */
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
