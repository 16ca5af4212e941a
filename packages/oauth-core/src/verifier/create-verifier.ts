import type { CryptoAdapter, MaybePromise } from '../adapters/types.js';
import { receivedRequestTarget } from '../base-string/base-string-uri.js';
import { parseFormPairs } from '../base-string/query.js';
import { normalizeMethod, signatureBaseStringParts } from '../base-string/signature-base-string.js';
import { OAuthError } from '../errors.js';
import { parseAuthorizationHeader } from '../header/authorization.js';
import { isPromiseLike, prepareVerifying, type SignatureCheck } from '../methods/prepare.js';
import { describeSignatureMethod } from '../methods/signature-methods.js';
import { timingSafeEqual } from '../methods/timing-safe-equal.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import { isFormType } from '../signer/request-body.js';
import type { HashName, ParameterInput, PublicKeyInput, SignatureMethod, VerifyingCredentials } from '../types.js';
import { createMemoryNonceStore, nonceExpiry, type NonceStore } from './nonce-store.js';
import { checkConsumer, checkTimestamp, DEFAULT_TIMESTAMP_WINDOW_SECONDS, type PreCheckFailure } from './pre-checks.js';

/**
 * What the verifier needs to know about one consumer (at the gateway: one merchant).
 *
 * @example
 * ```ts
 * import { createVerifier, type ConsumerRecord } from '@paysign/oauth-core';
 *
 * const merchants = new Map<string, ConsumerRecord>([
 *   ['merchant-hmac', { consumerSecret: controlKey }],
 *   ['merchant-rsa', { publicKey: [oldPublicKeyPem, newPublicKeyPem], signatureMethods: ['RSA-SHA256'] }],
 * ]);
 * const verifier = createVerifier({ lookup: (login) => merchants.get(login) });
 * ```
 */
export interface ConsumerRecord {
  /** HMAC and PLAINTEXT: the consumer secret (the merchant control key). */
  consumerSecret?: string;
  /** The token secret for the request's `oauth_token`, if tokens are used. */
  tokenSecret?: string;
  /** RSA: the consumer's public key, or several during a key rotation. */
  publicKey?: PublicKeyInput | readonly PublicKeyInput[];
  /** The methods this consumer may use. Default: HMAC-SHA1 and RSA-SHA256 where the secret or key exists. */
  signatureMethods?: readonly SignatureMethod[];
  minimumRsaKeyBits?: number;
}

/**
 * How a verifier is set up: where consumers are looked up, how far a timestamp may be from now,
 * and where used nonces are remembered.
 *
 * @example
 * ```ts
 * import { createMemoryNonceStore, createVerifier, type VerifierOptions } from '@paysign/oauth-core';
 *
 * const options: VerifierOptions = {
 *   lookup: async (login) => (await db.merchant(login))?.consumer,
 *   timestampWindowSeconds: 120,
 *   nonceStore: createMemoryNonceStore({ maxEntries: 50_000 }),
 * };
 * const verifier = createVerifier(options);
 * ```
 */
export interface VerifierOptions {
  /** Finds a consumer by `oauth_consumer_key` (and `oauth_token` when present); `undefined` when unknown. */
  lookup(consumerKey: string, token: string | undefined): MaybePromise<ConsumerRecord | undefined>;
  /** Largest accepted distance between `oauth_timestamp` and now, in seconds. Default {@link DEFAULT_TIMESTAMP_WINDOW_SECONDS} (300). */
  timestampWindowSeconds?: number;
  /** Where used nonces are remembered. Default: a bounded in-memory store. */
  nonceStore?: NonceStore;
  /** The current time in Unix seconds; injectable for tests. */
  now?: () => number;
  /**
   * The gateway's layout: accept the protocol parameters in the `Authorization` header AND a copy
   * in the form body (or, for a request without a body, the query), every copy equal to the
   * header's, as `oauthParamsInBody` signs them. Default `false`: RFC 5849 §3.5 sends them in
   * "one and only one" place (the header, the form body or the query), and a request that spreads
   * them over several is refused (`protocol_parameters_in_several_places`), as oauthlib refuses it.
   */
  allowParametersInHeaderAndBody?: boolean;
  /** Refuse a request with a body that is not a form and no `oauth_body_hash` (`missing_parameter`). Default `false`: such a body is not signed. */
  requireBodyHash?: boolean;
}

/**
 * A request as received.
 *
 * @example
 * ```ts
 * import type { VerifyRequest } from '@paysign/oauth-core';
 *
 * // In a fetch handler:
 * const received: VerifyRequest = {
 *   method: request.method,
 *   url: request.url,
 *   authorization: request.headers.get('authorization'),
 *   body: await request.text(),
 * };
 * const result = await verifier.verify(received);
 * ```
 */
export interface VerifyRequest {
  method: string;
  /**
   * The absolute request URL as received. Its path is signed as sent (RFC 5849 §3.4.1.2), `/./`
   * and `/../` included, so pass the raw request-target (Node's `req.url` after the origin)
   * rather than a URL a parser has normalised.
   */
  url: string | URL;
  /** The `Authorization` header, if any (protocol parameters may also come in the body or query). */
  authorization?: string | null;
  /**
   * The body as received: raw text or bytes, or form parameters already decoded. A form body
   * (`contentType` a form type, or absent with a string body) has its pairs signed; any other is
   * checked against `oauth_body_hash` (draft-eaton-oauth-bodyhash-00) when the request has one.
   */
  body?: string | Uint8Array | ParameterInput | null;
  /** The request's `Content-Type`. Absent: a string body is read as a form, a `Uint8Array` as raw bytes. */
  contentType?: string | null;
}

/**
 * Why a request was refused; stable codes.
 *
 * @example
 * ```ts
 * import type { VerificationFailureReason } from '@paysign/oauth-core';
 *
 * const retryable: VerificationFailureReason[] = ['stale_timestamp'];
 * const result = await verifier.verify(received);
 * if (!result.ok && retryable.includes(result.reason)) console.warn('the client clock is off; it may sign again');
 * ```
 */
export type VerificationFailureReason =
  | 'malformed_request' // unreadable header, URL, method or body
  | 'missing_parameter' // a required oauth_* parameter is absent
  | 'duplicate_parameter' // a protocol parameter given twice with different values
  | 'unsupported_version' // oauth_version other than 1.0
  | 'unsupported_signature_method' // not a known method
  | 'signature_method_not_allowed' // known, but not allowed for this consumer
  | 'stale_timestamp' // outside the timestamp window
  | 'unknown_consumer'
  | 'invalid_signature'
  | 'replayed_nonce'
  | 'nonce_store_full'
  | 'protocol_parameters_in_several_places' // oauth_* in more than one of the header, the query and the form body (§3.5)
  | 'body_hash_mismatch' // oauth_body_hash is not the digest of the body received
  | 'body_hash_on_form_body'; // oauth_body_hash on a form body, which the draft forbids

/**
 * What a verification found: the consumer and the request's parameters when the signature, the
 * timestamp and the nonce are all accepted, or a stable `reason` and a plain-words `message` when not.
 *
 * @example
 * ```ts
 * import type { VerificationResult } from '@paysign/oauth-core';
 *
 * const result: VerificationResult = await verifier.verify(received);
 * const response = result.ok
 *   ? new Response(`signed by ${result.consumerKey} with ${result.signatureMethod}`)
 *   : new Response(result.message, { status: result.reason === 'malformed_request' ? 400 : 401 });
 * ```
 */
export type VerificationResult =
  | {
      ok: true;
      consumerKey: string;
      token?: string;
      signatureMethod: SignatureMethod;
      oauthParams: Record<string, string>;
      /** The request's non-protocol parameters (query and body), decoded. */
      params: [string, string][];
      baseString: string;
    }
  | {
      ok: false;
      reason: VerificationFailureReason;
      /** A plain-words explanation; never carries a secret. */
      message: string;
      /** The base string the server computed, when it got that far: compare it with the client's. */
      baseString?: string;
    };

/**
 * Checks signed requests against the consumers it can look up.
 *
 * @example
 * ```ts
 * import { createVerifier, type Verifier } from '@paysign/oauth-core';
 *
 * const verifier: Verifier = createVerifier({ lookup: (login) => (login === 'merchant' ? { consumerSecret: controlKey } : undefined) });
 * Deno.serve(async (request: Request) => {
 *   const result = await verifier.verify({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), body: await request.text() });
 *   return new Response(result.ok ? 'ok' : result.reason, { status: result.ok ? 200 : 401 });
 * });
 * ```
 */
export interface Verifier {
  verify(request: VerifyRequest): Promise<VerificationResult>;
}

/** The digest of an `oauth_body_hash`, by the length of its Base64: SHA-1, SHA-256 or SHA-512 (the signer's `bodyHash` may choose any). */
const DIGEST_BY_LENGTH: Readonly<Record<number, HashName>> = { 28: 'SHA-1', 44: 'SHA-256', 88: 'SHA-512' };

function isProtocolPair(pair: Parameter): boolean {
  return pair[0].startsWith('oauth_');
}

const REQUIRED = ['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature', 'oauth_timestamp', 'oauth_nonce'] as const;

function fail(reason: VerificationFailureReason, message: string, baseString?: string): VerificationResult {
  return baseString === undefined ? { ok: false, reason, message } : { ok: false, reason, message, baseString };
}

function allowedMethods(record: ConsumerRecord): readonly SignatureMethod[] {
  if (record.signatureMethods) return record.signatureMethods;
  const methods: SignatureMethod[] = [];
  if (record.consumerSecret !== undefined) methods.push('HMAC-SHA1');
  if (record.publicKey !== undefined) methods.push('RSA-SHA256');
  return methods;
}

/**
 * Creates a verifier of OAuth 1.0 signed requests with the given adapter: it looks the consumer
 * up, checks the timestamp window, the signature (HMAC in constant time, RSA with the public
 * key) and nonce replay, and says why in a stable `reason` code when it refuses. Every entry
 * point's `createVerifier` is this, bound to its adapter.
 *
 * @example
 * ```ts
 * const verifier = createVerifierWith(adapter, {
 *   lookup: (login) => (login === 'merchant' ? { consumerSecret: controlKey } : undefined),
 * });
 * const result = await verifier.verify({ method: 'POST', url: request.url, authorization: request.headers.get('authorization'), body: await request.text() });
 * if (!result.ok) console.warn(result.reason, result.message);
 * ```
 */
export function createVerifierWith(adapter: CryptoAdapter, options: VerifierOptions): Verifier {
  if (options === null || typeof options !== 'object' || typeof options.lookup !== 'function') {
    throw new OAuthError('INVALID_PARAMETER', 'the verifier options must be an object with a lookup function', { source: 'options', field: 'lookup' });
  }
  const window = options.timestampWindowSeconds ?? DEFAULT_TIMESTAMP_WINDOW_SECONDS;
  if (!Number.isFinite(window) || window < 0) {
    throw new OAuthError('INVALID_PARAMETER', 'timestampWindowSeconds must be a non-negative number', { source: 'options', field: 'timestampWindowSeconds' });
  }
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const nonceStore = options.nonceStore ?? createMemoryNonceStore({ now });
  // Keys are imported once per consumer record and method, not per request.
  const prepared = new WeakMap<ConsumerRecord, Map<string, MaybePromise<SignatureCheck[]>>>();

  function checksFor(record: ConsumerRecord, method: SignatureMethod): MaybePromise<SignatureCheck[]> {
    let byMethod = prepared.get(record);
    if (!byMethod) prepared.set(record, (byMethod = new Map()));
    let checks = byMethod.get(method);
    if (!checks) {
      const keys = Array.isArray(record.publicKey) ? record.publicKey : [record.publicKey];
      const made = keys.map((publicKey) =>
        prepareVerifying(
          {
            signatureMethod: method,
            ...(record.consumerSecret !== undefined && { consumerSecret: record.consumerSecret }),
            ...(record.tokenSecret !== undefined && { tokenSecret: record.tokenSecret }),
            ...(publicKey !== undefined && { publicKey: publicKey as PublicKeyInput }),
            ...(record.minimumRsaKeyBits !== undefined && { minimumRsaKeyBits: record.minimumRsaKeyBits }),
          } as VerifyingCredentials,
          adapter,
        ),
      );
      checks = made.some(isPromiseLike) ? Promise.all(made) : (made as SignatureCheck[]);
      byMethod.set(method, checks);
    }
    return checks;
  }

  return {
    async verify(request) {
      let httpMethod: string;
      let uri: string;
      let header: Record<string, string> = {};
      // §3.5: the three places protocol parameters may come from, read apart.
      let query: Parameter[];
      let form: Parameter[] = [];
      let rawBody: string | Uint8Array | undefined;
      try {
        httpMethod = normalizeMethod(request.method);
        const target = receivedRequestTarget(request.url);
        uri = target.uri;
        if (request.authorization) header = parseAuthorizationHeader(request.authorization).params;
        query = parseFormPairs(target.query);
        const { body, contentType } = request;
        const isForm = typeof contentType === 'string' ? isFormType(contentType) : !(body instanceof Uint8Array);
        // No body (or the empty text a server reads when there is none): a body hash is of the empty body.
        if (body === undefined || body === null || (body === '' && typeof contentType !== 'string')) rawBody = '';
        else if (!isForm) {
          if (typeof body !== 'string' && !(body instanceof Uint8Array))
            throw new OAuthError('INVALID_PARAMETER', 'a body that is not a form must be a string or bytes');
          rawBody = body;
        } else if (typeof body === 'string') form = parseFormPairs(body);
        else if (body instanceof Uint8Array) form = parseFormPairs(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body));
        else form = collectParameters(body);
      } catch (error) {
        return fail('malformed_request', error instanceof OAuthError ? error.message : 'the request cannot be read');
      }

      // Protocol parameters: from one place (RFC 5849 §3.5), or the header and one copy (the
      // gateway's layout, when allowed); a copy must hold the header's values.
      const inHeader = Object.keys(header).some((name) => name.startsWith('oauth_'));
      const places = (inHeader ? 1 : 0) + (query.some(isProtocolPair) ? 1 : 0) + (form.some(isProtocolPair) ? 1 : 0);
      if (places > 1 && !(options.allowParametersInHeaderAndBody === true && places === 2 && inHeader)) {
        return fail(
          'protocol_parameters_in_several_places',
          'the oauth_* parameters are in more than one of the Authorization header, the query and the form body (RFC 5849 §3.5: one and only one)',
        );
      }
      const oauthParams: Record<string, string> = { ...header };
      const params: [string, string][] = [];
      for (const [name, value] of query.concat(form)) {
        if (!name.startsWith('oauth_')) {
          params.push([name, value]);
          continue;
        }
        if (name in oauthParams && oauthParams[name] !== value) {
          return fail('duplicate_parameter', `${name} is given twice with different values`);
        }
        oauthParams[name] = value;
      }
      for (const name of REQUIRED) {
        if (oauthParams[name] === undefined) return fail('missing_parameter', `${name} is missing`);
      }
      const { oauth_consumer_key: consumerKey, oauth_token: token, oauth_timestamp: timestamp } = oauthParams as Record<string, string>;
      const signatureMethod = oauthParams.oauth_signature_method as SignatureMethod;
      if (oauthParams.oauth_version !== undefined && oauthParams.oauth_version !== '1.0') {
        return fail('unsupported_version', 'oauth_version must be 1.0');
      }
      try {
        describeSignatureMethod(signatureMethod);
      } catch {
        return fail('unsupported_signature_method', `oauth_signature_method ${signatureMethod} is not supported`);
      }
      const signed: Parameter[] = [...params, ...Object.entries(oauthParams)];
      const { baseString } = signatureBaseStringParts(httpMethod, uri, signed);

      const stale = checkTimestamp(timestamp, now(), window);
      if (stale) return fail(stale.reason, stale.message, baseString);
      const record = await options.lookup(consumerKey as string, token);
      if (!record) {
        const unknown = checkConsumer(consumerKey, false) as PreCheckFailure;
        return fail(unknown.reason, unknown.message, baseString);
      }
      if (!allowedMethods(record).includes(signatureMethod)) {
        return fail('signature_method_not_allowed', `${signatureMethod} is not allowed for consumer ${consumerKey}`, baseString);
      }
      let valid = false;
      try {
        for (const check of await checksFor(record, signatureMethod)) {
          if (await check(baseString, oauthParams.oauth_signature as string)) {
            valid = true;
            break;
          }
        }
      } catch (error) {
        return fail(
          'invalid_signature',
          `the consumer's credentials cannot verify ${signatureMethod}: ${error instanceof OAuthError ? error.code : 'error'}`,
          baseString,
        );
      }
      if (!valid) return fail('invalid_signature', 'the signature does not match the request', baseString);

      // draft-eaton-oauth-bodyhash-00 §4: the body's digest, now that the hash is known to be signed.
      const bodyHash = oauthParams.oauth_body_hash;
      if (bodyHash !== undefined) {
        if (rawBody === undefined) return fail('body_hash_on_form_body', 'oauth_body_hash is not allowed on a form body', baseString);
        const hash = DIGEST_BY_LENGTH[bodyHash.length];
        if (hash === undefined || !adapter.digest || !timingSafeEqual(await adapter.digest(hash, rawBody), bodyHash)) {
          return fail('body_hash_mismatch', 'oauth_body_hash is not the SHA-1, SHA-256 or SHA-512 digest of the body', baseString);
        }
      } else if (options.requireBodyHash === true && rawBody !== undefined && (typeof rawBody === 'string' ? rawBody !== '' : rawBody.length > 0)) {
        return fail('missing_parameter', 'oauth_body_hash is missing: the body is not a form', baseString);
      }

      // Remember the nonce only once the signature is valid, so forged requests cannot fill the store.
      const nonceKey = `${consumerKey}\u0000${token ?? ''}\u0000${timestamp}\u0000${oauthParams.oauth_nonce}`;
      // Remembered for as long as the timestamp can pass the window check above, boundaries included.
      const remembered = await nonceStore.remember(nonceKey, nonceExpiry(Number(timestamp), window), consumerKey);
      if (remembered === 'full') return fail('nonce_store_full', 'the nonce store is full; try again later', baseString);
      if (!remembered) return fail('replayed_nonce', `oauth_nonce was already used with this timestamp`, baseString);

      const { oauth_signature: _signature, ...signedOauth } = oauthParams;
      return {
        ok: true,
        consumerKey: consumerKey as string,
        ...(token !== undefined && { token }),
        signatureMethod,
        oauthParams: signedOauth,
        params,
        baseString,
      };
    },
  };
}
