import { createSigner, OAuthError, type Signer, type SigningCredentials } from '@paysign/oauth-core';
import { CodecError, encodePayload, type Quoting } from '@paysign/payload-codec';
import { checkMerchantCredentials, signingKeyFor, type CheckedMerchantCredentials, type MerchantSignatureMethod } from '@paysign/protocol';
import { JSON_REPLY_MEDIA_TYPE, recurringPaymentColumns } from '@paysign/protocol/wire';
import { redactBaseString } from '@paysign/protocol';
import { GatewayAuthenticationError, GatewayValidationError } from '../errors.js';
import type { PanEligibilitySendRequest, RecurringPaymentUpdate, TransferRequest } from '@paysign/protocol';
import { toPanEligibilitySendParams, toTransferParams } from '@paysign/protocol/wire';
import { toWireRow } from '@paysign/protocol/wire';
import { DEFAULT_PATH_PREFIX, operationUrl } from '@paysign/protocol/wire';
import { isSecureGatewayUrl, type GatewayOperation } from '@paysign/protocol';
import type { GatewayResult } from '../response/gateway-result.js';
import { parseGatewayResponse } from '../response/parse-gateway-response.js';
import type { ValidationIssue } from '@paysign/protocol';
import { checkRecurringPaymentRows, checkRecurringPayments, payloadIssue } from '@paysign/protocol';
import { checkPanEligibilitySend, checkTransfer } from '@paysign/protocol';
import { DEFAULT_MAX_REPLY_BYTES, DEFAULT_TIMEOUT_MS, type GatewayCallOptions, type GatewayClientOptions, type GatewaySignatureMethod } from './options.js';
import { sendRequest } from './send-request.js';
import { traceOperations } from './trace-operations.js';

/**
 * A client for one merchant endpoint: validates, signs, sends once, and reads the reply.
 *
 * @example
 * ```ts
 * import { createGatewayClient, type GatewayClient } from '@paysign/gateway';
 *
 * const client: GatewayClient = createGatewayClient({ baseUrl: 'https://sandbox.gate.example', endpointId: '1234', login: 'merchant-login', controlKey, privateKey });
 * const result = await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
 * console.log(client.signatureMethods['pan-eligibility/send'], result.status); // 'HMAC-SHA1'
 * ```
 */
export interface GatewayClient {
  /** The method each operation signs with: the gateway's documented one when its key is given, or the chosen one. */
  readonly signatureMethods: Readonly<Record<GatewayOperation, GatewaySignatureMethod>>;
  /** The project currency every `currency` must equal (rule 7), as given in the options; `undefined` when not checked. */
  readonly projectCurrency: string | undefined;
  /** How CSV cells holding `;`, `"`, CR or LF are treated: `'reject'` (the default) or `'rfc4180'`. */
  readonly csvQuoting: Quoting;
  /**
   * update-recurring-payments (v4): validates every payment, writes them as the CSV rows of one
   * `payload` parameter (Base64), signs and sends.
   */
  updateRecurringPayments(payments: readonly RecurringPaymentUpdate[], call?: GatewayCallOptions): Promise<GatewayResult>;
  /**
   * update-recurring-payments (v4) for rows that are already in the wire format: keyed by the
   * CSV's column names (`client-orderid`, `recurring-payment-id`, ...), values as text, as a CSV
   * file holds them. Every row is validated by the spec's field table and rules (with this
   * client's `projectCurrency` and `csvQuoting`), then written as is: a column that is not in
   * the spec's list is written too, never dropped. Used by `@paysign/bulk`'s `bulkUpdateRecurringPayments`.
   */
  updateRecurringPaymentRows(rows: readonly Readonly<Record<string, string>>[], call?: GatewayCallOptions): Promise<GatewayResult>;
  /** pan-eligibility/send (v2): `client-order-id` and `sending-card-ref-id`. */
  panEligibilitySend(request: PanEligibilitySendRequest, call?: GatewayCallOptions): Promise<GatewayResult>;
  /**
   * transfer (v4). Sent exactly once, never retried: a transfer moves money, and one whose reply
   * was lost (a timeout, a reset connection) may have been carried out. Check its status before
   * sending it again.
   */
  transfer(request: TransferRequest, call?: GatewayCallOptions): Promise<GatewayResult>;
}

/**
 * Creates a client for one merchant endpoint. Every request is validated against the spec
 * before it is signed (all issues at once, as a {@link GatewayValidationError}), signed with the
 * method the gateway documents for its operation when the merchant's key for it is given
 * (pan-eligibility/send: HMAC-SHA1 with the `controlKey`; update-recurring-payments and transfer:
 * RSA-SHA256 with the `privateKey`), else with the key given, or as `signatureMethods` chooses; sent
 * once to `baseUrl + pathPrefix + '/api/<version>/<operation>/' + endpointId`, and its reply
 * read by {@link parseGatewayResponse}. Nothing is ever retried automatically.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS` when the options cannot work.
 * @example
 * ```ts
 * const client = createGatewayClient({
 *   baseUrl: 'https://sandbox.gate.example',
 *   endpointId: '1234',
 *   login: 'merchant-login',
 *   controlKey: process.env.GATEWAY_CONTROL_KEY!, // pan-eligibility/send (HMAC-SHA1)
 *   privateKey: process.env.GATEWAY_PRIVATE_KEY!, // update-recurring-payments and transfer (RSA-SHA256)
 * });
 * const result = await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
 * console.log(result.status, result.serialNumber);
 * ```
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const issues: ValidationIssue[] = [];
  const invalid = (field: string, message: string) => issues.push({ field, rule: 'invalid-option', message });
  if (options === null || typeof options !== 'object')
    throw new GatewayValidationError([{ field: 'options', rule: 'invalid-option', message: 'must be an object' }], 'INVALID_OPTIONS');

  const baseUrl = checkBaseUrl(options.baseUrl, invalid);
  if (typeof options.endpointId !== 'string' || options.endpointId === '') invalid('endpointId', 'must be a non-empty string');
  let merchant: CheckedMerchantCredentials | undefined;
  try {
    merchant = checkMerchantCredentials(options);
  } catch (error) {
    if (!(error instanceof GatewayValidationError)) throw error;
    issues.push(...error.issues);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) invalid('timeoutMs', 'must be a positive number of milliseconds');
  const maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  if (typeof maxReplyBytes !== 'number' || !Number.isSafeInteger(maxReplyBytes) || maxReplyBytes <= 0) {
    invalid('maxReplyBytes', 'must be a positive whole number of bytes');
  }
  if (options.csvQuoting !== undefined && options.csvQuoting !== 'reject' && options.csvQuoting !== 'rfc4180') {
    invalid('csvQuoting', "must be 'reject' or 'rfc4180'");
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') invalid('fetch', 'no fetch is available; pass one');
  if (issues.length > 0 || merchant === undefined) throw new GatewayValidationError(issues, 'INVALID_OPTIONS');

  const { signatureMethods } = merchant;
  const signers = makeSigners(merchant, options);
  const pathPrefix = options.pathPrefix ?? DEFAULT_PATH_PREFIX;
  const validation = options.projectCurrency === undefined ? {} : { projectCurrency: options.projectCurrency };
  const accept = options.responseFormat === 'json' ? JSON_REPLY_MEDIA_TYPE : undefined;

  async function send(operation: GatewayOperation, params: Record<string, string>, call: GatewayCallOptions = {}): Promise<GatewayResult> {
    const url = operationUrl(baseUrl, operation, options.endpointId, pathPrefix);
    const signatureMethod = signatureMethods[operation];
    let signed;
    try {
      signed = await signers[signatureMethod].sign({ url, params });
    } catch (error) {
      if (error instanceof OAuthError) throw signingRefusal(error, KEY_OPTION[signatureMethod]);
      throw error;
    }
    const headers = accept === undefined ? signed.headers : { ...signed.headers, Accept: accept };
    const reply = await sendRequest({
      fetch: fetchImpl,
      operation,
      url: signed.url,
      headers,
      body: signed.body,
      timeoutMs: call.timeoutMs ?? timeoutMs,
      maxReplyBytes,
      signals: [options.signal, call.signal],
    });
    try {
      return parseGatewayResponse(reply.status, reply.body, reply.headers);
    } catch (error) {
      // The reader knows nothing of the request: the error is made again, complete, with what was signed.
      if (error instanceof GatewayAuthenticationError) {
        throw new GatewayAuthenticationError(error.message, error.details, { redactedBaseString: redactBaseString(signed.baseString) });
      }
      throw error;
    }
  }

  const csvQuoting: Quoting = options.csvQuoting ?? 'reject';
  const client: GatewayClient = {
    signatureMethods,
    projectCurrency: options.projectCurrency,
    csvQuoting,
    async updateRecurringPaymentRows(rows, call) {
      if (!Array.isArray(rows) || rows.length === 0) {
        throw new GatewayValidationError(
          [{ field: 'rows', rule: 'required', message: 'give at least one recurring-payment row' }],
          'VALIDATION_FAILED',
          'rows',
        );
      }
      const found = checkRecurringPaymentRows(rows, { ...validation, csvQuoting });
      if (found.length > 0) throw new GatewayValidationError(found, 'VALIDATION_FAILED', 'rows');
      return send('update-recurring-payments', { payload: encodeRows(rows, csvQuoting, 'rows') }, call);
    },
    async updateRecurringPayments(payments, call) {
      if (!Array.isArray(payments) || payments.length === 0) {
        throw new GatewayValidationError([{ field: 'payments', rule: 'required', message: 'give at least one recurring payment' }]);
      }
      const found = checkRecurringPayments(payments, { ...validation, csvQuoting });
      if (found.length > 0) throw new GatewayValidationError(found);
      return send('update-recurring-payments', { payload: encodeRows(payments.map(toWireRow), csvQuoting, 'payments') }, call);
    },
    async panEligibilitySend(request, call) {
      const found = checkPanEligibilitySend(request);
      if (found.length > 0) throw new GatewayValidationError(found);
      return send('pan-eligibility/send', toPanEligibilitySendParams(request), call);
    },
    async transfer(request, call) {
      const found = checkTransfer(request, validation);
      if (found.length > 0) throw new GatewayValidationError(found);
      return send('transfer', toTransferParams(request), call);
    },
  };
  return traceOperations(client, options.telemetry, pathPrefix);
}

const KEY_OPTION: Readonly<Record<MerchantSignatureMethod, string>> = { 'HMAC-SHA1': 'controlKey', 'RSA-SHA256': 'privateKey' };

// One signer per method the client's operations use, made (and the key checked) when the client is.
function makeSigners(merchant: CheckedMerchantCredentials, options: GatewayClientOptions): Record<MerchantSignatureMethod, Signer> {
  const signers = {} as Record<MerchantSignatureMethod, Signer>;
  for (const operation of Object.keys(merchant.signatureMethods) as GatewayOperation[]) {
    const key = signingKeyFor(merchant, operation);
    if (signers[key.signatureMethod] !== undefined) continue;
    try {
      const credentials: SigningCredentials =
        key.signatureMethod === 'HMAC-SHA1'
          ? key
          : { ...key, ...(options.minimumRsaKeyBits !== undefined && { minimumRsaKeyBits: options.minimumRsaKeyBits }) };
      signers[key.signatureMethod] = createSigner({
        consumerKey: merchant.login,
        ...credentials,
        // The spec's HMAC example carries the oauth_* parameters in the body; its RSA examples do not.
        oauthParamsInBody: options.oauthParamsInBody ?? key.signatureMethod === 'HMAC-SHA1',
        ...(options.realm !== undefined && { realm: options.realm }),
        ...(options.nonce !== undefined && { nonce: options.nonce }),
        ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
        ...(options.adapter !== undefined && { adapter: options.adapter }),
      });
    } catch (error) {
      if (error instanceof OAuthError) throw signingRefusal(error, KEY_OPTION[key.signatureMethod]);
      throw error;
    }
  }
  return signers;
}

function checkBaseUrl(baseUrl: unknown, invalid: (field: string, message: string) => void): string {
  if (typeof baseUrl !== 'string') {
    invalid('baseUrl', 'must be a URL string');
    return '';
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    invalid('baseUrl', 'is not an absolute URL');
    return '';
  }
  if (!isSecureGatewayUrl(url)) {
    invalid('baseUrl', 'must use https: (plain http: only for a loopback host such as 127.0.0.1)');
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    invalid('baseUrl', 'must not hold a query, a fragment or credentials');
  }
  return baseUrl.replace(/\/+$/, '');
}

// Every column any row uses is written, beyond the spec's list, so that no value is dropped. The
// checks found every cell the CSV cannot carry; the encoder's own refusal is the same rule's last word.
function encodeRows(rows: readonly Readonly<Record<string, string>>[], quoting: Quoting, batch: 'payments' | 'rows'): string {
  const columns = [...recurringPaymentColumns] as string[];
  const known = new Set(columns);
  for (const row of rows) for (const name of Object.keys(row)) if (!known.has(name)) known.add(name), columns.push(name);
  try {
    return encodePayload(rows, { columns, quoting });
  } catch (error) {
    if (error instanceof CodecError) {
      const issue: ValidationIssue = payloadIssue(error, error.column ?? 'payload');
      throw new GatewayValidationError([error.row !== undefined && error.row > 0 ? { ...issue, row: error.row - 1 } : issue], 'VALIDATION_FAILED', batch);
    }
    throw error;
  }
}

// oauth-core's option names as this client's options call them.
const CLIENT_OPTION: Readonly<Record<string, string>> = {
  consumerKey: 'login',
  consumerSecret: 'controlKey',
  privateKey: 'privateKey',
  signatureMethod: 'signatureMethod',
  timestamp: 'timestamp',
  nonce: 'nonce',
  realm: 'realm',
  adapter: 'adapter',
};

// A signer's refusal, named as the caller wrote it: a bad option (`timestamp()` in milliseconds,
// an unreadable key) names that option; a request the signer cannot sign is a validation failure
// naming the request's part. `fallback` is the key option, for an error that names no field.
function signingRefusal(error: OAuthError, fallback: string): GatewayValidationError {
  if (error.source === 'request') {
    const field = error.field ?? 'request';
    return new GatewayValidationError([{ field, rule: 'invalid-request', message: error.message }]);
  }
  const field = (error.field !== undefined ? CLIENT_OPTION[error.field] : undefined) ?? fallback;
  return new GatewayValidationError([{ field, rule: 'invalid-option', message: error.message }], 'INVALID_OPTIONS');
}
