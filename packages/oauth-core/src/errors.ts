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
  | 'INVALID_SIGNATURE_ENCODING'; // a signature that is not canonical Base64

/**
 * The one error class that `@paysign/oauth-core` throws. Its message names the field and the
 * rule, never a secret or key material; `code` is stable across versions.
 *
 * @example
 * ```ts
 * try {
 *   percentEncode('\uD800');
 * } catch (error) {
 *   if (error instanceof OAuthError && error.code === 'INVALID_STRING') console.error(error.message);
 * }
 * ```
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  readonly code: OAuthErrorCode;

  constructor(code: OAuthErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
