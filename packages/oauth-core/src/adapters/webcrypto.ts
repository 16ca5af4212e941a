import { OAuthError, refuse } from '../errors.js';
import { readPrivateKeyContainer, readPublicKey, requireBits, requireRoomForDigest } from '../keys/rsa-key.js';
import type { HashName } from '../types.js';
import type { CryptoAdapter, VerifyingAdapter } from './types.js';
import { digest, hmac, randomBytes } from './webcrypto-hmac.js';

// crypto.subtle: the fast path on workerd and the only one on most edge runtimes. Asynchronous.
// Keys are imported once per signer; each call is then a single subtle.sign.
const encoder = /* @__PURE__ */ new TextEncoder();
const RSA = 'RSASSA-PKCS1-v1_5';

// An RSA signature is at most 512 bytes (4096-bit key): within String.fromCharCode's argument limit.
function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function subtle(): SubtleCrypto {
  const value = globalThis.crypto?.subtle;
  if (!value) refuse('adapter', 'this runtime has no crypto.subtle: use the js adapter', 'options', 'ADAPTER_UNAVAILABLE');
  return value;
}

function checkHash(key: CryptoKey, hash: HashName): CryptoKey {
  const algorithm = key.algorithm as Partial<RsaHashedKeyAlgorithm>;
  if (algorithm.name !== RSA || algorithm.hash?.name !== hash) {
    throw new OAuthError('INVALID_KEY', `the CryptoKey must be ${RSA} with ${hash}`);
  }
  return key;
}

async function importRsa(format: 'pkcs8' | 'spki' | 'jwk', data: Uint8Array | JsonWebKey, hash: HashName, usage: KeyUsage): Promise<CryptoKey> {
  // Outside the try: a runtime without crypto.subtle is ADAPTER_UNAVAILABLE, not a refused key.
  const crypto = subtle();
  try {
    // One call for every format: the cast only picks an overload; the runtime dispatches on `format`.
    return await crypto.importKey(format as 'pkcs8', data as Uint8Array<ArrayBuffer>, { name: RSA, hash }, false, [usage]);
  } catch {
    throw new OAuthError('INVALID_KEY', `crypto.subtle refused the RSA key (${format})`);
  }
}

function jwkWithoutUsage(jwk: object): JsonWebKey {
  // A JWK's own alg/key_ops/use would conflict with the hash and usage we import it for.
  const { alg: _alg, key_ops: _ops, use: _use, ...rest } = jwk as Record<string, unknown>;
  return rest as JsonWebKey;
}

const rsaPrivate: CryptoAdapter['rsaPrivate'] = async (hash, key, minimumBits) => {
  // crypto.subtle checks the key as it imports it, and then tells its size: no DER is parsed here.
  const container = readPrivateKeyContainer(key);
  let cryptoKey: CryptoKey;
  if (container.kind === 'cryptokey') cryptoKey = checkHash(container.key, hash);
  else if (container.kind === 'pkcs8') cryptoKey = await importRsa('pkcs8', container.pkcs8, hash, 'sign');
  else
    cryptoKey = await importRsa(
      'jwk',
      jwkWithoutUsage(container.kind === 'jwk' ? container.jwk : (container.key.export({ format: 'jwk' }) as object)),
      hash,
      'sign',
    );
  const bits = (cryptoKey.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  requireBits(bits, minimumBits);
  requireRoomForDigest(bits, hash);
  return async (data) => toBase64(new Uint8Array(await subtle().sign(RSA, cryptoKey, encoder.encode(data))));
};

const rsaPublic: VerifyingAdapter['rsaPublic'] = async (hash, key, minimumBits) => {
  const material = readPublicKey(key, minimumBits);
  let cryptoKey: CryptoKey;
  if (material.kind === 'cryptokey') cryptoKey = checkHash(material.key, hash);
  else if (material.kind === 'der') cryptoKey = await importRsa('spki', material.spki, hash, 'verify');
  else
    cryptoKey = await importRsa(
      'jwk',
      jwkWithoutUsage(material.kind === 'jwk' ? material.jwk : (material.key.export({ format: 'jwk' }) as object)),
      hash,
      'verify',
    );
  return (data, signature) => subtle().verify(RSA, cryptoKey, signature as Uint8Array<ArrayBuffer>, encoder.encode(data));
};

/**
 * The WebCrypto adapter (`crypto.subtle`) for signing: workerd, Vercel Edge, Deno Deploy,
 * browsers. Asynchronous: use `signer.sign`, not `signSync`. It has no `rsaPublic`, so a worker
 * that only signs carries no public-key parsing; {@link verifyingAdapter} adds it.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core/webcrypto';
 * const signer = createSigner({ consumerKey: 'merchant', privateKey: pem, signatureMethod: 'RSA-SHA256' });
 * const signed = await signer.sign({ url: 'https://gate.example/payment/api/v4/transfer/1', params: { amount: '1.00' } });
 * ```
 */
export const adapter: CryptoAdapter = { name: 'webcrypto', synchronous: false, hmac, rsaPrivate, randomBytes, digest };

/**
 * The WebCrypto adapter with RSA verification: the default of `createVerifier` and
 * `verifyBaseString`, and the package's `defaultAdapter` under the workerd, edge-light, worker
 * and browser conditions.
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core/webcrypto';
 * const verify = await defaultAdapter.rsaPublic('SHA-256', publicKeyPem, 2048);
 * await verify(baseString, signatureBytes); // true
 * ```
 */
export const verifyingAdapter: VerifyingAdapter = { name: 'webcrypto', synchronous: false, hmac, rsaPrivate, rsaPublic, randomBytes, digest };
