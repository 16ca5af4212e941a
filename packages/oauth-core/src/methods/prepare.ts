import type { CryptoAdapter, MaybePromise, SignFunction, VerifyFunction } from '../adapters/types.js';
import { decodeBase64, isCanonicalBase64 } from '../encoding/base64.js';
import { OAuthError } from '../errors.js';
import type { SigningCredentials, VerifyingCredentials } from '../types.js';
import { describeSignatureMethod, signingKey } from './signature-methods.js';
import { timingSafeEqual } from './timing-safe-equal.js';

export const DEFAULT_MINIMUM_RSA_KEY_BITS = 2048;

function minimumBits(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MINIMUM_RSA_KEY_BITS;
  if (!Number.isInteger(value) || value < 0) {
    throw new OAuthError('INVALID_PARAMETER', 'minimumRsaKeyBits must be a non-negative integer');
  }
  return value;
}

/**
 * Prepares the signing function of one set of credentials: the HMAC key state or the imported
 * RSA key is made once here, and the returned function signs any number of base strings.
 */
export function prepareSigning(credentials: SigningCredentials, adapter: CryptoAdapter): MaybePromise<SignFunction> {
  const method = describeSignatureMethod(credentials.signatureMethod);
  if (method.kind === 'plaintext') {
    const signature = signingKey(credentials.consumerSecret, credentials.tokenSecret);
    return () => signature;
  }
  if (method.kind === 'hmac') return adapter.hmac(method.hash, signingKey(credentials.consumerSecret, credentials.tokenSecret));
  if (credentials.privateKey === undefined || credentials.privateKey === null) {
    throw new OAuthError('MISSING_KEY', `privateKey is required for ${credentials.signatureMethod}`);
  }
  return adapter.rsaPrivate(method.hash, credentials.privateKey, minimumBits(credentials.minimumRsaKeyBits));
}

/** A prepared check of a received Base64 signature over a base string. */
export type SignatureCheck = (baseString: string, signature: string) => MaybePromise<boolean>;

/**
 * Prepares the verification of one set of credentials. HMAC and PLAINTEXT signatures are
 * recomputed and compared in constant time; RSA signatures are checked with the public key.
 * A signature that is not canonical Base64 never verifies.
 */
export function prepareVerifying(credentials: VerifyingCredentials, adapter: CryptoAdapter): MaybePromise<SignatureCheck> {
  const method = describeSignatureMethod(credentials.signatureMethod);
  if (method.kind === 'plaintext') {
    const expected = signingKey(credentials.consumerSecret, credentials.tokenSecret);
    return (_baseString, signature) => timingSafeEqual(expected, signature);
  }
  if (method.kind === 'hmac') {
    return then(adapter.hmac(method.hash, signingKey(credentials.consumerSecret, credentials.tokenSecret)), (sign) =>
      (baseString: string, signature: string) =>
        then(sign(baseString), (expected) => isCanonicalBase64(signature) && timingSafeEqual(expected, signature)),
    );
  }
  if (credentials.publicKey === undefined || credentials.publicKey === null) {
    throw new OAuthError('MISSING_KEY', `publicKey is required to verify ${credentials.signatureMethod}`);
  }
  if (!adapter.rsaPublic) {
    throw new OAuthError('ADAPTER_UNAVAILABLE', `the ${adapter.name} adapter cannot verify RSA signatures: it has no rsaPublic`);
  }
  return then(
    adapter.rsaPublic(method.hash, credentials.publicKey, minimumBits(credentials.minimumRsaKeyBits)),
    (verify: VerifyFunction) => (baseString: string, signature: string) =>
      isCanonicalBase64(signature) ? verify(baseString, decodeBase64(signature)) : false,
  );
}

/** Applies `f` to a value now, or when its promise settles: keeps synchronous adapters synchronous. */
export function then<T, U>(value: MaybePromise<T>, f: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}
