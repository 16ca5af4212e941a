import {
  GatewayAuthenticationError,
  GatewayError,
  GatewayReplyTooLargeError,
  GatewayResponseError,
  GatewayTransportError,
  GatewayValidationError,
} from '@paysign/gateway';
import { redactCardData } from '@paysign/protocol';
import { isUnreachable, transportCause } from '@paysign/gateway';

/**
 * What a failed update-recurring-payments request means for a bulk run.
 *
 * @example
 * ```ts
 * import { classifyUpdateFailure, type FailureKind } from '@paysign/bulk';
 *
 * const worthRetrying: FailureKind[] = ['retry'];
 * try {
 *   await client.updateRecurringPayments([update]);
 * } catch (error) {
 *   if (worthRetrying.includes(classifyUpdateFailure(error).kind)) queueForLater(update);
 * }
 * ```
 */
export type FailureKind =
  | 'unreachable' // no connection at all (refused, no such host, TLS refused): retried, and repeated ones stop the run
  | 'retry' // the update did not take, or its outcome is unknown: sending the same values again is safe
  | 'refused' // the gateway answered no: final, not retried
  | 'invalid' // refused locally by the client's validation: final, never sent
  | 'authentication' // 401/403: counts toward the fail-fast limit; the row is not recorded
  | 'aborted' // the caller's (or the run's) signal: abandoned, not recorded
  | 'fatal'; // the setup cannot work (client options, signing): the run stops

/**
 * A failure, classified, with a masked code and message for the journal.
 *
 * @example
 * ```ts
 * import { classifyUpdateFailure, type ClassifiedFailure } from '@paysign/bulk';
 *
 * try {
 *   await client.updateRecurringPayments([update]);
 * } catch (error) {
 *   const failure: ClassifiedFailure = classifyUpdateFailure(error);
 *   console.error(failure.kind, failure.code, failure.message); // masked: safe to log
 * }
 * ```
 */
export interface ClassifiedFailure {
  kind: FailureKind;
  code: string;
  message: string;
  serialNumber?: string;
}

// HTTP statuses that say "not now" rather than "no".
const RETRYABLE_HTTP = new Set([408, 425, 429]);

/**
 * Sorts a failure of `client.updateRecurringPayments` into what a bulk run does next. An update
 * writes the same values again when resent, so every "outcome unknown" failure is retried:
 * connection refused or reset, timeout, HTTP 5xx, a reply that is too long or unreadable.
 * NEVER use this for `transfer`: a resent transfer moves money twice.
 *
 * @example
 * ```ts
 * classifyUpdateFailure(new GatewayTimeoutError(30_000, 'update-recurring-payments')).kind; // 'retry'
 * ```
 */
export function classifyUpdateFailure(error: unknown): ClassifiedFailure {
  if (!(error instanceof GatewayError)) {
    return { kind: 'fatal', code: 'UNEXPECTED', message: redactCardData(error instanceof Error ? `${error.name}: ${error.message}` : 'unexpected failure') };
  }
  const message = redactCardData(error.message);
  if (error instanceof GatewayAuthenticationError) return { kind: 'authentication', code: error.code, message };
  if (error instanceof GatewayValidationError) return { kind: error.code === 'INVALID_OPTIONS' ? 'fatal' : 'invalid', code: error.code, message };
  if (error instanceof GatewayReplyTooLargeError) return { kind: 'retry', code: error.code, message };
  if (error instanceof GatewayTransportError) {
    if (error.code === 'TRANSPORT_FAILED') {
      const cause = transportCause(error.cause);
      if (isUnreachable(cause.code, cause.text)) return { kind: 'unreachable', code: error.code, message };
    }
    return { kind: error.code === 'ABORTED' ? 'aborted' : 'retry', code: error.code, message };
  }
  if (error instanceof GatewayResponseError) {
    const { details } = error;
    const said: ClassifiedFailure = {
      kind: 'refused',
      code: details.gatewayCode ?? error.code,
      message: redactCardData(details.gatewayMessage ?? error.message),
      ...(details.serialNumber !== undefined && { serialNumber: details.serialNumber }),
    };
    if (error.code === 'SERVER_ERROR' || error.code === 'UNEXPECTED_RESPONSE') return { ...said, kind: 'retry', code: error.code };
    if (error.code === 'HTTP_ERROR' && RETRYABLE_HTTP.has(details.httpStatus)) return { ...said, kind: 'retry', code: error.code };
    return said;
  }
  return { kind: 'fatal', code: error.code, message };
}
