import { GatewayAuthenticationError, GatewayResponseError, type GatewayFailureDetails } from '../errors.js';
import { maskCardVerification, maskPan } from '@paysign/protocol';
import { redactCardData } from '@paysign/protocol';
import type { GatewayResult } from './gateway-result.js';
import { readFormReply } from '@paysign/protocol/wire';
import { readJsonReply } from '@paysign/protocol/wire';

/**
 * Response headers in any of the shapes callers hold them.
 *
 * @example
 * ```ts
 * import { parseGatewayResponse, type ResponseHeaders } from '@paysign/gateway';
 *
 * const headers: ResponseHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
 * const result = parseGatewayResponse(200, 'type=status-response&status=approved&serial-number=1\n', headers);
 * ```
 */
export type ResponseHeaders = Headers | Readonly<Record<string, string | undefined>> | Iterable<readonly [string, string]>;

/**
 * What a 401/403 means and how to find out why; the spec shows 403 with an empty body.
 *
 * @example
 * ```ts
 * import { AUTHENTICATION_DEBUG_HINT } from '@paysign/gateway';
 *
 * if (response.status === 401 || response.status === 403) console.error(AUTHENTICATION_DEBUG_HINT);
 * ```
 */
export const AUTHENTICATION_DEBUG_HINT: string =
  "the gateway did not accept the request's OAuth signature. To find out why, compare the signature base string " +
  'this client signed (error.redactedBaseString, card data masked; the full one from createSigner(...).sign() of ' +
  '@paysign/oauth-core, on your machine only) with the one the gateway computes: the same method POST; the same URL ' +
  '(scheme, host, path with the endpoint id, no trailing slash); the same parameters, sorted and percent-encoded twice. ' +
  'Then check the login (oauth_consumer_key), the key (HMAC-SHA1: the control key; RSA-SHA256: the gateway holds ' +
  'the public key of this private key, and sandbox and production keys differ) and the clock (oauth_timestamp).';

// Reply fields whose whole value is card data, whatever it looks like.
const CVV_NAMES = /^(?:cvv2?|cvc2?|cid)$/i;
const CARD_NUMBER_NAMES = /^(?:credit[-_]card[-_]number|destination[-_]card[-_]no|card[-_]number|pan)$/i;

const ERROR_ID_FIELDS = ['error-id', 'error_id', 'errorId', 'error-ID'];
const ERROR_ID_HEADERS = ['x-error-id', 'error-id', 'x-request-id'];

/**
 * Reads a reply of the gateway into a typed result, or throws the typed error it stands for.
 *
 * - The form reply: `name=value` pairs where each value ends with a raw `\n` (trimmed) and `+`
 *   is a space; the JSON variant (`Content-Type` with `json`, or a body starting with `{`), with
 *   numbers kept as written.
 * - HTTP 2xx with an empty body: success without details (`empty: true`).
 * - HTTP 401/403: {@link GatewayAuthenticationError}, whose message says how to debug it.
 * - HTTP 5xx: {@link GatewayResponseError} `SERVER_ERROR` carrying the gateway's error ID.
 * - `type=validation-error` / `type=error`: {@link GatewayResponseError}
 *   `GATEWAY_VALIDATION_ERROR` / `GATEWAY_ERROR` with the gateway's `error-code` and `error-message`.
 *
 * @example
 * ```ts
 * const result = parseGatewayResponse(200, 'type=status-response\n&status=approved\n&serial-number=00-1\n');
 * result.status; // 'approved'
 * parseGatewayResponse(200, '').empty; // true
 * ```
 */
export function parseGatewayResponse(httpStatus: number, body: string, headers?: ResponseHeaders): GatewayResult {
  const contentType = header(headers, 'content-type') ?? '';
  let fields: Record<string, string> | undefined;
  let unreadable: unknown;
  if (body.trim() !== '') {
    try {
      fields = contentType.includes('json') || body.trimStart().startsWith('{') ? readJsonReply(body) : readFormReply(body);
    } catch (error) {
      unreadable = error;
    }
  }
  const ok = httpStatus >= 200 && httpStatus < 300;

  if (httpStatus === 401 || httpStatus === 403) {
    const details = failureDetails(httpStatus, fields ?? {});
    const said = details.gatewayMessage === undefined ? '' : ` (gateway: ${details.gatewayMessage})`;
    throw new GatewayAuthenticationError(`HTTP ${httpStatus}${body.trim() === '' ? ' with an empty body' : ''}${said}: ${AUTHENTICATION_DEBUG_HINT}`, details);
  }
  if (httpStatus >= 500) {
    const details = failureDetails(httpStatus, fields ?? {});
    const errorId = findErrorId(details.fields, headers, fields === undefined ? body : '');
    if (errorId !== undefined) details.errorId = errorId;
    throw new GatewayResponseError(
      'SERVER_ERROR',
      `the gateway failed with HTTP ${httpStatus}${errorId === undefined ? ' and no error ID' : `, error ID ${errorId} (quote it to the gateway's support)`}` +
        describeGatewaySaid(details),
      details,
    );
  }
  if (fields === undefined && body.trim() !== '') {
    throw new GatewayResponseError(
      'UNEXPECTED_RESPONSE',
      `HTTP ${httpStatus}: the reply is neither the gateway's form format nor its JSON variant`,
      failureDetails(httpStatus, {}),
      { cause: unreadable },
    );
  }
  const type = fields?.type;
  if (type === 'validation-error' || type === 'error') {
    const details = failureDetails(httpStatus, fields ?? {});
    throw new GatewayResponseError(
      type === 'validation-error' ? 'GATEWAY_VALIDATION_ERROR' : 'GATEWAY_ERROR',
      `the gateway answered ${type}${describeGatewaySaid(details)}`,
      details,
    );
  }
  if (!ok) {
    throw new GatewayResponseError(
      'HTTP_ERROR',
      `the gateway answered HTTP ${httpStatus}${httpStatus >= 300 && httpStatus < 400 ? ' (a redirect: check baseUrl and pathPrefix)' : ''}` +
        describeGatewaySaid(failureDetails(httpStatus, fields ?? {})),
      failureDetails(httpStatus, fields ?? {}),
    );
  }

  const result: GatewayResult = { httpStatus, empty: fields === undefined, fields: fields ?? {} };
  if (fields?.type !== undefined) result.type = fields.type;
  if (fields?.status !== undefined) result.status = fields.status;
  if (fields?.['serial-number'] !== undefined) result.serialNumber = fields['serial-number'];
  if (fields?.['paynet-order-id'] !== undefined) result.paynetOrderId = fields['paynet-order-id'];
  return result;
}

// Thrown objects never carry a card number, even one the gateway echoed.
function failureDetails(httpStatus: number, fields: Readonly<Record<string, string>>): GatewayFailureDetails {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    masked[redactCardData(name)] = CVV_NAMES.test(name) ? maskCardVerification(value) : CARD_NUMBER_NAMES.test(name) ? maskPan(value) : redactCardData(value);
  }
  const details: GatewayFailureDetails = { httpStatus, fields: masked };
  if (masked.type !== undefined) details.type = masked.type;
  const code = masked['error-code'] ?? masked.error_code;
  if (code !== undefined) details.gatewayCode = code;
  const message = masked['error-message'] ?? masked.error_message;
  if (message !== undefined) details.gatewayMessage = message;
  if (masked['serial-number'] !== undefined) details.serialNumber = masked['serial-number'];
  return details;
}

function describeGatewaySaid(details: GatewayFailureDetails): string {
  const parts: string[] = [];
  if (details.gatewayCode !== undefined) parts.push(`error-code ${details.gatewayCode}`);
  if (details.gatewayMessage !== undefined) parts.push(`error-message "${details.gatewayMessage}"`);
  if (details.serialNumber !== undefined) parts.push(`serial-number ${details.serialNumber}`);
  return parts.length === 0 ? '' : `: ${parts.join(', ')}`;
}

// The spec says only "For 500, an additional error ID is returned", not where: a field of the
// reply, a header, or, when the body is a short line of plain text, that line.
function findErrorId(fields: Readonly<Record<string, string>>, headers: ResponseHeaders | undefined, plainBody: string): string | undefined {
  for (const name of ERROR_ID_FIELDS) if (fields[name] !== undefined && fields[name] !== '') return fields[name];
  for (const name of ERROR_ID_HEADERS) {
    const value = header(headers, name);
    if (value !== undefined && value !== '') return redactCardData(value);
  }
  const line = plainBody.trim();
  return line !== '' && line.length <= 128 && !/[\r\n<]/.test(line) ? redactCardData(line) : undefined;
}

function header(headers: ResponseHeaders | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entries: Iterable<readonly [string, string | undefined]> =
    Symbol.iterator in headers ? (headers as Iterable<readonly [string, string]>) : Object.entries(headers as Record<string, string | undefined>);
  for (const [key, value] of entries) if (key.toLowerCase() === name) return value;
  return undefined;
}
