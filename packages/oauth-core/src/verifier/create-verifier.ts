import type { CryptoAdapter, MaybePromise } from '../adapters/types.js';
import { receivedRequestTarget } from '../base-string/base-string-uri.js';
import { parseFormPairs } from '../base-string/query.js';
import { normalizeMethod, signatureBaseStringParts } from '../base-string/signature-base-string.js';
import { OAuthError } from '../errors.js';
import { parseAuthorizationHeader } from '../header/authorization.js';
import { isPromiseLike, prepareVerifying, type SignatureCheck } from '../methods/prepare.js';
import { describeSignatureMethod } from '../methods/signature-methods.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import type { ParameterInput, PublicKeyInput, SignatureMethod, VerifyingCredentials } from '../types.js';
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
  /** The form body: raw `application/x-www-form-urlencoded` text, or parameters already decoded. */
  body?: string | ParameterInput | null;
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
  | 'nonce_store_full';

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
      const pairs: Parameter[] = [];
      try {
        httpMethod = normalizeMethod(request.method);
        const target = receivedRequestTarget(request.url);
        uri = target.uri;
        if (request.authorization) header = parseAuthorizationHeader(request.authorization).params;
        for (const pair of parseFormPairs(target.query)) pairs.push(pair);
        const body = request.body;
        if (typeof body === 'string') for (const pair of parseFormPairs(body)) pairs.push(pair);
        else if (body) for (const pair of collectParameters(body)) pairs.push(pair);
      } catch (error) {
        return fail('malformed_request', error instanceof OAuthError ? error.message : 'the request cannot be read');
      }

      // Protocol parameters: from the header, and from the query or body (RFC 5849 §3.5). The
      // gateway's HMAC example sends them in both; the same value twice counts once.
      const oauthParams: Record<string, string> = { ...header };
      const params: [string, string][] = [];
      for (const [name, value] of pairs) {
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
