// @paysign/cli: the `paysign` command. From code: run it, generate a key pair, or diagnose why a
// signed request is refused. Printing and configuration helpers are the command's own, not API.
export { runCli } from './cli/run.js';
export { EXIT } from './cli/usage-error.js';
export { generateKeyFiles, type GeneratedKeyFiles } from './commands/keygen.js';
export { explainRequest, ExplainInputError, type Diagnosis, type ExplainInput } from './explain/explain-request.js';
export type { Cause, CauseCode } from './explain/causes.js';
