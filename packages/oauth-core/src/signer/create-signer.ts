import { adapter as defaultAdapter } from '#adapter';
import type { CryptoAdapter, MaybePromise, SignFunction } from '../adapters/types.js';
import { baseStringUri, parseRequestUrl } from '../base-string/base-string-uri.js';
import { parseFormPairs } from '../base-string/query.js';
import { baseStringFromEncoded, normalizeMethod } from '../base-string/signature-base-string.js';
import { percentEncode } from '../encoding/percent-encode.js';
import { OAuthError } from '../errors.js';
import { formatEncodedHeader } from '../header/authorization.js';
import { prepareSigning } from '../methods/prepare.js';
import { describeSignatureMethod } from '../methods/signature-methods.js';
import { collectParameters } from '../parameters/collect.js';
import { encodePairs } from '../parameters/normalize.js';
import {
  joinForm,
  protocolParameters,
  refuseProtocolNames,
  requireString,
  type ProtocolParameterSource,
} from './protocol-parameters.js';
import type { ParameterInput, SigningCredentials } from '../types.js';

/** How a signer is set up: who signs, with what, and how the request is laid out. */
export interface SignerOptions extends SigningCredentials {
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
  /** The crypto adapter; default: the best one for this runtime, chosen by the package's export map. */
  adapter?: CryptoAdapter;
}

/** One request to sign. */
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

/** A signed request: everything needed to send it, and the base string for debugging. */
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

/** Signs requests with one set of credentials; keys are prepared once, at creation. */
export interface Signer {
  /** The signature method in use. */
  readonly signatureMethod: SigningCredentials['signatureMethod'];
  /** The crypto adapter in use (`node`, `webcrypto`, `js` or your own). */
  readonly adapterName: string;
  /** Signs a request. */
  sign(request: SignRequest): Promise<SignedRequest>;
  /** Signs a request synchronously; throws `SYNC_UNSUPPORTED` where the adapter is asynchronous. */
  signSync(request: SignRequest): SignedRequest;
}

const BODYLESS = /* @__PURE__ */ new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
const HEX_BYTE = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));

/** 128-bit nonces as 32 hex digits, drawn from a pool so the CSPRNG is called once per 64 nonces. */
function createNonceSource(adapter: CryptoAdapter): () => string {
  let pool: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    if (offset + 16 > pool.length) {
      pool = adapter.randomBytes(1024);
      offset = 0;
    }
    let hex = '';
    for (let end = offset + 16; offset < end; offset++) hex += HEX_BYTE[pool[offset] as number];
    return hex;
  };
}

/** What the signer derives from a URL; kept for the last URL, since a client signs for few URLs. */
interface UrlParts {
  url: URL;
  uri: string;
  query: [string, string][];
}

function readUrl(input: string | URL): UrlParts {
  const url = parseRequestUrl(input);
  const query = parseFormPairs(url.search.slice(1));
  if (query.some(([name]) => name === 'oauth_signature')) {
    throw new OAuthError('INVALID_URL', 'the request URL already carries an oauth_signature');
  }
  return { url, uri: baseStringUri(url), query: encodePairs(query) };
}

/** Adds caller-given protocol parameters (oauth_callback, oauth_verifier...), keeping name order. */
function withProtocolParameters(oauthParams: Record<string, string>, extra: Readonly<Record<string, string>>): Record<string, string> {
  for (const name of Object.keys(extra)) {
    if (!name.startsWith('oauth_') || name in oauthParams || name === 'oauth_signature') {
      throw new OAuthError('INVALID_PARAMETER', `oauthParams may add protocol parameters, not ${name}`);
    }
  }
  const all: Record<string, string> = { ...oauthParams, ...extra };
  return Object.fromEntries(Object.keys(all).sort().map((name) => [name, String(all[name])]));
}

/**
 * Creates a signer: OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512, RSA-SHA1/256/512 or
 * PLAINTEXT. The HMAC key state or RSA key is prepared once here and reused for every request.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET`, `MISSING_KEY`,
 *   `INVALID_KEY`, `WEAK_KEY` or `INVALID_PARAMETER` for unusable options.
 * @example
 * ```ts
 * const signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * const signed = await signer.sign({
 *   url: 'https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1234',
 *   params: { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' },
 * });
 * await fetch(signed.url, { method: signed.method, headers: signed.headers, body: signed.body });
 * ```
 */
export function createSigner(options: SignerOptions): Signer {
  const adapter = options.adapter ?? defaultAdapter;
  const consumerKey = requireString(options.consumerKey, 'consumerKey');
  const method = describeSignatureMethod(options.signatureMethod);
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
  if (method.kind === 'rsa' && options.privateKey === undefined) {
    throw new OAuthError('MISSING_KEY', `privateKey is required for ${options.signatureMethod}`);
  }

  // Import the key once. An asynchronous import is started now; its failure surfaces at sign().
  let prepared: MaybePromise<SignFunction> = prepareSigning(options, adapter);
  if (prepared instanceof Promise) {
    prepared.catch(() => undefined);
    prepared = prepared.then((fn) => (prepared = fn));
  }

  let lastUrl: { key: string; parts: UrlParts } | undefined;
  // A client sends the same parameter names on every request: their encodings are remembered
  // (bounded; names only, since values may be card numbers and are never kept).
  const encodedNames = new Map<string, string>();
  function encodeParams(pairs: readonly (readonly [string, string])[]): [string, string][] {
    return pairs.map(([name, value]) => {
      let encoded = encodedNames.get(name);
      if (encoded === undefined) {
        encoded = percentEncode(name);
        if (encodedNames.size < 1024) encodedNames.set(name, encoded);
      }
      return [encoded, percentEncode(value)];
    });
  }

  function layout(request: SignRequest) {
    if (request === null || typeof request !== 'object') throw new OAuthError('INVALID_PARAMETER', 'the request must be an object');
    const httpMethod = normalizeMethod(request.method ?? 'POST');
    const key = typeof request.url === 'string' ? request.url : request.url?.href;
    if (lastUrl === undefined || lastUrl.key !== key) lastUrl = { key, parts: readUrl(request.url) };
    const urlParts = lastUrl.parts;
    const params = encodeParams(collectParameters(request.params));

    let oauthParams = protocolParameters(protocol);
    if (request.oauthParams) oauthParams = withProtocolParameters(oauthParams, request.oauthParams);
    const oauthEncoded = encodeParams(Object.entries(oauthParams));
    refuseProtocolNames(params, oauthParams);
    const baseString = baseStringFromEncoded(httpMethod, urlParts.uri, [...urlParts.query, ...params, ...oauthEncoded]);
    return { httpMethod, url: urlParts.url, params, oauthParams, oauthEncoded, baseString };
  }

  function finish(parts: ReturnType<typeof layout>, signature: string): SignedRequest {
    const { httpMethod, url, params, oauthParams, oauthEncoded, baseString } = parts;
    const signatureParam: [string, string] = ['oauth_signature', percentEncode(signature)];
    const authorization = formatEncodedHeader([...oauthEncoded, signatureParam], realm);
    const sent = oauthParamsInBody ? [...params, ...oauthEncoded, signatureParam] : params;
    const headers: Record<string, string> = { Authorization: authorization };
    let body = '';
    let target = url.href;
    if (BODYLESS.has(httpMethod)) {
      if (sent.length > 0) target = `${url.origin}${url.pathname}${url.search === '' ? '?' : url.search + '&'}${joinForm(sent)}`;
    } else {
      body = joinForm(sent);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    return { method: httpMethod, url: target, authorization, oauthParams, signature, baseString, body, headers };
  }

  return {
    signatureMethod: options.signatureMethod,
    adapterName: adapter.name,
    async sign(request) {
      const parts = layout(request);
      const sign = await prepared;
      return finish(parts, await sign(parts.baseString));
    },
    signSync(request) {
      if (prepared instanceof Promise || !adapter.synchronous) {
        throw new OAuthError('SYNC_UNSUPPORTED', `the ${adapter.name} adapter signs asynchronously; use sign()`);
      }
      const parts = layout(request);
      const signature = prepared(parts.baseString);
      if (signature instanceof Promise) {
        throw new OAuthError('SYNC_UNSUPPORTED', `the ${adapter.name} adapter signs asynchronously; use sign()`);
      }
      return finish(parts, signature);
    },
  };
}
