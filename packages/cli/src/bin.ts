import { createOutput } from './cli/output.js';
import { LONG_RUNNING_COMMANDS, runCli } from './cli/run.js';

// The shell's convention for a process ended by a signal: 128 + the signal's number.
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;
const longRunning = LONG_RUNNING_COMMANDS.has(process.argv[2] ?? '');

// A long-running command stops cleanly on the first signal and at once on a second one; any
// other command has nothing to clean up, so it ends at once.
let stopping = false;
const stopSignal = new Promise<void>((resolve) => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!longRunning || stopping) process.exit(SIGNAL_EXIT[signal]);
      stopping = true;
      resolve();
    });
  }
});

const code = await runCli(process.argv.slice(2), { io: createOutput(), env: process.env, stopSignal });
process.exitCode = code;
// Long-running commands have resolved by now; nothing else must keep the process alive.
if (code !== 0 || process.argv[2] !== 'emulator') setImmediate(() => process.exit(code));
else process.exit(code);
