// @paysign/oauth-core/hmac: the smallest signer, for edge workers that sign with HMAC only.
// It is built from the same parts as createSigner (encoding, base string, header), with
// crypto.subtle for the HMAC and none of the RSA, key-parsing or adapter code.
import { baseStringUri, parseRequestUrl } from './base-string/base-string-uri.js';
import { parseFormPairs } from './base-string/query.js';
import { baseStringFromEncoded } from './base-string/signature-base-string.js';
import { percentEncode } from './encoding/percent-encode.js';
import { OAuthError } from './errors.js';
import { formatEncodedHeader } from './header/authorization.js';
import { signingKey } from './methods/signature-methods.js';
import { collectParameters } from './parameters/collect.js';
import { encodePairs } from './parameters/normalize.js';
import { joinForm, protocolParameters, refuseProtocolNames } from './signer/protocol-parameters.js';
import type { SignedRequest } from './signer/create-signer.js';
import type { ParameterInput } from './types.js';

export { OAuthError, type OAuthErrorCode } from './errors.js';
export { percentEncode } from './encoding/percent-encode.js';
export type { SignedRequest } from './signer/create-signer.js';
export type { ParameterInput } from './types.js';

/** The HMAC signature methods and their WebCrypto hash names. */
export type HmacSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512';

export interface HmacSignerOptions {
  /** `oauth_consumer_key`: at the gateway, the merchant login. */
  consumerKey: string;
  /** The consumer secret: at the gateway, the merchant control key. */
  consumerSecret: string;
  tokenSecret?: string;
  token?: string;
  /** Default `HMAC-SHA1`, the gateway's method. */
  signatureMethod?: HmacSignatureMethod;
  realm?: string;
  nonce?: () => string;
  timestamp?: () => number | string;
  version?: '1.0' | false;
  /** Also place the `oauth_*` parameters in the body, as the gateway's HMAC example does. */
  oauthParamsInBody?: boolean;
}

/** Signs form-encoded POST requests with one HMAC key, imported once. */
export interface HmacSigner {
  sign(request: { url: string | URL; params?: ParameterInput }): Promise<SignedRequest>;
}

/** 128 bits from the CSPRNG as 32 hex digits. */
function hexNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte | 256).toString(16).slice(1)).join('');
}

/**
 * Creates the edge HMAC signer: OAuth 1.0 HMAC-SHA1/256/512 through `crypto.subtle`, for form
 * POSTs (the gateway's only method). Its output is byte for byte that of `createSigner` with the
 * same options; for RSA, GET-style requests, `signSync` or a custom adapter, use `createSigner`
 * from `@paysign/oauth-core`.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET` or `INVALID_PARAMETER`.
 * @example
 * ```ts
 * import { createHmacSigner } from '@paysign/oauth-core/hmac';
 * const signer = createHmacSigner({ consumerKey: env.LOGIN, consumerSecret: env.CONTROL_KEY, oauthParamsInBody: true });
 * const signed = await signer.sign({ url: 'https://gate.example/payment/api/v4/transfer/42', params: { amount: '10.00' } });
 * await fetch(signed.url, { method: 'POST', headers: signed.headers, body: signed.body });
 * ```
 */
export function createHmacSigner(options: HmacSignerOptions): HmacSigner {
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA1';
  const bits = /^HMAC-SHA(1|256|512)$/.exec(signatureMethod)?.[1];
  if (!bits) throw new OAuthError('UNSUPPORTED_SIGNATURE_METHOD', 'signatureMethod must be HMAC-SHA1, HMAC-SHA256 or HMAC-SHA512');
  const encoder = new TextEncoder();
  const source = {
    ...options,
    signatureMethod,
    nonce: options.nonce ?? hexNonce,
    timestamp: options.timestamp ?? (() => Math.floor(Date.now() / 1000)),
    version: options.version ?? '1.0',
  } as const;
  const key = crypto.subtle.importKey('raw', encoder.encode(signingKey(options.consumerSecret, options.tokenSecret)), { name: 'HMAC', hash: `SHA-${bits}` }, false, ['sign']);
  key.catch(() => undefined); // surfaced by sign()

  return {
    async sign(request) {
      const url = parseRequestUrl(request.url);
      const params = encodePairs(collectParameters(request.params));
      const oauthParams = protocolParameters(source);
      refuseProtocolNames(params, oauthParams);
      const oauthEncoded = encodePairs(Object.entries(oauthParams));
      const query = encodePairs(parseFormPairs(url.search.slice(1)));
      const baseString = baseStringFromEncoded('POST', baseStringUri(url), [...query, ...params, ...oauthEncoded]);
      const digest = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(baseString)));
      // A digest is at most 64 bytes: btoa of its binary string is the smallest correct encoder.
      const signature = btoa(String.fromCharCode(...digest));
      const signatureParam: [string, string] = ['oauth_signature', percentEncode(signature)];
      const authorization = formatEncodedHeader([...oauthEncoded, signatureParam], options.realm);
      const body = joinForm(options.oauthParamsInBody ? [...params, ...oauthEncoded, signatureParam] : params);
      const headers = { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' };
      return { method: 'POST', url: url.href, authorization, oauthParams, signature, baseString, body, headers };
    },
  };
}
