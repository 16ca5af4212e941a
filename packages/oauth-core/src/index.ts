// @paysign/oauth-core: OAuth 1.0 (RFC 5849) signing and verifying, in the RFC's order.
export { OAuthError, type OAuthErrorCode } from './errors.js';
export type * from './types.js';

// §3.6 Percent encoding, and Base64 for signatures
export { percentEncode } from './encoding/percent-encode.js';
export { percentDecode, formDecode } from './encoding/percent-decode.js';
export { encodeBase64, encodeBase64Js, decodeBase64, isCanonicalBase64, base64Backend } from './encoding/base64.js';

// §3.4.1.3 Request parameters
export { collectParameters, type Parameter } from './parameters/collect.js';
export { normalizeParameters } from './parameters/normalize.js';

// §3.4.1 Signature base string
export { baseStringUri } from './base-string/base-string-uri.js';
export { parseFormPairs } from './base-string/query.js';
export { signatureBaseString } from './base-string/signature-base-string.js';

// §3.4.2-3.4.4 Signature methods
export { signatureMethods, describeSignatureMethod, signingKey, type MethodKind } from './methods/signature-methods.js';
export { timingSafeEqual } from './methods/timing-safe-equal.js';
export { signBaseString, verifyBaseString } from './signer/sign-base-string.js';

// Keys
export { readPem, writePem, type PemBlock } from './keys/pem.js';
export { pkcs1PrivateToPkcs8, pkcs1PublicToSpki } from './keys/der.js';
export {
  readPrivateKey,
  readPrivateKeyContainer,
  readPublicKey,
  type PrivateKeyContainer,
  type PrivateKeyMaterial,
  type PublicKeyMaterial,
} from './keys/rsa-key.js';

// §3.5.1 Authorization header
export { formatAuthorizationHeader, parseAuthorizationHeader, type ParsedAuthorization } from './header/authorization.js';

// Signing and verifying requests
export { createSigner, type Signer, type SignerOptions, type SignRequest, type SignedRequest } from './signer/create-signer.js';
export {
  createVerifier,
  type ConsumerRecord,
  type VerificationFailureReason,
  type VerificationResult,
  type Verifier,
  type VerifierOptions,
  type VerifyRequest,
} from './verifier/create-verifier.js';
export { createMemoryNonceStore, nonceExpiry, type MemoryNonceStoreOptions, type NonceStore } from './verifier/nonce-store.js';

// Crypto adapters: this build's default, and the interface to bring your own
export { verifyingAdapter as defaultAdapter } from '#adapter';
export type { AdapterName, CryptoAdapter, MaybePromise, SignFunction, VerifyFunction, VerifyingAdapter } from './adapters/types.js';
