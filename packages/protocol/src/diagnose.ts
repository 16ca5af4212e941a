// @paysign/protocol/diagnose: why a signed request is refused, runtime-neutral (crypto.subtle and
// oauth-core's adapter-free key reader, no node:crypto), so the CLI's `paysign explain`, the
// emulator's console and the browser signature debugger run the same engine; and a request shown
// safely (card data, secrets and signatures masked) for the emulator's request log.
export { describeDifferences } from './diagnose/differences.js';
export {
  explainRequest,
  ExplainInputError,
  type Diagnosis,
  type ExplainInput,
  type ExplainInputErrorCode,
  type GatewayFacts,
} from './diagnose/explain-request.js';
export type { Cause, CauseCode } from './diagnose/causes.js';
export { redactFormBody, redactRequest, redactUrl, type RequestToShow } from './redact/redact-request.js';
