// @paysign/gateway/diagnose: why a signed request is refused, runtime-neutral (crypto.subtle and
// oauth-core's adapter-free key reader, no node:crypto), so the CLI's `paysign explain`, a gateway client's user, the
// emulator's console and the browser signature debugger run the same engine.
export { describeDifferences } from './differences.js';
export { explainRequest, ExplainInputError, type Diagnosis, type ExplainInput, type ExplainInputErrorCode, type GatewayFacts } from './explain-request.js';
export type { Cause, CauseCode } from './causes.js';
