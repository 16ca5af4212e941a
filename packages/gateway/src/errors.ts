import { GatewayError } from '@paysign/protocol';

export { GatewayError, GatewayValidationError, type GatewayErrorCode } from '@paysign/protocol';

/**
 * What the gateway said about a failure, as far as it said anything.
 *
 * @example
 * ```ts
 * import { GatewayResponseError, type GatewayFailureDetails } from '@paysign/gateway';
 *
 * try {
 *   await client.updateRecurringPayments([update]);
 * } catch (error) {
 *   if (error instanceof GatewayResponseError) {
 *     const details: GatewayFailureDetails = error.details;
 *     console.error(details.httpStatus, details.gatewayCode, details.serialNumber);
 *   }
 * }
 * ```
 */
export interface GatewayFailureDetails {
  /** The HTTP status of the reply. */
  httpStatus: number;
  /** The reply's `type` (`validation-error`, `error`, ...), when it had one. */
  type?: string;
  /** `error-code`, as text (the JSON variant may send a number). */
  gatewayCode?: string;
  /** `error-message`, with anything that looks like a card number masked. */
  gatewayMessage?: string;
  /** `serial-number` of the request, to quote to the gateway's support. */
  serialNumber?: string;
  /** For HTTP 5xx: the error ID the gateway returned, to quote to its support. */
  errorId?: string;
  /** Every field of the reply, decoded (card-number-like values masked). */
  fields: Readonly<Record<string, string>>;
}

/**
 * HTTP 401/403: the gateway did not accept the signature, the login or the key. The message says
 * how to debug it; `redactedBaseString`, on the errors a client throws, is the base string that
 * was signed, with card data and the payload masked (`parseGatewayResponse` alone has no request,
 * so its errors have none).
 *
 * @example
 * ```ts
 * try {
 *   await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
 * } catch (error) {
 *   if (error instanceof GatewayAuthenticationError) console.error(error.message, error.redactedBaseString);
 * }
 * ```
 */
export class GatewayAuthenticationError extends GatewayError {
  override readonly name: string = 'GatewayAuthenticationError';
  readonly details: GatewayFailureDetails;
  /** The signed base string with card data and the payload replaced by `[redacted ...]` markers; `undefined` when no request is known. */
  readonly redactedBaseString: string | undefined;

  constructor(message: string, details: GatewayFailureDetails, request?: { redactedBaseString?: string }) {
    super('AUTHENTICATION_FAILED', message);
    this.details = details;
    this.redactedBaseString = request?.redactedBaseString;
  }
}

/**
 * The gateway answered with a failure: `type=validation-error` or `type=error` (with the
 * gateway's own code and message), an HTTP 5xx (with its error ID), or a reply this client cannot
 * read.
 *
 * @example
 * ```ts
 * try {
 *   parseGatewayResponse(200, 'type=validation-error\n&error-code=2\n&error-message=bad+amount\n');
 * } catch (error) {
 *   if (error instanceof GatewayResponseError) console.error(error.details.gatewayCode, error.details.gatewayMessage);
 * }
 * ```
 */
export class GatewayResponseError extends GatewayError {
  override readonly name: string = 'GatewayResponseError';
  readonly details: GatewayFailureDetails;

  constructor(
    code: 'GATEWAY_VALIDATION_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR' | 'HTTP_ERROR' | 'UNEXPECTED_RESPONSE',
    message: string,
    details: GatewayFailureDetails,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.details = details;
  }
}

/**
 * The gateway answered, but its reply is longer than the client's `maxReplyBytes` (default
 * `DEFAULT_MAX_REPLY_BYTES`, 1 MiB): reading stopped at the cap and the reply was not
 * parsed. The request reached the gateway and MAY HAVE BEEN EXECUTED: a transfer may have moved
 * money. Check its outcome before sending it again. Not a transport error: there was an answer.
 *
 * @example
 * ```ts
 * try {
 *   await client.transfer(request);
 * } catch (error) {
 *   if (error instanceof GatewayReplyTooLargeError) console.error(error.httpStatus, error.maxReplyBytes, 'outcome unknown');
 * }
 * ```
 */
export class GatewayReplyTooLargeError extends GatewayError {
  override readonly name: string = 'GatewayReplyTooLargeError';
  /** The HTTP status of the reply that was too long. */
  readonly httpStatus: number;
  /** The cap that the reply exceeded, in bytes. */
  readonly maxReplyBytes: number;

  constructor(operation: string, httpStatus: number, maxReplyBytes: number) {
    super(
      'REPLY_TOO_LARGE',
      `${operation}: the gateway answered (HTTP ${httpStatus}) but its reply exceeded ${maxReplyBytes} bytes, so it was not read; ` +
        'the request MAY HAVE BEEN EXECUTED: check its outcome before sending it again',
    );
    this.httpStatus = httpStatus;
    this.maxReplyBytes = maxReplyBytes;
  }
}

/**
 * No answer arrived: the connection failed, or the caller aborted. A transfer that ends in this
 * error may or may not have moved money: check its status before sending it again.
 *
 * @example
 * ```ts
 * try {
 *   await client.transfer(request);
 * } catch (error) {
 *   if (error instanceof GatewayTransportError) console.error('outcome unknown; query the status first');
 * }
 * ```
 */
export class GatewayTransportError extends GatewayError {
  override readonly name: string = 'GatewayTransportError';

  constructor(code: 'TRANSPORT_FAILED' | 'ABORTED' | 'TIMEOUT', message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/**
 * `timeoutMs` elapsed before the reply was read. A subclass of {@link GatewayTransportError}:
 * the request may have reached the gateway.
 *
 * @example
 * ```ts
 * const client = createGatewayClient({ ...options, timeoutMs: 10_000 });
 * try {
 *   await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
 * } catch (error) {
 *   if (error instanceof GatewayTimeoutError) console.error(error.message);
 * }
 * ```
 */
export class GatewayTimeoutError extends GatewayTransportError {
  override readonly name: string = 'GatewayTimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number, operation: string) {
    super('TIMEOUT', `${operation}: no complete reply within ${timeoutMs} ms (the request may have reached the gateway)`);
    this.timeoutMs = timeoutMs;
  }
}
