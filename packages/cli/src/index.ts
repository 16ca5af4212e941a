// @paysign/cli: the `paysign` command, and its parts for use from code.
export { runCli, commands } from './cli/run.js';
export { createOutput, type Output } from './cli/output.js';
export { EXIT, RefusalError, UsageError } from './cli/usage-error.js';
export type { Command, CommandContext } from './commands/command.js';
export { generateKeyFiles, type GeneratedKeyFiles } from './commands/keygen.js';
export { printDiagnosis } from './commands/explain.js';
export { explainRequest, ExplainInputError, type Diagnosis, type ExplainInput } from './explain/explain-request.js';
export { describeDifferences } from './explain/differences.js';
export type { Cause, CauseCode } from './explain/causes.js';
export { maskPan, redactText, redactValue } from './redact/redact.js';
export { GATEWAY_ENV, readGatewayConfig, readPrivateKeyFile, requireSettings, type GatewayConfig } from './config/gateway-config.js';
export { printResult } from './commands/send.js';
export { printSchedule, readPaymentObject } from './commands/schedule.js';
