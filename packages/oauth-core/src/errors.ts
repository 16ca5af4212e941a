/**
 * Stable error codes of `@paysign/oauth-core`. A code never changes meaning between versions;
 * match on `error.code`, never on the message.
 *
 * @example
 * ```ts
 * import { createSigner, OAuthError, type OAuthErrorCode } from '@paysign/oauth-core';
 *
 * const keyProblems: OAuthErrorCode[] = ['MISSING_KEY', 'INVALID_KEY', 'WEAK_KEY'];
 * try {
 *   createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: process.env.PRIVATE_KEY ?? '' });
 * } catch (error) {
 *   if (error instanceof OAuthError && keyProblems.includes(error.code)) console.error(`check PRIVATE_KEY: ${error.message}`);
 * }
 * ```
 */
export type OAuthErrorCode =
  | 'INVALID_STRING' // a value is not a well-formed string (lone surrogate, unstringifiable object)
  | 'INVALID_URL' // a URL cannot be parsed or is not absolute http(s)
  | 'INVALID_METHOD' // an HTTP method is empty or has characters outside RFC 7230 tchar
  | 'INVALID_PARAMETER' // a parameter name or value is missing or of the wrong shape
  | 'UNSUPPORTED_SIGNATURE_METHOD' // not one of the RFC 5849 methods this library signs with
  | 'MISSING_SECRET' // an HMAC/PLAINTEXT method without a consumer secret
  | 'MISSING_KEY' // an RSA method without a private or public key
  | 'INVALID_KEY' // a key that cannot be read, of the wrong type, or the wrong use
  | 'WEAK_KEY' // an RSA key shorter than minimumRsaKeyBits
  | 'SYNC_UNSUPPORTED' // signSync on an adapter that can only sign asynchronously
  | 'ADAPTER_UNAVAILABLE' // the chosen crypto adapter cannot run here, or cannot do this (RSA verification without rsaPublic)
  | 'INVALID_HEADER' // an Authorization header that cannot be parsed
  | 'INVALID_SIGNATURE_ENCODING' // a signature that is not canonical Base64
  | 'INVALID_CREDENTIALS_REPLY' // a credentials reply (RFC 5849 §2.1, §2.3) without oauth_token or oauth_token_secret, or with one twice
  | 'CALLBACK_NOT_CONFIRMED' // a temporary credentials reply without oauth_callback_confirmed=true (§2.1)
  | 'INVALID_AUTHORIZATION_CALLBACK' // a callback (§2.2) without oauth_token or oauth_verifier, with one twice, or for another temporary token
  | 'AUTHORIZATION_DENIED' // a callback that says the resource owner refused (denied, no oauth_verifier)
  | 'UNEXPECTED_STATUS' // a server answered with a status other than 2xx (the error's `status`)
  | 'REPLY_TOO_LARGE'; // a reply body longer than the byte cap it is read with

/**
 * Where the cause of an {@link OAuthError} lies: in the signer's or verifier's `options` (fix the
 * configuration: a key, a secret, what `timestamp()` or `nonce()` gives), in one `request`
 * (fix the call: its method, URL, parameters), or in the server's `reply` (the token dance of
 * RFC 5849 §2: a status, a body too long, a credential missing). Errors of the stand-alone
 * functions (`percentEncode`, `parseAuthorizationHeader`...) name no source.
 *
 * @example
 * ```ts
 * import { OAuthError, type OAuthErrorSource } from '@paysign/oauth-core';
 *
 * function blame(error: OAuthError): string {
 *   const source: OAuthErrorSource | undefined = error.source;
 *   return source === 'options' ? `check the option ${error.field}` : `check the request's ${error.field ?? 'input'}`;
 * }
 * ```
 */
export type OAuthErrorSource = 'options' | 'request' | 'reply';

/**
 * The one error class that `@paysign/oauth-core` throws. Its message names the field and the
 * rule, never a secret or key material; `code` is stable across versions. A signer's and a
 * verifier's errors also say where the cause lies (`source`) and which option or request member
 * it is (`field`: `'timestamp'`, `'privateKey'`, `'url'`, `'params'`...).
 *
 * @example
 * ```ts
 * import { createSigner, OAuthError, percentEncode } from '@paysign/oauth-core';
 *
 * try {
 *   percentEncode('\uD800');
 * } catch (error) {
 *   if (error instanceof OAuthError && error.code === 'INVALID_STRING') console.error(error.message);
 * }
 * const signer = createSigner({ consumerKey: 'merchant', consumerSecret: 'key', signatureMethod: 'HMAC-SHA1', timestamp: () => Date.now() });
 * await signer.sign({ url: 'https://gate.example/payment/api/v4/transfer/1' }).catch((error: OAuthError) => {
 *   console.error(error.source, error.field); // 'options' 'timestamp': milliseconds, not seconds
 * });
 * ```
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  // Set by the constructor (`declare`: no class field of its own to define first, in a bundle).
  declare readonly code: OAuthErrorCode;
  /** Whether an option or the request is at fault, when the error comes from a signer or verifier. */
  declare readonly source: OAuthErrorSource | undefined;
  /** The option or request member at fault (`'timestamp'`, `'consumerSecret'`, `'url'`...), when one is. */
  declare readonly field: string | undefined;
  /** The HTTP status of the reply, for `UNEXPECTED_STATUS`. */
  declare readonly status: number | undefined;

  constructor(code: OAuthErrorCode, message: string, at?: { source: OAuthErrorSource; field?: string | undefined; status?: number | undefined }) {
    super(message);
    // `source`, `field` and `status` are own properties only when given (each reads `undefined` otherwise).
    Object.assign(this, at, { code });
  }
}

/** Refuses an option or a request member: `INVALID_PARAMETER` (or `code`), naming where the cause lies and which field it is. */
export function refuse(field: string | undefined, message: string, source: OAuthErrorSource = 'request', code: OAuthErrorCode = 'INVALID_PARAMETER'): never {
  throw new OAuthError(code, message, { source, field });
}

/**
 * Says where an error lies: an `OAuthError` that names no source yet gets `source` (and `field`);
 * any other value is left as it is. Returns the error, to be thrown again.
 */
export function attribute(error: unknown, source: OAuthErrorSource, field?: string): unknown {
  if (error instanceof OAuthError && error.source === undefined) Object.assign(error, { source, field });
  return error;
}
