// @paysign/protocol/diagnose: a request shown safely (card data, secrets and signatures masked), for
// the emulator's request log, the browser signature debugger and the CLI.
export { redactFormBody, redactRequest, redactUrl, type RequestToShow } from './redact/redact-request.js';
