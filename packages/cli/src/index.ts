// @paysign/cli: the `paysign` command. From code: run it, generate a key pair, or diagnose why a
// signed request is refused. Printing and configuration helpers are the command's own, not API.
export { runCli } from './cli/run.js';
// The types runCli's context needs (where it writes, which environment variables it reads).
export type { CommandContext } from './commands/command.js';
export type { Output } from './cli/output.js';
export type { Environment } from './cli/environment.js';
export { EXIT } from './cli/usage-error.js';
export { generateKeyFiles, type GeneratedKeyFiles, type PrivateKeyFormat } from './commands/keygen.js';
// The engine lives in @paysign/protocol/diagnose (runtime-neutral, shared with the console and the debugger).
export {
  explainRequest,
  ExplainInputError,
  type Cause,
  type CauseCode,
  type Diagnosis,
  type ExplainInput,
  type ExplainInputErrorCode,
} from '@paysign/protocol/diagnose';
