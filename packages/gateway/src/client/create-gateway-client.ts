import { createSigner, OAuthError, type Signer, type SigningCredentials } from '@paysign/oauth-core';
import type { Quoting } from '@paysign/payload-codec';
import {
  checkGatewayUrl,
  checkMerchantCredentials,
  checkPanEligibilitySend,
  checkRecurringPaymentRows,
  checkRecurringPayments,
  checkTransfer,
  isPositiveWholeNumber,
  redactBaseString,
  type CheckedMerchantCredentials,
  type GatewayOperation,
  type MerchantSignatureMethod,
  type PanEligibilitySendRequest,
  type RecurringPaymentUpdate,
  type TransferRequest,
  type ValidationIssue,
} from '@paysign/protocol';
import { DEFAULT_PATH_PREFIX, JSON_REPLY_MEDIA_TYPE, operationUrl, toPanEligibilitySendParams, toTransferParams, toWireRow } from '@paysign/protocol/wire';
import { GatewayAuthenticationError, GatewayValidationError } from '../errors.js';
import type { GatewayResult } from '../response/gateway-result.js';
import { parseGatewayResponse } from '../response/parse-gateway-response.js';
import { readGatewayCommand, wrappedOperation, type GatewayCommand } from './gateway-command.js';
import {
  DEFAULT_MAX_REPLY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type GatewayCallOptions,
  type GatewayClientOptions,
  type GatewayRequestOptions,
  type GatewaySignatureMethod,
} from './options.js';
import { encodeRecurringPaymentRows } from './recurring-payment-payload.js';
import { checkRequestParams } from './request-params.js';
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
  /** The method each wrapped operation signs with: the gateway's documented one when its key is given, or the chosen one. */
  readonly signatureMethods: Readonly<Record<GatewayOperation, GatewaySignatureMethod>>;
  /**
   * Any command of the gateway, signed and sent as the wrapped operations are: `operation` is the
   * command's name as the path has it (`status`, `create-recurring-payments`, `pan-eligibility/send`),
   * `params` its form parameters as text. The URL is `baseUrl + pathPrefix + '/api/' + version +
   * '/' + operation + '/' + endpointId` (`options.version`, default: a wrapped operation's own, else
   * `v4`); it signs with `options.signatureMethod`, default a wrapped operation's method, else
   * RSA-SHA256 when the client holds a private key and HMAC-SHA1 when it holds only the control
   * key. The reply is read as every reply is (form or JSON), refusals raise the same typed
   * errors, and card data in `params` is masked wherever it is shown. The spec's field rules
   * are not checked here (only the wrapped methods know them): the gateway is the judge.
   *
   * @throws {GatewayValidationError} `VALIDATION_FAILED` naming `operation`, `options.version`
   *   or `params.<name>` when they cannot make a request; `INVALID_OPTIONS` naming
   *   `options.signatureMethod` when its key is not given.
   */
  request(operation: string, params: Readonly<Record<string, string>>, options?: GatewayRequestOptions): Promise<GatewayResult>;
  /**
   * update-recurring-payments (v4): validates every payment, writes them as the CSV rows of one
   * `payload` parameter (Base64), then `request('update-recurring-payments', { payload })`.
   */
  updateRecurringPayments(payments: readonly RecurringPaymentUpdate[], call?: GatewayCallOptions): Promise<GatewayResult>;
  /**
   * update-recurring-payments (v4) for rows that are already in the wire format: keyed by the
   * CSV's column names (`client-orderid`, `recurring-payment-id`, ...), values as text, as a CSV
   * file holds them. Every row is validated by the spec's field table and rules (with this
   * client's `projectCurrency` and `csvQuoting`), then written as is ({@link recurringPaymentPayload}):
   * a column that is not in the spec's list is written too, never dropped.
   */
  updateRecurringPaymentRows(rows: readonly Readonly<Record<string, string>>[], call?: GatewayCallOptions): Promise<GatewayResult>;
  /** pan-eligibility/send (v2): validates `client-order-id` and `sending-card-ref-id`, then `request('pan-eligibility/send', ...)`. */
  panEligibilitySend(request: PanEligibilitySendRequest, call?: GatewayCallOptions): Promise<GatewayResult>;
  /**
   * transfer (v4): validates, then `request('transfer', ...)`. Sent exactly once, never retried: a
   * transfer moves money, and one whose reply was lost (a timeout, a reset connection) may have
   * been carried out. Check its status before sending it again.
   */
  transfer(request: TransferRequest, call?: GatewayCallOptions): Promise<GatewayResult>;
}

/**
 * Creates a client for one merchant endpoint. Every request of a wrapped operation is validated
 * against the spec before it is signed (all issues at once, as a {@link GatewayValidationError}),
 * signed with the method the gateway documents for its operation when the merchant's key for it
 * is given (pan-eligibility/send: HMAC-SHA1 with the `controlKey`; update-recurring-payments and
 * transfer: RSA-SHA256 with the `privateKey`), else with the key given, or as `signatureMethods`
 * chooses; sent once to `baseUrl + pathPrefix + '/api/<version>/<operation>/' + endpointId`, and
 * its reply read by {@link parseGatewayResponse}. Any other command goes through
 * `client.request`, the same path. Nothing is ever retried automatically.
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
 * const status = await client.request('status', { client_orderid: 'order-1', orderid: result.paynetOrderId ?? '' });
 * ```
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const issues: ValidationIssue[] = [];
  const invalid = (field: string, message: string) => issues.push({ field, rule: 'invalid-option', message });
  if (options === null || typeof options !== 'object')
    throw new GatewayValidationError([{ field: 'options', rule: 'invalid-option', message: 'must be an object' }], 'INVALID_OPTIONS');

  // The protocol's one gateway URL rule (the edge proxy's gatewayUrl reads it too).
  const urlIssues = checkGatewayUrl(options.baseUrl, 'baseUrl');
  issues.push(...urlIssues);
  const baseUrl = urlIssues.length === 0 ? (options.baseUrl as string).replace(/\/+$/, '') : '';
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
  if (typeof maxReplyBytes !== 'number' || !isPositiveWholeNumber(maxReplyBytes)) {
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
  // A command the client does not wrap: the method every operation was told to use, else RSA-SHA256 where the private key is held.
  const otherCommandsMethod: MerchantSignatureMethod = options.signatureMethod ?? (signers['RSA-SHA256'] !== undefined ? 'RSA-SHA256' : 'HMAC-SHA1');
  const pathPrefix = options.pathPrefix ?? DEFAULT_PATH_PREFIX;
  const validation = options.projectCurrency === undefined ? {} : { projectCurrency: options.projectCurrency };
  const csvQuoting: Quoting = options.csvQuoting ?? 'reject';
  const accept = options.responseFormat === 'json' ? JSON_REPLY_MEDIA_TYPE : undefined;

  // The one way a request goes out: the path, the signature, one POST, the reply read.
  async function send(
    command: GatewayCommand,
    params: Readonly<Record<string, string>>,
    signatureMethod: MerchantSignatureMethod,
    call: GatewayCallOptions = {},
  ) {
    const signer = signers[signatureMethod];
    if (signer === undefined) {
      throw new GatewayValidationError(
        [
          {
            field: 'options.signatureMethod',
            rule: 'invalid-option',
            message: `${signatureMethod} signs with the ${KEY_OPTION[signatureMethod]}, which this client was not given`,
          },
        ],
        'INVALID_OPTIONS',
      );
    }
    const url = operationUrl(baseUrl, command, options.endpointId, pathPrefix);
    let signed;
    try {
      signed = await signer.sign({ url, params });
    } catch (error) {
      if (error instanceof OAuthError) throw signingRefusal(error, KEY_OPTION[signatureMethod]);
      throw error;
    }
    const headers = accept === undefined ? signed.headers : { ...signed.headers, Accept: accept };
    const reply = await sendRequest({
      fetch: fetchImpl,
      operation: command.name,
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

  function methodFor(command: GatewayCommand): MerchantSignatureMethod {
    const wrapped = wrappedOperation(command.name, command.version);
    return wrapped === undefined ? otherCommandsMethod : signatureMethods[wrapped.operation];
  }

  // A wrapped operation: the same call as `request`, after its own validation.
  const sendOperation = (operation: GatewayOperation, params: Readonly<Record<string, string>>, call?: GatewayCallOptions) => request(operation, params, call);

  async function request(operation: string, params: Readonly<Record<string, string>>, requestOptions: GatewayRequestOptions = {}): Promise<GatewayResult> {
    const command = readGatewayCommand(operation, requestOptions?.version);
    const found = Array.isArray(command) ? [...command, ...checkRequestParams(params)] : checkRequestParams(params);
    const method = requestOptions?.signatureMethod;
    if (method !== undefined && method !== 'HMAC-SHA1' && method !== 'RSA-SHA256') {
      found.push({ field: 'options.signatureMethod', rule: 'invalid-request', message: 'must be HMAC-SHA1 or RSA-SHA256' });
    }
    if (found.length > 0 || Array.isArray(command)) throw new GatewayValidationError(found);
    return send(command, params, method ?? methodFor(command), requestOptions);
  }

  const client: GatewayClient = {
    signatureMethods,
    request,
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
      return sendOperation('update-recurring-payments', { payload: encodeRecurringPaymentRows(rows, csvQuoting, 'rows') }, call);
    },
    async updateRecurringPayments(payments, call) {
      if (!Array.isArray(payments) || payments.length === 0) {
        throw new GatewayValidationError([{ field: 'payments', rule: 'required', message: 'give at least one recurring payment' }]);
      }
      const found = checkRecurringPayments(payments, { ...validation, csvQuoting });
      if (found.length > 0) throw new GatewayValidationError(found);
      return sendOperation('update-recurring-payments', { payload: encodeRecurringPaymentRows(payments.map(toWireRow), csvQuoting, 'payments') }, call);
    },
    async panEligibilitySend(request, call) {
      const found = checkPanEligibilitySend(request);
      if (found.length > 0) throw new GatewayValidationError(found);
      return sendOperation('pan-eligibility/send', toPanEligibilitySendParams(request), call);
    },
    async transfer(request, call) {
      const found = checkTransfer(request, validation);
      if (found.length > 0) throw new GatewayValidationError(found);
      return sendOperation('transfer', toTransferParams(request), call);
    },
  };
  return traceOperations(client, options.telemetry, pathPrefix, methodFor);
}

const KEY_OPTION: Readonly<Record<MerchantSignatureMethod, string>> = { 'HMAC-SHA1': 'controlKey', 'RSA-SHA256': 'privateKey' };

// One signer per key the merchant gave, made (and the key checked) when the client is.
function makeSigners(merchant: CheckedMerchantCredentials, options: GatewayClientOptions): Partial<Record<MerchantSignatureMethod, Signer>> {
  const signers: Partial<Record<MerchantSignatureMethod, Signer>> = {};
  const keys: SigningCredentials[] = [];
  if (merchant.controlKey !== undefined) keys.push({ signatureMethod: 'HMAC-SHA1', consumerSecret: merchant.controlKey });
  if (merchant.privateKey !== undefined) {
    keys.push({
      signatureMethod: 'RSA-SHA256',
      privateKey: merchant.privateKey,
      ...(options.minimumRsaKeyBits !== undefined && { minimumRsaKeyBits: options.minimumRsaKeyBits }),
    });
  }
  for (const key of keys) {
    const method = key.signatureMethod as MerchantSignatureMethod;
    try {
      signers[method] = createSigner({
        consumerKey: merchant.login,
        ...key,
        // The spec's HMAC example carries the oauth_* parameters in the body; its RSA examples do not.
        oauthParamsInBody: options.oauthParamsInBody ?? method === 'HMAC-SHA1',
        ...(options.realm !== undefined && { realm: options.realm }),
        ...(options.nonce !== undefined && { nonce: options.nonce }),
        ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
        ...(options.adapter !== undefined && { adapter: options.adapter }),
      });
    } catch (error) {
      if (error instanceof OAuthError) throw signingRefusal(error, KEY_OPTION[method]);
      throw error;
    }
  }
  return signers;
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
