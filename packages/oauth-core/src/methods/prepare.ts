import type { CryptoAdapter, MaybePromise, SignFunction, VerifyFunction } from '../adapters/types.js';
import { decodeBase64, isCanonicalBase64 } from '../encoding/base64.js';
import { attribute, OAuthError, refuse } from '../errors.js';
import type { HashName, PrivateKeyInput, PublicKeyInput, SigningCredentials, VerifyingCredentials } from '../types.js';
import { describeSignatureMethod, signingKey } from './signature-methods.js';
import { timingSafeEqual } from './timing-safe-equal.js';

// The types tie each method to its credentials; JavaScript callers are checked here, on this shape.
interface CredentialsAsGiven {
  signatureMethod: string;
  consumerSecret?: string;
  tokenSecret?: string;
  privateKey?: PrivateKeyInput | null;
  publicKey?: PublicKeyInput | null;
  minimumRsaKeyBits?: number;
}

export const DEFAULT_MINIMUM_RSA_KEY_BITS = 2048;

function minimumBits(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MINIMUM_RSA_KEY_BITS;
  if (!Number.isInteger(value) || value < 0) {
    throw new OAuthError('INVALID_PARAMETER', 'minimumRsaKeyBits must be a non-negative integer', { source: 'options', field: 'minimumRsaKeyBits' });
  }
  return value;
}

/**
 * Prepares the signing function of one set of credentials: the HMAC key state or the imported
 * RSA key is made once here, and the returned function signs any number of base strings.
 */
export function prepareSigning(given: SigningCredentials, adapter: CryptoAdapter): MaybePromise<SignFunction> {
  const credentials = given as CredentialsAsGiven;
  const method = describeSignatureMethod(credentials.signatureMethod);
  if (method.kind === 'plaintext') {
    const signature = signingKey(credentials.consumerSecret, credentials.tokenSecret);
    return () => signature;
  }
  if (method.kind === 'hmac') return prepareHmacSigning(given, adapter, method.hash);
  if (credentials.privateKey === undefined || credentials.privateKey === null) {
    refuse('privateKey', `privateKey is required for ${credentials.signatureMethod}`, 'options', 'MISSING_KEY');
  }
  if (!adapter.rsaPrivate) {
    refuse('adapter', `the ${adapter.name} adapter cannot sign with RSA: it has no rsaPrivate`, 'options', 'ADAPTER_UNAVAILABLE');
  }
  const bits = minimumBits(credentials.minimumRsaKeyBits);
  // The key readers and the adapters name no option themselves: what they refuse is the privateKey
  // (an error that already names its option, such as crypto.subtle missing, keeps it).
  const privateKeyError = (error: unknown) => attribute(error, 'options', 'privateKey');
  let imported: MaybePromise<SignFunction>;
  try {
    imported = adapter.rsaPrivate(method.hash, credentials.privateKey, bits);
  } catch (error) {
    throw privateKeyError(error);
  }
  return isPromiseLike(imported) ? imported.then(undefined, (error: unknown) => Promise.reject(privateKeyError(error))) : imported;
}

/**
 * The HMAC part of {@link prepareSigning} (§3.4.2: the keyed hash state, made once), for a method
 * already known to be HMAC with `hash`: the `/hmac` entry's signer prepares its keys with it
 * alone, so that its bundle carries no RSA or PLAINTEXT branch.
 */
export function prepareHmacSigning(given: SigningCredentials, adapter: CryptoAdapter, hash: HashName): MaybePromise<SignFunction> {
  const { consumerSecret, tokenSecret } = given as CredentialsAsGiven;
  return adapter.hmac(hash, signingKey(consumerSecret, tokenSecret));
}

/** A prepared check of a received Base64 signature over a base string. */
export type SignatureCheck = (baseString: string, signature: string) => MaybePromise<boolean>;

/**
 * Prepares the verification of one set of credentials. HMAC and PLAINTEXT signatures are
 * recomputed and compared in constant time; RSA signatures are checked with the public key.
 * A signature that is not canonical Base64 never verifies.
 */
export function prepareVerifying(given: VerifyingCredentials, adapter: CryptoAdapter): MaybePromise<SignatureCheck> {
  const credentials = given as CredentialsAsGiven;
  const method = describeSignatureMethod(credentials.signatureMethod);
  if (method.kind === 'plaintext') {
    const expected = signingKey(credentials.consumerSecret, credentials.tokenSecret);
    return (_baseString, signature) => timingSafeEqual(expected, signature);
  }
  if (method.kind === 'hmac') {
    return whenReady(
      adapter.hmac(method.hash, signingKey(credentials.consumerSecret, credentials.tokenSecret)),
      (sign) => (baseString: string, signature: string) =>
        whenReady(sign(baseString), (expected) => isCanonicalBase64(signature) && timingSafeEqual(expected, signature)),
    );
  }
  if (credentials.publicKey === undefined || credentials.publicKey === null) {
    throw new OAuthError('MISSING_KEY', `publicKey is required to verify ${credentials.signatureMethod}`);
  }
  if (!adapter.rsaPublic) {
    throw new OAuthError('ADAPTER_UNAVAILABLE', `the ${adapter.name} adapter cannot verify RSA signatures: it has no rsaPublic`);
  }
  return whenReady(
    adapter.rsaPublic(method.hash, credentials.publicKey, minimumBits(credentials.minimumRsaKeyBits)),
    (verify: VerifyFunction) => (baseString: string, signature: string) => (isCanonicalBase64(signature) ? verify(baseString, decodeBase64(signature)) : false),
  );
}

/** Applies `f` to a value now, or when its promise settles: keeps synchronous adapters synchronous. */
export function whenReady<T, U>(value: MaybePromise<T>, f: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isPromiseLike(value) ? value.then(f) : f(value);
}

/** True for a promise of any realm (a custom adapter may return one made elsewhere): no `instanceof`. */
export function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
