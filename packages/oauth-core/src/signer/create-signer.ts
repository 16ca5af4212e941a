import type { CryptoAdapter, MaybePromise, SignFunction } from '../adapters/types.js';
import { parseRequestUrl, uriOf } from '../base-string/base-string-uri.js';
import { parseFormPairs } from '../base-string/query.js';
import { normalizeMethod } from '../base-string/signature-base-string.js';
import { type EncodedPair, encodePair, type PairEncoder } from '../encoding/encode-pair.js';
import { percentEncodeNative } from '../encoding/percent-encode.js';
import { attribute, refuse } from '../errors.js';
import { formatEncodedHeader } from '../header/authorization.js';
import { isPromiseLike, prepareSigning } from '../methods/prepare.js';
import { findSignatureMethod, type MethodKind } from '../methods/signature-methods.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import { baseStringFromEncoded } from './base-string-from-encoded.js';
import type { HashName, ParameterInput, SignatureMethod, SigningCredentials } from '../types.js';
import { createNonceSource } from './nonce-source.js';
import { BODY_HASHES, type BodyHashOption, FORM_TYPE, oneOf, readRequestBody, type RequestBody } from './request-body.js';
import { joinForm, protocolParametersOf, refuseProtocolNames, requireString } from './protocol-parameters.js';

/**
 * Where the protocol parameters travel (RFC 5849 §3.5): the `Authorization` header (§3.5.1), the
 * form body (§3.5.2) or the query string (§3.5.3), "one and only one" of them.
 *
 * @example
 * ```ts
 * const transmission: Transmission = 'query'; // WooCommerce, Magento: oauth_* in the URL, no header
 * ```
 */
export type Transmission = 'header' | 'query' | 'body';

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
  /** `oauth_token`, when the request is made on behalf of a resource owner (its secret is `tokenSecret`). A request's own `token` replaces it. */
  token?: string;
  /** The `realm` of the Authorization header (never signed; not sent by the query or body transmissions). The gateway's examples show `realm=""`. */
  realm?: string;
  /** Makes `oauth_nonce`. Default: 128 bits from a CSPRNG, as 32 letters a-p (no decimal digit, so never card-shaped in a log). */
  nonce?: () => string;
  /** Makes `oauth_timestamp`. Default: the current Unix time in seconds. */
  timestamp?: () => number | string;
  /** `oauth_version`: `'1.0'` (the default, as the gateway requires) or `false` to leave it out. */
  version?: '1.0' | false;
  /**
   * Where the protocol parameters go (RFC 5849 §3.5), unless a request says: `'header'` (the
   * default), `'query'` or `'body'` (a form body only).
   */
  transmission?: Transmission;
  /**
   * The gateway's layout: the `Authorization` header AND a copy of the `oauth_*` parameters in
   * the form body (in the query for GET, HEAD, DELETE and OPTIONS), as the gateway's HMAC example
   * does. Only with the `'header'` transmission. RFC 5849 §3.5 wants one place, so other servers
   * may refuse it; the project's verifier accepts it with `allowParametersInHeaderAndBody`.
   */
  oauthParamsInBody?: boolean;
  /** `oauth_body_hash` for bodies that are not forms: `false` for none, or the digest. Default: the signature method's ({@link BodyHashOption}). */
  bodyHash?: BodyHashOption;
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
 * The token a request is signed for (RFC 5849 §2.3 token credentials): `oauth_token`, and its
 * secret in the HMAC and PLAINTEXT key (RSA does not use it).
 *
 * @example
 * ```ts
 * const token: TokenCredentials = { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' };
 * await signer.sign({ method: 'GET', url, token });
 * ```
 */
export interface TokenCredentials {
  /** `oauth_token`. */
  key: string;
  /** The token secret. */
  secret: string;
}

/**
 * One request to sign.
 *
 * @example
 * ```ts
 * const request: SignRequest = { method: 'POST', url: 'https://sandbox.gate.example/payment/api/v4/transfer/1234', params: { amount: '10.00' } };
 * await signer.sign(request);
 * await signer.sign({ url: 'https://api.example/v1/orders', body: JSON.stringify(order), contentType: 'application/json' });
 * ```
 */
export interface SignRequest {
  /** HTTP method; default `POST`. */
  method?: string;
  /** The request URL; its query parameters are signed too. */
  url: string | URL;
  /** The form parameters (the body for POST/PUT/PATCH, else added to the query). Not with `body`. */
  params?: ParameterInput;
  /**
   * The body, sent as given. With a form `contentType` its pairs are signed (§3.4.1.3.1); with
   * any other, it is not parsed and `oauth_body_hash` signs its bytes (a string's UTF-8).
   * Needs `contentType`; not for GET or HEAD; not with `params`.
   */
  body?: string | Uint8Array;
  /** The body's media type, sent as `Content-Type`; `application/x-www-form-urlencoded` (any case, any parameters) makes it a form. */
  contentType?: string;
  /** Signs for this token instead of the signer's own (`token` and `tokenSecret`). */
  token?: TokenCredentials;
  /** Where the protocol parameters go for this request; default the signer's `transmission`. */
  transmission?: Transmission;
  /** `oauth_body_hash` for this request; default the signer's `bodyHash`. */
  bodyHash?: BodyHashOption;
  /** Extra protocol parameters to sign and send, such as `oauth_callback` or `oauth_verifier`. */
  oauthParams?: Readonly<Record<string, string>>;
}

/**
 * A signed request: everything needed to send it, and the base string for debugging. `Body` is
 * `string` unless the request's body is a `Uint8Array` (see {@link SignedBodyOf}).
 *
 * @example
 * ```ts
 * const signed: SignedRequest = await signer.sign({ url, params: { amount: '10.00' } });
 * await fetch(signed.url, { method: signed.method, headers: signed.headers, body: signed.body });
 * ```
 */
export interface SignedRequest<Body extends string | Uint8Array = string> {
  method: string;
  /** The URL to send to (for GET-like methods, with the parameters in its query; with the `'query'` transmission, with the protocol parameters too). */
  url: string;
  /** The `Authorization` header value; `''` with the `'query'` and `'body'` transmissions, which send no header. */
  authorization: string;
  /** The protocol parameters that were signed, without `oauth_signature`. */
  oauthParams: Record<string, string>;
  /** The Base64 signature (raw, as signed; percent-encoded only inside the header). */
  signature: string;
  /** The signature base string (RFC 5849 §3.4.1.1). */
  baseString: string;
  /**
   * The body to send, `''` when there is none: the caller's `body` as given (a `Uint8Array`
   * stays one, unless protocol parameters were added to its form), or the form of `params`,
   * RFC 3986-encoded: the bytes sent are the bytes signed.
   */
  body: Body;
  /** Headers to send: `Authorization` (header transmission), and `Content-Type` when there is a body. */
  headers: Record<string, string>;
}

/**
 * The type of `signed.body` for a request: `string`, or `string | Uint8Array` when the request's
 * body may be a `Uint8Array`.
 *
 * @example
 * ```ts
 * type FromBytes = SignedBodyOf<{ url: string; body: Uint8Array; contentType: string }>; // string | Uint8Array
 * type FromForm = SignedBodyOf<{ url: string; params: { a: string } }>; // string
 * ```
 */
export type SignedBodyOf<R> = R extends { body?: infer B } ? ([Extract<B, Uint8Array>] extends [never] ? string : string | Uint8Array) : string;

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
  sign<R extends SignRequest>(request: R): Promise<SignedRequest<SignedBodyOf<R>>>;
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
  signSync<R extends SignRequest>(request: R): SignedRequest<SignedBodyOf<R>>;
}

const BODYLESS = /* @__PURE__ */ new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
/** The values of {@link Transmission}. */
const TRANSMISSIONS: readonly Transmission[] = ['header', 'query', 'body'];
/** How many prepared keys of per-request token secrets a signer keeps (HMAC, PLAINTEXT). */
const TOKEN_KEYS_KEPT = 16;

/** What §3.4.1.2 and §3.4.1.3.1 take from a request URL (`href`, as given): the URL, its base string URI and its query's pairs, each percent-encoded once per URL. */
interface UrlParts {
  href: string | undefined;
  url: URL;
  encodedUri: string;
  query: EncodedPair[];
}

/**
 * One request as read and checked: its token, the digest of its body when `oauth_body_hash` is
 * sent (draft-eaton-oauth-bodyhash-00 §3.1, Base64, as the adapter gives it), and the next step.
 */
interface ReadRequest {
  token: TokenCredentials | undefined;
  digest: MaybePromise<string> | undefined;
  /** Makes the protocol parameters (with the body's digest) and lays the request out for signing. */
  layOut(bodyHash: string | undefined): LaidOut;
}

/** One request laid out for signing: its signature base string, and the step that sends the signature with it. */
interface LaidOut {
  baseString: string;
  /** The request as sent, with its signature. */
  finish(signature: string): SignedRequest<string | Uint8Array>;
}

/** Two forms as one: `&` between them when both have pairs. */
function joinForms(first: string, second: string): string {
  return first === '' ? second : second === '' ? first : `${first}&${second}`;
}

/** Prepares the signing function of one set of credentials ({@link prepareSigning}, or `/hmac`'s HMAC-only part). */
export type PrepareSigning = (credentials: SigningCredentials, adapter: CryptoAdapter) => MaybePromise<SignFunction>;

/** A signer's steps for one request, used by `sign` and `signSync`: read it (then lay it out and finish it), and the key of its token. */
interface SigningSteps {
  read(request: SignRequest): ReadRequest;
  keyFor(token: TokenCredentials | undefined): MaybePromise<SignFunction>;
}

/**
 * What a signer is made of besides its adapter and options: its signature method as looked up
 * (`undefined` for an unknown name, refused when the key is prepared), how its key is prepared,
 * how each parameter is encoded ({@link PairEncoder}). The `/hmac` entry gives HMAC-only parts, so that its bundle
 * carries no RSA or PLAINTEXT.
 */
export interface SignerParts {
  method: MethodKind | undefined;
  prepare: PrepareSigning;
  encodePair: PairEncoder;
}

/** Checks the options and prepares the key once; returns the steps that sign each request. */
function prepareSteps(adapter: CryptoAdapter, options: SignerOptions, { method, prepare, encodePair }: SignerParts): SigningSteps {
  if (options === null || typeof options !== 'object') refuse(undefined, 'the signer options must be an object', 'options');
  requireString(options.consumerKey, 'consumerKey');
  const ownToken = options.token === undefined ? undefined : requireString(options.token, 'token');
  const { realm, oauthParamsInBody = false } = options;
  const defaultTransmission = oneOf(options.transmission, TRANSMISSIONS, 'transmission', 'options') ?? 'header';
  const bodyHashOption = oneOf(options.bodyHash, BODY_HASHES, 'bodyHash', 'options');
  // draft-eaton-oauth-bodyhash-00 hashes with the signature method's hash; PLAINTEXT has none: SHA-1, as the draft.
  const methodHash: HashName = (method as { hash?: HashName } | undefined)?.hash ?? 'SHA-1';
  const protocolParameters = protocolParametersOf(options, createNonceSource(adapter), encodePair);
  // §3.4.1.3.2 step 1: each pair encoded, with the pair as the base string carries it.
  const encodeEach = (pairs: readonly Parameter[]): EncodedPair[] => pairs.map((pair) => encodePair(pair[0], pair[1]));

  // The key, prepared once (§3.4.2: the HMAC key state; §3.4.3: the imported RSA key). An
  // asynchronous import is started now; its failure surfaces at sign().
  function prepareKey(credentials: SigningCredentials): { current: MaybePromise<SignFunction> } {
    const key: { current: MaybePromise<SignFunction> } = { current: prepare(credentials, adapter) };
    if (isPromiseLike(key.current)) {
      key.current = key.current.then(
        (fn) => (key.current = fn),
        (error: unknown) => Promise.reject(attribute(error, 'options')),
      );
      // sign() rejects with the import's error; until it is called, the failure is not unhandled.
      key.current.then(undefined, () => undefined);
    }
    return key;
  }
  let own: { current: MaybePromise<SignFunction> };
  try {
    own = prepareKey(options);
  } catch (error) {
    throw attribute(error, 'options');
  }

  // A request's own token (§3.4.2, §3.4.4: its secret is in the key; RSA does not use it): its
  // key is prepared again only when the secret differs from the signer's, and the last few kept.
  const ownTokenSecret = (options as { tokenSecret?: string }).tokenSecret ?? '';
  const tokenKeys = new Map<string, { current: MaybePromise<SignFunction> }>();
  function keyFor(requestToken: TokenCredentials | undefined): MaybePromise<SignFunction> {
    if (requestToken === undefined || method?.kind === 'rsa' || requestToken.secret === ownTokenSecret) return own.current;
    let key = tokenKeys.get(requestToken.secret);
    if (key === undefined) {
      if (tokenKeys.size >= TOKEN_KEYS_KEPT) tokenKeys.delete(tokenKeys.keys().next().value as string);
      key = prepareKey({ ...options, tokenSecret: requestToken.secret } as SigningCredentials);
      tokenKeys.set(requestToken.secret, key);
    }
    return key.current;
  }

  // The parts of the last URL signed, kept: a client signs to the same few URLs again.
  // conformance/suites/properties.ts holds every base string signed through it equal to signatureBaseString's.
  let lastUrl: UrlParts | undefined;
  function readUrl(input: string | URL): UrlParts {
    const href = typeof input === 'string' ? input : input?.href;
    if (lastUrl?.href !== href || typeof href !== 'string') {
      const url = parseRequestUrl(input);
      lastUrl = { href, url, encodedUri: percentEncodeNative(uriOf(url)), query: encodeEach(parseFormPairs(url.search.slice(1))) };
    }
    return lastUrl;
  }

  // One request, read and checked: its method, URL, body and where its protocol parameters go;
  // then laid out (§3.4.1) and finished (§3.5), each step in a closure over what the one before read.
  function read(request: SignRequest): ReadRequest {
    if (request === null || typeof request !== 'object') refuse(undefined, 'the request must be an object');
    let field = 'method';
    let method: string;
    let urlParts: UrlParts;
    let given: RequestBody;
    let hasParams: boolean;
    let params: readonly Parameter[];
    let transmission: Transmission;
    let token: TokenCredentials | undefined;
    let bodyHash: HashName | false;
    try {
      // §3.4.1.1 step 1: the HTTP request method, uppercase.
      method = normalizeMethod(request.method ?? 'POST');
      // §3.4.1.2: the base string URI.
      field = 'url';
      urlParts = readUrl(request.url);
      // §3.4.1.3.1: the form body's pairs are signed; any other body by its hash (draft-eaton-oauth-bodyhash-00).
      field = 'body';
      hasParams = request.params !== undefined;
      given = readRequestBody(method, request.body, request.contentType, hasParams);
      field = 'params';
      params = given.kind === 'form' ? given.pairs : collectParameters(request.params);
      // §3.5: where the protocol parameters go. A form body only for 'body': GET-like methods send their parameters in the query.
      transmission = oneOf(request.transmission, TRANSMISSIONS, 'transmission', 'request') ?? defaultTransmission;
      if (transmission === 'body' && (given.kind === 'raw' || (given.kind === 'none' && BODYLESS.has(method)))) {
        refuse('transmission', `transmission body needs a form body${given.kind === 'raw' ? '' : `: ${method} sends its parameters in the query`}`);
      }
      token = request.token;
      if (token !== undefined && !(typeof token?.key === 'string' && token.key !== '' && typeof token.secret === 'string')) {
        refuse('token', 'token must be { key, secret }, key not empty');
      }
      const hashOption = oneOf(request.bodyHash, BODY_HASHES, 'bodyHash', 'request') ?? bodyHashOption ?? methodHash;
      bodyHash = given.kind === 'raw' && hashOption;
    } catch (error) {
      throw attribute(error, 'request', field);
    }
    const { oauthParams: extra } = request;
    const paramsField = given.kind === 'form' ? 'body' : 'params';
    const read: ReadRequest = { token, digest: undefined, layOut };
    if (bodyHash !== false) {
      if (!adapter.digest) refuse('adapter', `the ${adapter.name} adapter has no digest: pass bodyHash: false`, 'options', 'ADAPTER_UNAVAILABLE');
      read.digest = adapter.digest(bodyHash, (given as { given: string | Uint8Array }).given);
    }
    return read;

    // RFC 5849 §3.4.1: the signature base string, its steps in the RFC's order.
    function layOut(bodyHash: string | undefined): LaidOut {
      let field = 'oauthParams';
      let oauthParams: Record<string, string>;
      let oauthEncoded: EncodedPair[];
      let form: string;
      let baseString: string;
      try {
        // §3.4.1.3.1: the parameter sources: the query and the form body (read above), the protocol parameters.
        ({ params: oauthParams, encoded: oauthEncoded } = protocolParameters(extra, token === undefined ? ownToken : token.key, bodyHash));
        // A protocol name in the query or the parameters would be signed twice.
        field = paramsField;
        refuseProtocolNames(urlParts.query, oauthParams, 'url', "the URL's query");
        refuseProtocolNames(params, oauthParams, paramsField, paramsField === 'body' ? 'the form body' : 'params');
        // §3.4.1.3.2 step 1: every name and value encoded (the query's once per URL, the protocol
        // parameters' as they were made); then steps 2-4 and §3.4.1.1's concatenation.
        const encoded = encodeEach(params);
        form = joinForm(encoded);
        baseString = baseStringFromEncoded(method, urlParts.encodedUri, encoded.concat(oauthEncoded, urlParts.query));
      } catch (error) {
        throw attribute(error, 'request', field);
      }
      return { baseString, finish };

      // §3.5: the protocol parameters and the signature in the Authorization header (§3.5.1), the
      // form body (§3.5.2) or the query (§3.5.3); the gateway's layout puts them in the header and the body.
      function finish(signature: string): SignedRequest<string | Uint8Array> {
        const { url } = urlParts;
        const encodedSignature = percentEncodeNative(signature);
        const headers: Record<string, string> = {};
        let authorization = '';
        if (transmission === 'header') {
          // The signature last, after the signed parameters in name order.
          authorization = headers.Authorization = `${formatEncodedHeader(oauthEncoded, realm)}, oauth_signature="${encodedSignature}"`;
        }
        // The protocol parameters as a form, the signature last: for the query, the form body, or the gateway's copy.
        const inBody = transmission === 'body' || (transmission === 'header' && oauthParamsInBody);
        const protocolForm = inBody || transmission === 'query' ? `${joinForm(oauthEncoded)}&oauth_signature=${encodedSignature}` : '';
        let query = transmission === 'query' ? protocolForm : '';
        let body: string | Uint8Array = '';
        if (given.kind === 'none' && BODYLESS.has(method)) {
          // GET-like: the parameters (and the gateway's copy of the protocol parameters) in the query.
          query = joinForms(form, protocolForm);
        } else if (given.kind === 'none') {
          body = joinForms(form, inBody ? protocolForm : '');
          if (hasParams || body !== '') headers['Content-Type'] = FORM_TYPE;
        } else {
          // The caller's body as given; a form gets the protocol parameters after its own pairs.
          body = inBody && given.kind === 'form' ? joinForms(given.text, protocolForm) : given.given;
          headers['Content-Type'] = given.contentType;
        }
        // The query appended to the URL's own (its fragment is not sent).
        const target = query === '' ? url.href : `${url.origin}${url.pathname}${url.search === '' ? '?' : `${url.search}&`}${query}`;
        return { method, url: target, authorization, oauthParams, signature, baseString, body, headers };
      }
    }
  }

  return { read, keyFor };
}

/**
 * {@link createSignerWith} without `signSync`, for an asynchronous adapter: the HMAC-only
 * entry's signer, so that its bundle carries no synchronous path (nor, with `encodePairNative`
 * as `encodePair`, the encoding tables or the byte loop for long values).
 *
 * @example
 * ```ts
 * const signer = createAsyncSignerWith(hmacAdapter, { consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' }, {
 *   method: { kind: 'hmac', hash: 'SHA-1' },
 *   prepare: prepareSigning,
 *   encodePair: encodePairNative,
 * });
 * ```
 */
export function createAsyncSignerWith(adapter: CryptoAdapter, options: SignerOptions, parts: SignerParts): Signer {
  return asyncSigner(adapter, options, prepareSteps(adapter, options, parts));
}

function asyncSigner(adapter: CryptoAdapter, options: SignerOptions, { read, keyFor }: SigningSteps): Signer {
  return {
    signatureMethod: options.signatureMethod,
    adapterName: adapter.name,
    async sign(request: SignRequest) {
      const received = read(request);
      const laidOut = received.layOut(received.digest === undefined ? undefined : await received.digest);
      // §3.4.2 HMAC-SHA*, §3.4.3 RSA-SHA*, §3.4.4 PLAINTEXT, with the prepared key.
      // An adapter's offThread signs away from this thread (node's RSA: on the thread pool).
      const sign = await keyFor(received.token);
      return laidOut.finish(await (sign.offThread ?? sign)(laidOut.baseString));
    },
  } as Signer;
}

/**
 * Creates a signer with the given crypto adapter: OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512,
 * RSA-SHA1/256/512 or PLAINTEXT. Every entry point's `createSigner` is this, bound to its adapter.
 * The HMAC key state or RSA key is prepared once here and reused for every request (a request's
 * own token secret gets its HMAC key prepared once, and kept for the next requests of that token).
 * Each request goes through the RFC's steps in their order; three paths are faster than the steps
 * as written, each worth 10% or more end to end on the gateway's requests (bench/README.md, "The
 * signer as the RFC writes it" and "Each pair encoded once and twice") and held equal to
 * `signatureBaseStringParts` (the steps as written) by one property in
 * conformance/suites/properties.ts: the parts of the last URL signed are kept (a client signs to
 * the same few URLs again); each pair is encoded once and again in one pass, names kept encoded
 * (`encode-pair.ts`); and the base string is joined from those pairs (`base-string-from-encoded.ts`)
 * instead of encoding the normalized parameters again.
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
  const steps = prepareSteps(adapter, options, { method: findSignatureMethod(options?.signatureMethod), prepare: prepareSigning, encodePair });
  const signer = asyncSigner(adapter, options, steps);
  if (!adapter.synchronous) return signer;
  const { read, keyFor } = steps;
  function notSynchronous(): never {
    refuse('adapter', `the ${adapter.name} adapter signed asynchronously; use sign()`, 'options', 'SYNC_UNSUPPORTED');
  }
  return {
    ...signer,
    signSync(request: SignRequest) {
      const received = read(request);
      const { digest } = received;
      if (isPromiseLike(digest)) notSynchronous();
      const laidOut = received.layOut(digest);
      const key = keyFor(received.token);
      const signature = isPromiseLike(key) ? undefined : key(laidOut.baseString);
      if (signature === undefined || isPromiseLike(signature)) notSynchronous();
      return laidOut.finish(signature);
    },
  } as SyncSigner;
}
