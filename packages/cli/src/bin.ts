import { createOutput } from './cli/output.js';
import { runCli } from './cli/run.js';

const stopSignal = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve());
  process.once('SIGTERM', () => resolve());
});

const code = await runCli(process.argv.slice(2), { io: createOutput(), env: process.env, stopSignal });
process.exitCode = code;
// Long-running commands have resolved by now; nothing else must keep the process alive.
if (code !== 0 || process.argv[2] !== 'emulator') setImmediate(() => process.exit(code));
else process.exit(code);
