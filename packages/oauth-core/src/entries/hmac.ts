/**
 * `@paysign/oauth-core/hmac`: the smallest signer, for edge workers that sign with HMAC only: the
 * same core as `createSigner`, bound to an HMAC-only crypto.subtle adapter (no RSA, no key parsing).
 *
 * @module
 */
export { hmacAdapter } from '../adapters/webcrypto-hmac.js';
// percentEncode's output, without the byte loop for long values: the smaller bundle.
export { percentEncodeNative as percentEncode } from '../encoding/percent-encode.js';
export { OAuthError, type OAuthErrorCode, type OAuthErrorSource } from '../errors.js';
export { createHmacSigner, type HmacSignatureMethod, type HmacSignerOptions } from '../signer/create-hmac-signer.js';
export type { SignedBodyOf, SignedRequest, Signer, SignRequest, TokenCredentials, Transmission } from '../signer/create-signer.js';
export type { BodyHashOption } from '../signer/request-body.js';
export type { ParameterInput } from '../types.js';
