// The adapter-free public API, in the RFC's order. Every entry point (node, webcrypto, js, auto)
// re-exports it and adds createSigner, createVerifier, signBaseString and verifyBaseString bound
// to its crypto adapter; the build shares this module between them, so `OAuthError` is one class.
export { OAuthError, type OAuthErrorCode, type OAuthErrorSource } from './errors.js';
export type * from './types.js';

// §3.6 Percent encoding, and the form bodies (§3.4.1.3.1) and Base64 signatures (§3.4.2, §3.4.3)
// it is used in. The sibling packages import these from here, not from /encoding: one module fewer
// for an app to load (scripts/packaging/weight.mjs).
export { percentEncode } from './encoding/percent-encode.js';
export { formDecode, percentDecode } from './encoding/percent-decode.js';
export { decodeBase64, encodeBase64 } from './encoding/base64.js';

// §3.4.1.3 Request parameters
export { normalizeParameters } from './parameters/normalize.js';

// §3.4.1 Signature base string: the method (§3.4.1.1), the URI (§3.4.1.2), the parts step by step
export { baseStringUri } from './base-string/base-string-uri.js';
export {
  normalizeMethod,
  signatureBaseString,
  signatureBaseStringParts,
  type BaseStringSteps,
  type SignatureBaseStringParts,
} from './base-string/signature-base-string.js';

// §3.3 Nonce and timestamp: how a timestamp is written and read, and the verifier's checks, for servers that refuse a request early
export { OAUTH_TIMESTAMP_PATTERN, OAUTH_TIMESTAMP_RECEIVED_PATTERN } from './parameters/oauth-timestamp.js';
export { checkConsumer, checkTimestamp, DEFAULT_TIMESTAMP_WINDOW_SECONDS, type PreCheckFailure } from './verifier/pre-checks.js';

// §3.4.2-3.4.4 Signature methods, and the constant-time compare the verifier checks them with
export { signatureMethods } from './methods/signature-methods.js';
export { timingSafeEqual } from './methods/timing-safe-equal.js';

// §3.5.1 Authorization header
export { formatAuthorizationHeader, parseAuthorizationHeader, type ParsedAuthorization } from './header/authorization.js';

// Signing and verifying requests
export type {
  SignedBodyOf,
  SignedRequest,
  Signer,
  SignerLayoutOptions,
  SignerOptions,
  SignRequest,
  SyncSigner,
  TokenCredentials,
  Transmission,
} from './signer/create-signer.js';
export type { BodyHashOption } from './signer/request-body.js';
export type {
  ConsumerRecord,
  VerificationFailureReason,
  VerificationResult,
  Verifier,
  VerifierOptions,
  VerifyRequest,
} from './verifier/create-verifier.js';
export { createMemoryNonceStore, nonceExpiry, type MemoryNonceStoreOptions, type NonceStore } from './verifier/nonce-store.js';

// Sending: a WHATWG Request signed, and a fetch that signs every request it sends
export { signRequest, type SignRequestOptions } from './fetch/sign-request.js';
export { createOAuthFetch, type FetchLike, type OAuthFetchOptions } from './fetch/create-oauth-fetch.js';

// §2 Redirection-based authorization (the three-legged flow): temporary credentials (§2.1), the
// resource owner's URL and the callback read (§2.2), token credentials (§2.3), and the servers'
// credentials replies read
export { requestTemporaryCredentials, type TemporaryCredentialsRequest } from './flow/request-temporary-credentials.js';
export { authorizationUrl } from './flow/authorization-url.js';
export { parseAuthorizationCallback, type AuthorizationCallback, type AuthorizationCallbackOptions } from './flow/parse-authorization-callback.js';
export { requestTokenCredentials, type TokenCredentialsRequest } from './flow/request-token-credentials.js';
export { parseCredentials, type Credentials, type ParseCredentialsOptions, type TemporaryCredentials } from './flow/parse-credentials.js';

// Crypto adapters: the interface to bring your own
export type { AdapterName, CryptoAdapter, DigestFunction, MaybePromise, SignFunction, VerifyFunction, VerifyingAdapter } from './adapters/types.js';
export type { BoundApi } from './entries/bind.js';
