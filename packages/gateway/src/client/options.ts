// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import type { CryptoAdapter } from '@paysign/oauth-core';
import type { Quoting } from '@paysign/payload-codec';
import type { MerchantCredentials, MerchantSignatureMethod } from '@paysign/protocol';
import type { GatewayTelemetry } from '../telemetry/telemetry.js';

/**
 * The signature methods the gateway accepts (`@paysign/protocol`'s `MerchantSignatureMethod`).
 *
 * @example
 * ```ts
 * import type { GatewaySignatureMethod } from '@paysign/gateway';
 *
 * const method: GatewaySignatureMethod = client.signatureMethods.transfer; // 'RSA-SHA256' with a privateKey, 'HMAC-SHA1' with only a controlKey
 * ```
 */
export type GatewaySignatureMethod = MerchantSignatureMethod;

/**
 * How a gateway client is set up, besides the merchant's credentials: where to send, and how.
 *
 * @example
 * ```ts
 * import { createGatewayClient, type GatewayClientSettings } from '@paysign/gateway';
 *
 * const settings: GatewayClientSettings = { baseUrl: 'https://sandbox.gate.example', endpointId: '1234', projectCurrency: 'EUR' };
 * const client = createGatewayClient({ ...settings, login: 'merchant-login', controlKey });
 * ```
 */
export interface GatewayClientSettings {
  /** The spec's `{sandbox_base_url}` or `{production_base_url}`, e.g. `https://sandbox.gate.example`. `https:` only (plain `http:` is accepted for loopback hosts: localhost, 127.0.0.0/8, [::1], for local emulators); no credentials, query or fragment. */
  baseUrl: string;
  /** The endpoint id assigned to the merchant; the last path segment. */
  endpointId: string;
  /**
   * Also put the `oauth_*` parameters into the form body. Default: `true` for HMAC-SHA1 and
   * `false` for RSA-SHA256, as the spec's examples do.
   */
  oauthParamsInBody?: boolean;
  /** The path before `/api/...`. Default `/payment`. */
  pathPrefix?: string;
  /** The currency of the assigned project: when set, every `currency` must equal it (rule 7). */
  projectCurrency?: string;
  /** CSV cells holding `;`, `"`, CR or LF: `'reject'` (default, the gateway's CSV parser is not documented) or `'rfc4180'` quoting. */
  csvQuoting?: Quoting;
  /** `'json'` asks for the JSON variant (`Accept: application/vnd.pay+json`). Default `'form'`. */
  responseFormat?: 'form' | 'json';
  /** The fetch to send with. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Milliseconds until a request (sending and reading the reply) is abandoned. Default 30 000. */
  timeoutMs?: number;
  /**
   * The largest reply read, in bytes (a positive whole number). Default
   * `DEFAULT_MAX_REPLY_BYTES`, 1 MiB. Reading stops at the cap and the call throws
   * `GatewayReplyTooLargeError` (`REPLY_TOO_LARGE`): the gateway answered, the request may have
   * been executed.
   */
  maxReplyBytes?: number;
  /** Aborts every request of this client. */
  signal?: AbortSignal;
  /** The `realm` of the Authorization header; the spec's examples show `realm=""`. Default: none. */
  realm?: string;
  /** RSA keys with a shorter modulus are refused. Default 2048 (the spec asks for 4096-bit keys). */
  minimumRsaKeyBits?: number;
  /** Makes `oauth_nonce` (default: 128 random bits). For tests and reproducible examples. */
  nonce?: () => string;
  /** Makes `oauth_timestamp` (default: now). For tests and reproducible examples. */
  timestamp?: () => number | string;
  /** The crypto adapter of `@paysign/oauth-core`. Default: the best one for the runtime. */
  adapter?: CryptoAdapter;
  /**
   * Where each operation call is reported, one span each (`paysign transfer`): `openTelemetry()`
   * of `@paysign/gateway/opentelemetry`. Default: none. Spans hold the operation, the URL
   * template, the HTTP status, the gateway's `type`, `status` and `serial-number` and the error
   * code; never a request field, a key, a signature, a header or a body.
   */
  telemetry?: GatewayTelemetry;
}

/**
 * How a gateway client is set up: the merchant's credentials (`login` with `controlKey`,
 * `privateKey` or both, and optionally `signatureMethods` per operation, from `@paysign/protocol`)
 * with the {@link GatewayClientSettings}. A client without a key, or choosing a method whose key
 * is not given, does not compile.
 *
 * @example
 * ```ts
 * import { createGatewayClient, type GatewayClientOptions } from '@paysign/gateway';
 *
 * const options: GatewayClientOptions = {
 *   baseUrl: 'https://sandbox.gate.example',
 *   endpointId: '1234',
 *   login: 'merchant-login',
 *   controlKey: Deno.env.get('GATEWAY_CONTROL_KEY')!, // pan-eligibility/send (HMAC-SHA1), and callbacks
 *   privateKey: await Deno.readTextFile('private-key.pem'), // update-recurring-payments and transfer (RSA-SHA256)
 *   projectCurrency: 'EUR',
 *   timeoutMs: 20_000,
 * };
 * const client = createGatewayClient(options);
 * ```
 */
export type GatewayClientOptions = MerchantCredentials & GatewayClientSettings;

/**
 * Per-call options.
 *
 * @example
 * ```ts
 * import type { GatewayCallOptions } from '@paysign/gateway';
 *
 * const call: GatewayCallOptions = { timeoutMs: 5_000, signal: AbortSignal.timeout(10_000) };
 * await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' }, call);
 * ```
 */
export interface GatewayCallOptions {
  /** Aborts this request. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this request. */
  timeoutMs?: number;
}

/**
 * Options of `client.request`: the per-call options, the command's version and the signature method.
 *
 * @example
 * ```ts
 * import type { GatewayRequestOptions } from '@paysign/gateway';
 *
 * const options: GatewayRequestOptions = { version: 'v4', signatureMethod: 'HMAC-SHA1', timeoutMs: 5_000 };
 * const result = await client.request('status', { client_orderid: 'order-1', orderid: '1234567' }, options);
 * ```
 */
export interface GatewayRequestOptions extends GatewayCallOptions {
  /** The version in the path (`v` and a number). Default: a wrapped operation's documented one (pan-eligibility/send: `v2`), else `v4`. */
  version?: string;
  /**
   * The method to sign with. Default: a wrapped operation's (`client.signatureMethods`), else the
   * client's `signatureMethod` when given, else RSA-SHA256 when the client holds a private key and
   * HMAC-SHA1 when it holds only the control key.
   */
  signatureMethod?: GatewaySignatureMethod;
}

/**
 * The default reply-size cap of a gateway client: 1 MiB (the gateway's replies are a few hundred bytes).
 *
 * @example
 * ```ts
 * import { createGatewayClient, DEFAULT_MAX_REPLY_BYTES } from '@paysign/gateway';
 *
 * const client = createGatewayClient({ ...options, maxReplyBytes: 4 * DEFAULT_MAX_REPLY_BYTES });
 * ```
 */
export const DEFAULT_MAX_REPLY_BYTES = 1_048_576;

/**
 * The default timeout of a gateway client's request, sending and reading the reply: 30 s.
 *
 * @example
 * ```ts
 * import { createGatewayClient, DEFAULT_TIMEOUT_MS } from '@paysign/gateway';
 *
 * const client = createGatewayClient({ ...options, timeoutMs: 2 * DEFAULT_TIMEOUT_MS });
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
