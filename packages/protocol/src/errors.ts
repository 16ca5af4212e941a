import { formatClientIssue } from './validation/format-issue.js';
import type { ValidationIssue } from './validation/issue.js';

/**
 * Stable error codes of `@paysign/protocol` and `@paysign/gateway` (one hierarchy). A code never changes meaning between versions; match
 * on `error.code` (or the class), never on the message.
 *
 * @example
 * ```ts
 * import { GatewayError, type GatewayErrorCode } from '@paysign/protocol';
 *
 * const mayHaveRun: GatewayErrorCode[] = ['TRANSPORT_FAILED', 'TIMEOUT', 'REPLY_TOO_LARGE'];
 * try {
 *   await client.transfer(request);
 * } catch (error) {
 *   if (error instanceof GatewayError && mayHaveRun.includes(error.code)) console.error('check the transfer status before sending it again');
 * }
 * ```
 */
export type GatewayErrorCode =
  // GatewayValidationError: refused before anything was signed or sent
  | 'VALIDATION_FAILED' // the request breaks the spec's field table or rules; see `issues`
  | 'INVALID_OPTIONS' // the client's options cannot work (no credentials, bad base URL, ...)
  // GatewayAuthenticationError
  | 'AUTHENTICATION_FAILED' // HTTP 401/403: the signature, login or key was not accepted
  // GatewayResponseError: the gateway answered, and the answer is a failure
  | 'GATEWAY_VALIDATION_ERROR' // type=validation-error
  | 'GATEWAY_ERROR' // type=error
  | 'SERVER_ERROR' // HTTP 5xx; carries the gateway's error ID when it sent one
  | 'HTTP_ERROR' // another non-2xx status without a typed body
  | 'UNEXPECTED_RESPONSE' // a body that is neither the form nor the JSON reply format
  // GatewayReplyTooLargeError: the gateway answered, but its reply is longer than maxReplyBytes
  | 'REPLY_TOO_LARGE' // the reply was not read; the request may have been executed
  // GatewayTransportError: no answer
  | 'TRANSPORT_FAILED' // DNS, TLS, connection reset, ...
  | 'ABORTED' // the caller's AbortSignal fired
  | 'TIMEOUT' // GatewayTimeoutError: timeoutMs elapsed
  // The reason of the signal createCallbackHandler gives findOrder and onCallback
  | 'CALLBACK_LEASE_LOST' // the callback's lease ended while they ran: another delivery may run it now
  // ExplainInputError of @paysign/protocol/diagnose: the credentials cannot check the request
  | 'MISSING_CONTROL_KEY' // an HMAC-* request, no control key given
  | 'MISSING_PUBLIC_KEY' // an RSA-* request, no public key given
  | 'UNUSABLE_PUBLIC_KEY'; // the public key cannot be read or is too weak

/**
 * Base class of every error `@paysign/protocol` and `@paysign/gateway` throw. Messages name the field and the rule and
 * never contain a secret, a key, a card number (masked as first 6 + last 4) or a CVV.
 *
 * @example
 * ```ts
 * try {
 *   await client.transfer(request);
 * } catch (error) {
 *   if (error instanceof GatewayError) console.error(error.code, error.message);
 * }
 * ```
 */
export class GatewayError extends Error {
  override readonly name: string = 'GatewayError';
  readonly code: GatewayErrorCode;

  constructor(code: GatewayErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * The request was refused locally, before it was signed or sent: `issues` lists every broken rule
 * at once, each naming the wire field and the rule. The message has one line per issue, the
 * payment named as the caller's array holds it (`payments[0] client-orderid: is required`;
 * `rows[0]` for `batch` `'rows'`, the wire-format rows).
 *
 * @example
 * ```ts
 * try {
 *   await client.updateRecurringPayments([payment]);
 * } catch (error) {
 *   if (error instanceof GatewayValidationError) for (const issue of error.issues) console.error(issue.field, issue.rule);
 * }
 * ```
 */
export class GatewayValidationError extends GatewayError {
  override readonly name: string = 'GatewayValidationError';
  readonly issues: readonly ValidationIssue[];

  constructor(
    issues: readonly ValidationIssue[],
    code: 'VALIDATION_FAILED' | 'INVALID_OPTIONS' = 'VALIDATION_FAILED',
    batch: 'payments' | 'rows' = 'payments',
  ) {
    const head = code === 'INVALID_OPTIONS' ? 'invalid gateway client options' : 'the request breaks the gateway spec';
    super(code, `${head}:\n${issues.map((issue) => `- ${formatClientIssue(issue, batch)}`).join('\n')}`);
    this.issues = issues;
  }
}
