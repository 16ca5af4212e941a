import {
  baseStringUri,
  DEFAULT_TIMESTAMP_WINDOW_SECONDS,
  OAUTH_TIMESTAMP_RECEIVED_PATTERN,
  OAuthError,
  parseAuthorizationHeader,
  percentEncode,
  type RsaSignatureMethod,
  type SecretSignatureMethod,
  signatureMethods,
  verifyBaseString,
  type VerifyingCredentials,
} from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { hmacAdapter } from '@paysign/oauth-core/hmac';
import { readPublicKey } from '@paysign/oauth-core/keys';
import { GatewayError } from '../errors.js';
import { isMasked } from '../redact/masked-forms.js';
import { layOut, type Layout, type Pair } from './base-string-parts.js';
import type { Cause } from './causes.js';
import { methodVariants, parameterVariants, readBodyLiteralPlus, serverPairs, urlVariants, type ReadRequest, type Variant } from './variants.js';

/**
 * A captured request and the credentials to check it with.
 *
 * @example
 * ```ts
 * import { explainRequest, type ExplainInput } from '@paysign/protocol/diagnose';
 *
 * const input: ExplainInput = {
 *   url: 'https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1234',
 *   authorization: 'OAuth oauth_consumer_key="merchant-login", oauth_signature_method="HMAC-SHA1", ...',
 *   body: 'client-order-id=order-1&sending-card-ref-id=ref-9',
 *   controlKey: process.env.PAYSIGN_CONTROL_KEY ?? '',
 * };
 * console.log((await explainRequest(input)).verdict);
 * ```
 */
export interface ExplainInput {
  /** Default `POST`. */
  method?: string;
  url: string;
  /**
   * The `Authorization: OAuth ...` header value. Leave it out when the request carries its
   * `oauth_*` parameters, `oauth_signature` included, in the form body (RFC 5849 §3.5.2).
   */
  authorization?: string;
  /** The form body as sent. */
  body?: string;
  /** HMAC-*: the merchant control key. */
  controlKey?: string;
  /** RSA-*: the merchant's public key (SPKI or PKCS#1 PEM, or a certificate). */
  publicKey?: string;
  /** The clock in Unix seconds. Default: now. */
  now?: number;
  /** Accepted distance of `oauth_timestamp` from `now`. Default 300 s, as the emulator. */
  timestampWindowSeconds?: number;
  /** What the gateway (an emulator) knows beyond the request, to name refusals that are not the signature. */
  facts?: GatewayFacts;
  /**
   * Most base-string layouts tried, the expected one included. Default 400 (every layout of a request of up to about 40 parameters). With the byte budget,
   * it bounds the work on any request: a large body is checked against fewer variants.
   */
  maxVariants?: number;
  /** Most bytes of base strings built and checked in all. Default 16 MiB (a 1 MiB body: about 16 layouts). */
  maxBaseStringBytes?: number;
}

/**
 * What a gateway (the emulator) knows about a refused request that the request does not say.
 *
 * @example
 * ```ts
 * const facts: GatewayFacts = { merchant: { endpointIds: ['1234'] }, endpointId: '1234', nonceSeen: false };
 * ```
 */
export interface GatewayFacts {
  /** The merchant named by `oauth_consumer_key`, `null` when the gateway knows no such login. */
  merchant?: { endpointIds: readonly string[] } | null;
  /** The endpoint id of the request's path. */
  endpointId?: string;
  /** Whether the gateway accepted this consumer's `oauth_nonce` before. */
  nonceSeen?: boolean;
}

/** Default of {@link ExplainInput.maxVariants}. */
const DEFAULT_MAX_VARIANTS = 400;
/** Default of {@link ExplainInput.maxBaseStringBytes}. */
const DEFAULT_MAX_BASE_STRING_BYTES = 16 * 1024 * 1024;

/**
 * What explain found.
 *
 * @example
 * ```ts
 * import { explainRequest, type Diagnosis } from '@paysign/protocol/diagnose';
 *
 * const diagnosis: Diagnosis = await explainRequest({ url, authorization, body, controlKey });
 * if (diagnosis.verdict === 'mismatch') console.log(diagnosis.expectedBaseString, diagnosis.causes);
 * ```
 */
export interface Diagnosis {
  /**
   * `valid`: signature and timestamp fine; `stale`: signature fine, timestamp not; `mismatch`: the
   * signature does not verify; `masked`: it does not verify, but the request holds masked card data
   * (copied from masked output), so nothing can be said about why; `malformed`: the request cannot be read;
   * `refused`: the signature verifies, but the gateway refuses the request for another reason
   * (`oauth_in_body_only`, `unknown_consumer`, `nonce_reused`, `endpoint_not_assigned`), the first cause.
   */
  verdict: 'valid' | 'stale' | 'mismatch' | 'masked' | 'malformed' | 'refused';
  signatureMethod?: string;
  /** The base string a correct client signs for this request (what the gateway computes). */
  expectedBaseString?: string;
  /** The base string the signature was made over, when explain could reproduce it. */
  signedBaseString?: string;
  /** The likely causes, in plain words; empty when valid. */
  causes: Cause[];
  /** How many base-string layouts were checked (bounded by `maxVariants` and `maxBaseStringBytes`). */
  variantsTried: number;
}

/**
 * The credentials given do not fit the request's signature method (a usage problem, not a diagnosis).
 * A {@link GatewayError}, with a stable `code`.
 *
 * @example
 * ```ts
 * import { explainRequest, ExplainInputError } from '@paysign/protocol/diagnose';
 *
 * try {
 *   await explainRequest({ url, authorization, body, publicKey }); // an HMAC-SHA1 request
 * } catch (error) {
 *   if (error instanceof ExplainInputError && error.code === 'MISSING_CONTROL_KEY') console.error(error.message);
 * }
 * ```
 */
export class ExplainInputError extends GatewayError {
  override readonly name: string = 'ExplainInputError';
  /** Stable: `MISSING_CONTROL_KEY`, `MISSING_PUBLIC_KEY` or `UNUSABLE_PUBLIC_KEY`. */
  declare readonly code: ExplainInputErrorCode;

  constructor(code: ExplainInputErrorCode, message: string) {
    super(code, message);
  }
}

/**
 * Why the credentials given to {@link explainRequest} cannot check the request.
 *
 * @example
 * ```ts
 * const code: ExplainInputErrorCode = 'MISSING_CONTROL_KEY';
 * ```
 */
export type ExplainInputErrorCode = 'MISSING_CONTROL_KEY' | 'MISSING_PUBLIC_KEY' | 'UNUSABLE_PUBLIC_KEY';

function read(input: ExplainInput): { request: ReadRequest; oauth: Record<string, string> } {
  const url = new URL(input.url);
  const header = input.authorization === undefined ? {} : parseAuthorizationHeader(input.authorization).params;
  const body = input.body ?? '';
  const headerOauth = Object.entries(header).filter(([name]) => name !== 'oauth_signature') as Pair[];
  const request: ReadRequest = {
    method: (input.method ?? 'POST').toUpperCase(),
    rawUrl: input.url,
    url,
    queryPairs: parseFormPairs(url.search.slice(1)),
    bodyPairs: parseFormPairs(body),
    bodyPairsLiteralPlus: readBodyLiteralPlus(body),
    headerOauth,
  };
  const oauth: Record<string, string> = { ...header };
  for (const [name, value] of request.bodyPairs) if (name.startsWith('oauth_') && !(name in oauth)) oauth[name] = value;
  return { request, oauth };
}

function layoutOf(request: ReadRequest, ...variants: Variant[]): Layout {
  const layout: Layout = { method: request.method, uri: baseStringUri(request.url), pairs: serverPairs(request), encodeParameter: percentEncode, sort: true };
  for (const v of variants) {
    if (v.method !== undefined) layout.method = v.method;
    if (v.uri !== undefined) layout.uri = v.uri;
    if (v.pairs !== undefined) layout.pairs = v.pairs;
    if (v.encodeParameter !== undefined) layout.encodeParameter = v.encodeParameter;
    if (v.sort !== undefined) layout.sort = v.sort;
  }
  return layout;
}

/**
 * Checks a captured request's signature and, when it fails, finds out why: it rebuilds the base
 * string the way common client mistakes build it (`+` for a space, `!*'()` unescaped, a
 * parameter left out or signed twice, the URL's scheme, host, port or path, the method) and
 * tests each, alone and URL-with-parameter in pairs, against the signature. The one that
 * verifies is the base string the header implies; when none does, the key is the likely cause.
 *
 * @throws {ExplainInputError} when the credentials do not fit the header's signature method.
 * @example
 * ```ts
 * const diagnosis = await explainRequest({ url, authorization, body, controlKey });
 * if (diagnosis.verdict === 'mismatch') for (const cause of diagnosis.causes) console.log(cause.message);
 * ```
 */
export async function explainRequest(input: ExplainInput): Promise<Diagnosis> {
  let request: ReadRequest;
  let oauth: Record<string, string>;
  try {
    ({ request, oauth } = read(input));
  } catch (error) {
    const why = error instanceof OAuthError || error instanceof TypeError ? error.message : 'the request cannot be read';
    return { verdict: 'malformed', causes: [{ code: 'malformed_request', message: why }], variantsTried: 0 };
  }
  const method = oauth.oauth_signature_method ?? '';
  const missing = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'].filter((n) => oauth[n] === undefined);
  if (missing.length > 0)
    return {
      verdict: 'malformed',
      signatureMethod: method,
      causes: [{ code: 'malformed_request', message: `the request lacks ${missing.join(', ')}` }],
      variantsTried: 0,
    };
  const kind = method.startsWith('HMAC-') ? 'hmac' : 'rsa';
  if (!(signatureMethods as readonly string[]).includes(method) || method === 'PLAINTEXT') {
    return {
      verdict: 'malformed',
      signatureMethod: method,
      causes: [{ code: 'malformed_request', message: `oauth_signature_method ${method} is not HMAC-* or RSA-*` }],
      variantsTried: 0,
    };
  }
  // The gateway's own refusals that need no key, in the order the emulator checks them: the OAuth
  // parameters in the header, the timestamp, the login.
  const facts = input.facts ?? {};
  const refusals: Cause[] = [];
  if (request.headerOauth.length === 0)
    refusals.push({
      code: 'oauth_in_body_only',
      message: 'the oauth_* parameters are in the form body only: the gateway reads them from the Authorization header (send "Authorization: OAuth ...")',
    });
  const timeCauses = timestampCauses(
    oauth.oauth_timestamp as string,
    input.now ?? Math.floor(Date.now() / 1000),
    input.timestampWindowSeconds ?? DEFAULT_TIMESTAMP_WINDOW_SECONDS,
  );
  if (facts.merchant === null)
    refusals.push({
      code: 'unknown_consumer',
      message: `the gateway knows no login ${oauth.oauth_consumer_key}: check oauth_consumer_key (sandbox vs production)`,
    });
  if (kind === 'hmac' && input.controlKey === undefined) {
    if (refusals.length > 0 || timeCauses.length > 0) return refusedBeforeKey(method, [...refusals, ...timeCauses]);
    throw new ExplainInputError('MISSING_CONTROL_KEY', `the request is signed with ${method}: give the control key`);
  }
  if (kind === 'rsa' && input.publicKey === undefined) {
    if (refusals.length > 0 || timeCauses.length > 0) return refusedBeforeKey(method, [...refusals, ...timeCauses]);
    throw new ExplainInputError('MISSING_PUBLIC_KEY', `the request is signed with ${method}: give the public key`);
  }
  const credentials: VerifyingCredentials =
    kind === 'hmac'
      ? { signatureMethod: method as SecretSignatureMethod, consumerSecret: input.controlKey as string, tokenSecret: '' }
      : { signatureMethod: method as RsaSignatureMethod, publicKey: input.publicKey as string, minimumRsaKeyBits: 512 };

  const signature = oauth.oauth_signature as string;
  // The budget: every layout checked costs its length in bytes (built, then hashed).
  const maxVariants = input.maxVariants ?? DEFAULT_MAX_VARIANTS;
  let bytesLeft = input.maxBaseStringBytes ?? DEFAULT_MAX_BASE_STRING_BYTES;
  let tried = 0;
  let exhausted = false;
  const verifies = async (baseString: string, sig = signature): Promise<boolean> => {
    if (tried >= maxVariants || baseString.length > bytesLeft) {
      exhausted = true;
      return false;
    }
    tried++;
    bytesLeft -= baseString.length;
    try {
      return await verifyBaseString(baseString, sig, credentials);
    } catch (error) {
      if (error instanceof OAuthError && (error.code === 'INVALID_KEY' || error.code === 'WEAK_KEY' || error.code === 'MISSING_KEY')) {
        throw new ExplainInputError('UNUSABLE_PUBLIC_KEY', `the public key cannot be used (${error.code})`);
      }
      return false;
    }
  };

  const expected = layOut(layoutOf(request));
  // After the signature, the emulator checks the nonce, then the endpoint.
  const afterSignature: Cause[] = [];
  if (facts.nonceSeen === true)
    afterSignature.push({
      code: 'nonce_reused',
      message: `oauth_nonce ${oauth.oauth_nonce} was used before by this login: every request needs a new nonce (a retry is signed again)`,
    });
  if (facts.merchant && facts.endpointId !== undefined && !facts.merchant.endpointIds.includes(facts.endpointId))
    afterSignature.push({
      code: 'endpoint_not_assigned',
      message: `endpoint ${facts.endpointId} is not assigned to login ${oauth.oauth_consumer_key}: check the endpoint id in the URL`,
    });
  const done = (signed: string, causes: Cause[]): Diagnosis => {
    const all = [...refusals, ...causes, ...timeCauses, ...(causes.length === 0 ? afterSignature : [])];
    const verdict =
      causes.length > 0
        ? 'mismatch'
        : refusals.length > 0 || (timeCauses.length === 0 && afterSignature.length > 0)
          ? 'refused'
          : timeCauses.length > 0
            ? 'stale'
            : 'valid';
    return { verdict, signatureMethod: method, expectedBaseString: expected, signedBaseString: signed, causes: all, variantsTried: tried };
  };
  if (await verifies(expected)) return done(expected, []);

  if (signature.includes(' ') && (await verifies(expected, signature.replace(/ /g, '+')))) {
    return done(expected, [
      { code: 'signature_encoding', message: 'the signature\'s "+" arrived as a space: percent-encode it in the header (%2B), do not form-encode the header' },
    ]);
  }

  const singles = [...methodVariants(request.method), ...urlVariants(request), ...parameterVariants(request)];
  for (const variant of singles) {
    if (exhausted) break;
    const candidate = layOut(layoutOf(request, variant));
    if (candidate !== expected && (await verifies(candidate))) return done(candidate, variant.causes);
  }
  for (const uriVariant of exhausted ? [] : urlVariants(request)) {
    for (const paramVariant of parameterVariants(request)) {
      if (exhausted) break;
      const candidate = layOut(layoutOf(request, uriVariant, paramVariant));
      if (await verifies(candidate)) return done(candidate, [...uriVariant.causes, ...paramVariant.causes]);
    }
  }
  if (kind === 'hmac') {
    const hash = method === 'HMAC-SHA1' ? 'SHA-1' : method === 'HMAC-SHA256' ? 'SHA-256' : 'SHA-512';
    const key = input.controlKey as string;
    for (const [candidateKey, why] of [
      [key, 'the control key was used without the "&" that ends the HMAC key (key = control key + "&" + empty token secret)'],
      [`${key.trim()}&`, 'the control key has spaces or a line break around it where it was stored'],
    ] as const) {
      // crypto.subtle's HMAC (oauth-core's WebCrypto adapter): the engine runs in browsers too.
      const sign = await hmacAdapter.hmac(hash, candidateKey);
      if ((await sign(expected)) === signature) {
        return done(expected, [{ code: 'hmac_key_layout', message: why }]);
      }
    }
  }
  const masked = [...new Set([...request.queryPairs, ...request.bodyPairs].filter(([, value]) => isMasked(value)).map(([name]) => name))];
  if (masked.length > 0) {
    return {
      verdict: 'masked',
      signatureMethod: method,
      expectedBaseString: expected,
      causes: [
        ...refusals,
        {
          code: 'masked_values',
          message: `${masked.join(', ')} ${masked.length === 1 ? 'holds a masked value' : 'hold masked values'}: the signature covers the real card data, so this request cannot be checked. Save the request as sent with "paysign send ... --save-request FILE" and run "paysign explain --request FILE"`,
        },
        ...timeCauses,
      ],
      variantsTried: tried,
    };
  }
  const incomplete: Cause[] = exhausted
    ? [
        {
          code: 'search_incomplete',
          message: `the request is large: ${tried} layouts of the base string were checked before the budget (${maxVariants} layouts, ${input.maxBaseStringBytes ?? DEFAULT_MAX_BASE_STRING_BYTES} bytes) ran out; a client mistake among the others is not ruled out`,
        },
      ]
    : [];
  return {
    verdict: 'mismatch',
    signatureMethod: method,
    expectedBaseString: expected,
    causes: [...refusals, ...incomplete, wrongKey(kind, signature, input.publicKey), ...timeCauses],
    variantsTried: tried,
  };
}

function refusedBeforeKey(method: string, causes: Cause[]): Diagnosis {
  return {
    verdict: causes.every((cause) => cause.code === 'stale_timestamp' || cause.code === 'timestamp_in_milliseconds') ? 'stale' : 'refused',
    signatureMethod: method,
    causes,
    variantsTried: 0,
  };
}

// The length of what a lenient Base64 reader (Node's Buffer) makes of the text: up to the first
// "=", other characters skipped, six bits each, whole bytes only.
function base64ByteLength(text: string): number {
  const digits = (text.split('=')[0] ?? '').replace(/[^A-Za-z0-9+/_-]/g, '').length;
  return Math.floor((digits * 6) / 8);
}

function wrongKey(kind: 'hmac' | 'rsa', signature: string, publicKey: string | undefined): Cause {
  if (kind === 'rsa' && publicKey !== undefined) {
    const signatureBits = base64ByteLength(signature) * 8;
    // Read adapter-free (oauth-core/keys), as the verifier already accepted the key above.
    const keyBits = readPublicKey(publicKey, 0).bits;
    if (keyBits !== undefined && signatureBits !== keyBits) {
      return {
        code: 'wrong_key',
        message: `the signature is ${signatureBits} bits long but the public key has ${keyBits}: the request was signed with another key pair`,
      };
    }
    return {
      code: 'wrong_key',
      message:
        'no variant of the base string verifies: either a value was changed after signing (tampering, or a proxy rewriting the body), or the request was signed with a private key that does not belong to this public key',
    };
  }
  return {
    code: 'wrong_key',
    message:
      "no variant of the base string verifies: either a value was changed after signing (tampering, or a proxy rewriting the body), or the request was signed with another control key (check the login's key, sandbox vs production)",
  };
}

function timestampCauses(timestamp: string, now: number, window: number): Cause[] {
  if (/^[0-9]{13}$/.test(timestamp)) {
    return [
      {
        code: 'timestamp_in_milliseconds',
        message: `oauth_timestamp ${timestamp} is in milliseconds; it must be Unix seconds (${Math.floor(Number(timestamp) / 1000)})`,
      },
    ];
  }
  const distance = Number(timestamp) - now;
  if (!OAUTH_TIMESTAMP_RECEIVED_PATTERN.test(timestamp) || Math.abs(distance) > window) {
    return [
      {
        code: 'stale_timestamp',
        message: `oauth_timestamp ${timestamp} is ${Math.abs(distance)} s ${distance < 0 ? 'behind' : 'ahead of'} the clock (window ±${window} s): sign just before sending, and check the client's clock`,
      },
    ];
  }
  return [];
}
