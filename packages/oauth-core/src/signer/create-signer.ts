import type { CryptoAdapter, MaybePromise, SignFunction } from '../adapters/types.js';
import { baseStringUri, parseRequestUrl } from '../base-string/base-string-uri.js';
import { parseFormPairs } from '../base-string/query.js';
import { baseStringFromSegments, createParameterOrder, encodedPair, normalizeMethod, type EncodedPair } from '../base-string/signature-base-string.js';
import { encodeOnceAndTwice, type FastEncoder } from '../encoding/encode-twice.js';
import { percentEncode } from '../encoding/percent-encode.js';
import { OAuthError } from '../errors.js';
import { formatEncodedHeader } from '../header/authorization.js';
import { isPromiseLike, prepareSigning } from '../methods/prepare.js';
import { collectParameters } from '../parameters/collect.js';
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
  /** Makes `oauth_nonce`. Default: 128 bits from a CSPRNG, as 32 hex digits. */
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

/** What the signer derives from a URL; kept for the last URL, since a client signs for few URLs. */
interface UrlParts {
  url: URL;
  /** The base string URI, percent-encoded for the base string. */
  encodedUri: string;
  query: EncodedPair[];
}

function readUrl(input: string | URL, encodeFast: FastEncoder | undefined): UrlParts {
  const url = parseRequestUrl(input);
  const query = parseFormPairs(url.search.slice(1)).map(([name, value]) => encodedPair(encodeOnceAndTwice(name, encodeFast), value, encodeFast));
  return { url, encodedUri: percentEncode(baseStringUri(url)), query };
}

/** Adds caller-given protocol parameters (oauth_callback, oauth_verifier...), keeping name order. */
function withProtocolParameters(oauthParams: Record<string, string>, extra: Readonly<Record<string, string>>): Record<string, string> {
  for (const name of Object.keys(extra)) {
    if (!name.startsWith('oauth_') || name in oauthParams || name === 'oauth_signature') {
      throw new OAuthError('INVALID_PARAMETER', `oauthParams may add protocol parameters, not ${name}`);
    }
  }
  const all: Record<string, string> = { ...oauthParams, ...extra };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, String(all[name])]),
  );
}

/**
 * Creates a signer with the given crypto adapter: OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512,
 * RSA-SHA1/256/512 or PLAINTEXT. Every entry point's `createSigner` is this, bound to its adapter.
 * The HMAC key state or RSA key is prepared once here and reused for every request.
 * `encodeFast` (`encodeValueFast`) encodes values that need escaping in one pass; the entries
 * that can afford its size pass it, and the output is the same bytes either way.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET`, `MISSING_KEY`,
 *   `INVALID_KEY`, `WEAK_KEY`, `ADAPTER_UNAVAILABLE` or `INVALID_PARAMETER` for unusable options.
 * @example
 * ```ts
 * const signer = createSignerWith(adapter, { consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * const signed = await signer.sign({ url: 'https://sandbox.gate.example/payment/api/v2/transfer/1234', params: { amount: '10.00' } });
 * ```
 */
export function createSignerWith(adapter: CryptoAdapter, options: SignerOptions, encodeFast?: FastEncoder): Signer | SyncSigner {
  if (options === null || typeof options !== 'object') throw new OAuthError('INVALID_PARAMETER', 'the signer options must be an object');
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

  // Import the key once. An asynchronous import is started now; its failure surfaces at sign().
  let prepared: MaybePromise<SignFunction> = prepareSigning(options, adapter);
  if (isPromiseLike(prepared)) {
    prepared = prepared.then((fn) => (prepared = fn));
    // sign() rejects with the import's error; until it is called, the failure is not unhandled.
    prepared.then(undefined, () => undefined);
  }

  let lastUrl: { key: string | undefined; parts: UrlParts } | undefined;
  // A client sends the same parameter names on every request: their encodings are remembered
  // (bounded; names only, since values may be card numbers and are never kept).
  const encodedNames = new Map<string, [string, string]>();
  function encodeName(name: string): [string, string] {
    let encoded = encodedNames.get(name);
    if (encoded === undefined) {
      encoded = encodeOnceAndTwice(name, encodeFast);
      // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: the bound of a cache of name encodings: storing always, never, or one name more or less changes memory and speed only (a miss encodes the name again, to the same bytes)
      if (encodedNames.size < 1024) encodedNames.set(name, encoded);
    }
    return encoded;
  }
  // The protocol parameters fixed by the options (consumer key, method, token, version),
  // encoded once here: per request only the nonce and the timestamp are encoded.
  const fixedPairs = new Map<string, EncodedPair>();
  // Stryker disable BlockStatement: the loop's body (a next-line comment cannot reach its line): without the pairs fixed by the options, layout() encodes each protocol pair per request (fixedPairs.get(name) ?? encodedPair(...)), to the same bytes
  for (const [name, value] of [
    ['oauth_consumer_key', consumerKey],
    ['oauth_signature_method', protocol.signatureMethod],
    ['oauth_token', token],
    ['oauth_version', protocol.version],
  ] as const) {
    // Stryker disable next-line StringLiteral,CallExpression: without the pairs fixed by the options, layout() encodes each protocol pair per request (fixedPairs.get(name) ?? encodedPair(...)), to the same bytes
    if (typeof value === 'string') fixedPairs.set(name, encodedPair(encodeName(name), value, encodeFast));
  }
  // Stryker restore BlockStatement
  const order = createParameterOrder();
  function encodeParams(pairs: readonly (readonly [string, string])[]): EncodedPair[] {
    // Indexed, not destructured: destructuring a pair runs the iterator protocol on V8.
    // Stryker disable next-line ArrayDeclaration: an array filled by index from 0 to its end is the same array with or without its length given first
    const encoded: EncodedPair[] = new Array(pairs.length);
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[i] as readonly [string, string];
      encoded[i] = encodedPair(encodeName(pair[0]), pair[1], encodeFast);
    }
    return encoded;
  }

  // RFC 5849 §3.4.1: the request's parts, in the order the base string takes them.
  function layout(request: SignRequest) {
    if (request === null || typeof request !== 'object') throw new OAuthError('INVALID_PARAMETER', 'the request must be an object');
    const httpMethod = normalizeMethod(request.method ?? 'POST');
    const key = typeof request.url === 'string' ? request.url : request.url?.href;
    if (lastUrl === undefined || lastUrl.key !== key) lastUrl = { key, parts: readUrl(request.url, encodeFast) };
    const urlParts = lastUrl.parts;
    const params = encodeParams(collectParameters(request.params));

    let oauthParams = protocolParameters(protocol);
    if (request.oauthParams) oauthParams = withProtocolParameters(oauthParams, request.oauthParams);
    // A protocol name in the query or the parameters would be signed twice (RFC 5849 §3.4.1.3.1).
    refuseProtocolNames(urlParts.query, oauthParams, "the URL's query");
    refuseProtocolNames(params, oauthParams, 'params');
    const oauthEncoded: EncodedPair[] = [];
    for (const name in oauthParams) oauthEncoded.push(fixedPairs.get(name) ?? encodedPair(encodeName(name), oauthParams[name] as string, encodeFast));
    const all = urlParts.query.length === 0 ? params.concat(oauthEncoded) : urlParts.query.concat(params, oauthEncoded);
    const baseString = baseStringFromSegments(httpMethod, urlParts.encodedUri, all, order(all));
    return { httpMethod, url: urlParts.url, params, oauthParams, oauthEncoded, baseString };
  }

  // RFC 5849 §3.5: the signature goes in the header, and in the body when asked.
  function finish(parts: ReturnType<typeof layout>, signature: string): SignedRequest {
    const { httpMethod, url, params, oauthParams, oauthEncoded, baseString } = parts;
    const signatureParam: EncodedPair = ['oauth_signature', percentEncode(signature), ''];
    const authorization = formatEncodedHeader(oauthEncoded.concat([signatureParam]), realm);
    const sent = oauthParamsInBody ? params.concat(oauthEncoded, [signatureParam]) : params;
    const headers: Record<string, string> = { Authorization: authorization };
    let body = '';
    let target = url.href;
    if (BODYLESS.has(httpMethod)) {
      if (sent.length > 0) target = `${url.origin}${url.pathname}${url.search === '' ? '?' : `${url.search}&`}${joinForm(sent)}`;
    } else {
      body = joinForm(sent);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    return { method: httpMethod, url: target, authorization, oauthParams, signature, baseString, body, headers };
  }

  const signer: Signer = {
    signatureMethod: options.signatureMethod,
    adapterName: adapter.name,
    async sign(request) {
      const parts = layout(request);
      const sign = await prepared;
      return finish(parts, await sign(parts.baseString));
    },
  };
  if (!adapter.synchronous) return signer;
  return {
    ...signer,
    signSync(request) {
      const parts = layout(request);
      const signature = isPromiseLike(prepared) ? undefined : prepared(parts.baseString);
      if (signature === undefined || isPromiseLike(signature)) {
        throw new OAuthError('SYNC_UNSUPPORTED', `the ${adapter.name} adapter signed asynchronously; use sign()`);
      }
      return finish(parts, signature);
    },
  };
}
