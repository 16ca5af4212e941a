import type { CryptoAdapter, MaybePromise, SignFunction } from '../adapters/types.js';
import { parseRequestUrl, uriOf } from '../base-string/base-string-uri.js';
import { parseFormPairs } from '../base-string/query.js';
import { normalizeMethod } from '../base-string/signature-base-string.js';
import { percentEncode } from '../encoding/percent-encode.js';
import { attribute, OAuthError, type OAuthErrorCode } from '../errors.js';
import { formatEncodedHeader } from '../header/authorization.js';
import { isPromiseLike, prepareSigning } from '../methods/prepare.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import { encodePairs } from '../parameters/normalize.js';
import { baseStringFromEncoded } from './base-string-from-encoded.js';
import type { ParameterInput, SignatureMethod, SigningCredentials } from '../types.js';
import { createNonceSource } from './nonce-source.js';
import { joinForm, protocolParameters, refuseProtocolNames, requireString, type ProtocolParameterSource } from './protocol-parameters.js';

/**
 * Who signs and how the request is laid out; the credentials come beside it ({@link SignerOptions}).
 *
 * @example
 * ```ts
 * const layout: SignerLayoutOptions = { consumerKey: 'merchant-login', realm: '', oauthParamsInBody: false };
 * ```
 */
export interface SignerLayoutOptions {
  /** `oauth_consumer_key`: at the gateway, the merchant login. */
  consumerKey: string;
  /** `oauth_token`, when the request is made on behalf of a resource owner. */
  token?: string;
  /** The `realm` of the Authorization header (never signed). The gateway's examples show `realm=""`. */
  realm?: string;
  /** Makes `oauth_nonce`. Default: 128 bits from a CSPRNG, as 32 letters a-p (no decimal digit, so never card-shaped in a log). */
  nonce?: () => string;
  /** Makes `oauth_timestamp`. Default: the current Unix time in seconds. */
  timestamp?: () => number | string;
  /** `oauth_version`: `'1.0'` (the default, as the gateway requires) or `false` to leave it out. */
  version?: '1.0' | false;
  /** Also place the `oauth_*` parameters in the form body (RFC 5849 §3.5.2), as the gateway's HMAC example does. */
  oauthParamsInBody?: boolean;
}

/**
 * How a signer is set up: the layout, and the credentials its method needs (a secret for
 * HMAC-* and PLAINTEXT, a private key for RSA-*), so that a signer without them does not type-check.
 *
 * @example
 * ```ts
 * const hmac: SignerOptions = { consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' };
 * const rsa: SignerOptions = { consumerKey: 'merchant-login', privateKey: pkcs8Pem, signatureMethod: 'RSA-SHA256' };
 * ```
 */
export type SignerOptions = SignerLayoutOptions & SigningCredentials;

/**
 * One request to sign.
 *
 * @example
 * ```ts
 * const request: SignRequest = { method: 'POST', url: 'https://sandbox.gate.example/payment/api/v4/transfer/1234', params: { amount: '10.00' } };
 * await signer.sign(request);
 * ```
 */
export interface SignRequest {
  /** HTTP method; default `POST`. */
  method?: string;
  /** The request URL; its query parameters are signed too. */
  url: string | URL;
  /** The form parameters (the body for POST/PUT/PATCH, else added to the query). */
  params?: ParameterInput;
  /** Extra protocol parameters to sign and send, such as `oauth_callback` or `oauth_verifier`. */
  oauthParams?: Readonly<Record<string, string>>;
}

/**
 * A signed request: everything needed to send it, and the base string for debugging.
 *
 * @example
 * ```ts
 * const signed: SignedRequest = await signer.sign({ url, params: { amount: '10.00' } });
 * await fetch(signed.url, { method: signed.method, headers: signed.headers, body: signed.body });
 * ```
 */
export interface SignedRequest {
  method: string;
  /** The URL to send to (for GET-like methods, with the parameters in its query). */
  url: string;
  /** The `Authorization` header value. */
  authorization: string;
  /** The protocol parameters that were signed, without `oauth_signature`. */
  oauthParams: Record<string, string>;
  /** The Base64 signature (raw, as signed; percent-encoded only inside the header). */
  signature: string;
  /** The signature base string (RFC 5849 §3.4.1.1). */
  baseString: string;
  /** The `application/x-www-form-urlencoded` body, RFC 3986-encoded: the bytes sent are the bytes signed. */
  body: string;
  /** Headers to send: `Authorization`, and `Content-Type` when there is a body. */
  headers: Record<string, string>;
}

/**
 * Signs requests with one set of credentials; keys are prepared once, at creation.
 *
 * @example
 * ```ts
 * const signer: Signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * signer.signatureMethod; // 'HMAC-SHA1'
 * ```
 */
export interface Signer {
  /** The signature method in use. */
  readonly signatureMethod: SignatureMethod;
  /** The crypto adapter in use (`node`, `webcrypto`, `js` or your own). */
  readonly adapterName: string;
  /** Signs a request. */
  sign(request: SignRequest): Promise<SignedRequest>;
}

/**
 * A signer whose adapter signs synchronously (node:crypto, pure JS): it also has `signSync`.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core/node';
 * const signer: SyncSigner = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * signer.signSync({ url, params: { amount: '10.00' } }).authorization;
 * ```
 */
export interface SyncSigner extends Signer {
  /** Signs a request synchronously. */
  signSync(request: SignRequest): SignedRequest;
}

const BODYLESS = /* @__PURE__ */ new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/** The option behind a credential error that does not name its own (the adapters' key errors). */
const CREDENTIAL_OPTION: Partial<Record<OAuthErrorCode, string>> = {
  UNSUPPORTED_SIGNATURE_METHOD: 'signatureMethod',
  MISSING_SECRET: 'consumerSecret',
  MISSING_KEY: 'privateKey',
  INVALID_KEY: 'privateKey',
  WEAK_KEY: 'privateKey',
  ADAPTER_UNAVAILABLE: 'adapter',
};

function optionError(error: unknown): unknown {
  return attribute(error, 'options', error instanceof OAuthError ? CREDENTIAL_OPTION[error.code] : undefined);
}

/** What §3.4.1.2 and §3.4.1.3.1 take from a request URL: the URL, its base string URI (percent-encoded, as §3.4.1.1 joins it), its query. */
interface UrlParts {
  url: URL;
  encodedUri: string;
  query: Parameter[];
}

function readUrl(input: string | URL): UrlParts {
  const url = parseRequestUrl(input);
  return { url, encodedUri: percentEncode(uriOf(url)), query: parseFormPairs(url.search.slice(1)) };
}

/** One request laid out for signing: its signature base string and what is sent beside it. */
interface LaidOut {
  method: string;
  url: URL;
  /** The form parameters, percent-encoded, in the order given. */
  params: [string, string][];
  /** The protocol parameters, in name order, and percent-encoded. */
  oauthParams: Record<string, string>;
  oauthEncoded: [string, string][];
  baseString: string;
}

/**
 * Creates a signer with the given crypto adapter: OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512,
 * RSA-SHA1/256/512 or PLAINTEXT. Every entry point's `createSigner` is this, bound to its adapter.
 * The HMAC key state or RSA key is prepared once here and reused for every request. Each request
 * goes through the RFC's steps in their order; two paths are faster than the steps as written,
 * each worth 10% or more end to end on the gateway's requests (bench/README.md, "The signer as the
 * RFC writes it") and held equal to `signatureBaseStringParts` (the steps as written) by one
 * property in conformance/suites/properties.ts: the parts of the last URL signed are kept (a
 * client signs to the same few URLs again), and the base string is joined from the pairs encoded
 * once (`base-string-from-encoded.ts`) instead of encoding the normalized parameters again.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET`, `MISSING_KEY`,
 *   `INVALID_KEY`, `WEAK_KEY`, `ADAPTER_UNAVAILABLE` or `INVALID_PARAMETER` for unusable options
 *   (`source` `'options'`, `field` the option).
 * @example
 * ```ts
 * const signer = createSignerWith(adapter, { consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * const signed = await signer.sign({ url: 'https://sandbox.gate.example/payment/api/v4/transfer/1234', params: { amount: '10.00' } });
 * ```
 */
export function createSignerWith(adapter: CryptoAdapter, options: SignerOptions): Signer | SyncSigner {
  if (options === null || typeof options !== 'object') {
    throw new OAuthError('INVALID_PARAMETER', 'the signer options must be an object', { source: 'options' });
  }
  const consumerKey = requireString(options.consumerKey, 'consumerKey');
  const token = options.token === undefined ? undefined : requireString(options.token, 'token');
  const { realm, oauthParamsInBody = false } = options;
  const protocol: ProtocolParameterSource = {
    consumerKey,
    signatureMethod: options.signatureMethod,
    nonce: options.nonce ?? createNonceSource(adapter),
    timestamp: options.timestamp ?? (() => Math.floor(Date.now() / 1000)),
    token,
    version: options.version ?? '1.0',
  };

  // The key, prepared once (§3.4.2: the HMAC key state; §3.4.3: the imported RSA key). An
  // asynchronous import is started now; its failure surfaces at sign().
  let prepared: MaybePromise<SignFunction>;
  try {
    prepared = prepareSigning(options, adapter);
  } catch (error) {
    throw optionError(error);
  }
  if (isPromiseLike(prepared)) {
    prepared = prepared.then(
      (fn) => (prepared = fn),
      (error: unknown) => Promise.reject(optionError(error)),
    );
    // sign() rejects with the import's error; until it is called, the failure is not unhandled.
    prepared.then(undefined, () => undefined);
  }

  // conformance/suites/properties.ts holds every base string signed through it equal to signatureBaseString's.
  let lastUrl: { href: string; parts: UrlParts } | undefined;
  function readUrlOnce(input: string | URL): UrlParts {
    const href = typeof input === 'string' ? input : input?.href;
    if (lastUrl?.href !== href || typeof href !== 'string') lastUrl = { href, parts: readUrl(input) };
    return lastUrl.parts;
  }

  // RFC 5849 §3.4.1: the signature base string of one request, its steps in the RFC's order.
  function layOut(request: SignRequest): LaidOut {
    if (request === null || typeof request !== 'object') {
      throw new OAuthError('INVALID_PARAMETER', 'the request must be an object', { source: 'request' });
    }
    let field = 'method';
    try {
      // §3.4.1.1 step 1: the HTTP request method, uppercase.
      const method = normalizeMethod(request.method ?? 'POST');
      // §3.4.1.2: the base string URI.
      field = 'url';
      const { url, encodedUri, query } = readUrlOnce(request.url);
      // §3.4.1.3.1: the parameter sources: the query (above), the form body, the protocol parameters.
      field = 'params';
      const params = collectParameters(request.params);
      field = 'oauthParams';
      const oauthParams = protocolParameters(protocol, request.oauthParams);
      // A protocol name in the query or the parameters would be signed twice.
      refuseProtocolNames(query, oauthParams, 'url');
      refuseProtocolNames(params, oauthParams, 'params');
      const oauth = Object.entries(oauthParams);
      // §3.4.1.3.2 step 1: every name and value encoded; then steps 2-4 and §3.4.1.1's concatenation.
      field = 'params';
      const encoded = encodePairs(query.concat(params, oauth));
      const baseString = baseStringFromEncoded(method, encodedUri, encoded);
      const oauthEncoded = encoded.slice(encoded.length - oauth.length);
      return { method, url, params: encoded.slice(query.length, query.length + params.length), oauthParams, oauthEncoded, baseString };
    } catch (error) {
      throw attribute(error, 'request', field);
    }
  }

  // §3.5: the signature goes in the Authorization header (§3.5.1), and in the body when asked (§3.5.2).
  function finish(laidOut: LaidOut, signature: string): SignedRequest {
    const { method, url, params, oauthParams, oauthEncoded, baseString } = laidOut;
    const signatureParam: [string, string] = ['oauth_signature', percentEncode(signature)];
    const authorization = formatEncodedHeader(oauthEncoded.concat([signatureParam]), realm);
    const sent = oauthParamsInBody ? params.concat(oauthEncoded, [signatureParam]) : params;
    const headers: Record<string, string> = { Authorization: authorization };
    let body = '';
    let target = url.href;
    if (BODYLESS.has(method)) {
      if (sent.length > 0) target = `${url.origin}${url.pathname}${url.search === '' ? '?' : `${url.search}&`}${joinForm(sent)}`;
    } else {
      body = joinForm(sent);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    return { method, url: target, authorization, oauthParams, signature, baseString, body, headers };
  }

  const signer: Signer = {
    signatureMethod: options.signatureMethod,
    adapterName: adapter.name,
    async sign(request) {
      const laidOut = layOut(request);
      // §3.4.2 HMAC-SHA*, §3.4.3 RSA-SHA*, §3.4.4 PLAINTEXT, with the prepared key.
      // An adapter's offThread signs away from this thread (node's RSA: on the thread pool).
      const sign = await prepared;
      return finish(laidOut, await (sign.offThread ?? sign)(laidOut.baseString));
    },
  };
  if (!adapter.synchronous) return signer;
  return {
    ...signer,
    signSync(request) {
      const laidOut = layOut(request);
      const signature = isPromiseLike(prepared) ? undefined : prepared(laidOut.baseString);
      if (signature === undefined || isPromiseLike(signature)) {
        throw new OAuthError('SYNC_UNSUPPORTED', `the ${adapter.name} adapter signed asynchronously; use sign()`, { source: 'options', field: 'adapter' });
      }
      return finish(laidOut, signature);
    },
  };
}
