import { PKCS1_SHA1, PKCS1_SHA256, PKCS1_SHA512, type IPKCS } from 'micro-rsa-dsa-dh/rsa.js';
import { decodeBase64Url, encodeBase64 } from '../encoding/base64.js';
import { OAuthError } from '../errors.js';
import { integerBytes, readSequence } from '../keys/der.js';
import { readPrivateKey, readPublicKey, requireRoomForDigest, type PrivateKeyMaterial, type PublicKeyMaterial } from '../keys/rsa-key.js';
import type { HashName } from '../types.js';
import { digest, hmacSigner, randomBytes as random } from './js-hmac.js';
import type { CryptoAdapter, VerifyingAdapter } from './types.js';

// Pure JavaScript, for runtimes without node:crypto or crypto.subtle: @noble/hashes for the
// digests and HMAC, micro-rsa-dsa-dh for RSASSA-PKCS1-v1_5. Synchronous. Its RSA uses no CRT, so
// it is slow with 4096-bit keys; that is the price of running anywhere. It is not constant-time
// (BigInt arithmetic; see micro-rsa-dsa-dh's README): fine for signing your own requests, not
// for signing on request of others, so the auto entry never falls back to it for RSA.
const PKCS1: Record<HashName, IPKCS> = { 'SHA-1': PKCS1_SHA1, 'SHA-256': PKCS1_SHA256, 'SHA-512': PKCS1_SHA512 };
const encoder = /* @__PURE__ */ new TextEncoder();

function toBigInt(bytes: Uint8Array): bigint {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
}

function jwkInteger(jwk: Record<string, unknown>, member: string): bigint {
  const value = jwk[member];
  if (typeof value !== 'string') throw new OAuthError('INVALID_KEY', `the RSA JWK lacks the "${member}" member`);
  return toBigInt(decodeBase64Url(value));
}

function exportedJwk(material: { kind: 'cryptokey' | 'keyobject'; key: unknown }): Record<string, unknown> {
  if (material.kind === 'keyobject') {
    return (material.key as { export(options: { format: 'jwk' }): Record<string, unknown> }).export({ format: 'jwk' });
  }
  throw new OAuthError('INVALID_KEY', 'the js adapter cannot use a CryptoKey; pass the key as PEM or JWK');
}

function privateComponents(material: PrivateKeyMaterial): { n: bigint; d: bigint } {
  if (material.kind === 'der') {
    const members = readSequence(material.pkcs1, 0, 9, 'RSAPrivateKey');
    return { n: toBigInt(integerBytes(material.pkcs1, members[1]!)), d: toBigInt(integerBytes(material.pkcs1, members[3]!)) };
  }
  const jwk = material.kind === 'jwk' ? (material.jwk as Record<string, unknown>) : exportedJwk(material);
  return { n: jwkInteger(jwk, 'n'), d: jwkInteger(jwk, 'd') };
}

function publicComponents(material: PublicKeyMaterial): { n: bigint; e: bigint } {
  if (material.kind === 'der') {
    const members = readSequence(material.pkcs1, 0, 2, 'RSAPublicKey');
    return { n: toBigInt(integerBytes(material.pkcs1, members[0]!)), e: toBigInt(integerBytes(material.pkcs1, members[1]!)) };
  }
  const jwk = material.kind === 'jwk' ? (material.jwk as Record<string, unknown>) : exportedJwk(material);
  return { n: jwkInteger(jwk, 'n'), e: jwkInteger(jwk, 'e') };
}

const rsaPrivate: CryptoAdapter['rsaPrivate'] = (hash, key, minimumBits) => {
  const material = readPrivateKey(key, minimumBits);
  const privateKey = privateComponents(material);
  requireRoomForDigest(material.bits, hash);
  const pkcs1 = PKCS1[hash];
  return (data) => encodeBase64(pkcs1.sign(privateKey, encoder.encode(data)));
};

const rsaPublic: VerifyingAdapter['rsaPublic'] = (hash, key, minimumBits) => {
  const publicKey = publicComponents(readPublicKey(key, minimumBits));
  const pkcs1 = PKCS1[hash];
  return (data, signature) => {
    try {
      return pkcs1.verify(publicKey, encoder.encode(data), signature);
    } catch {
      return false;
    }
  };
};

/**
 * The pure-JS adapter (`@noble/hashes`, `micro-rsa-dsa-dh`) for signing: runs wherever
 * JavaScript runs, synchronously. The fallback where neither node:crypto nor crypto.subtle
 * exists. It has no `rsaPublic`, so a bundle that only signs carries no public-key parsing;
 * {@link verifyingAdapter} adds it.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core/js';
 * const signer = createSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1' });
 * signer.signSync({ url: 'https://gate.example/payment/api/v4/transfer/1' });
 * ```
 */
export const adapter: CryptoAdapter = { name: 'js', synchronous: true, hmac: hmacSigner, rsaPrivate, randomBytes: random, digest };

/**
 * The pure-JS adapter with RSA verification: the default of `createVerifier` and
 * `verifyBaseString`, and the package's `defaultAdapter` in the `./js` build.
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core/js';
 * const verify = await defaultAdapter.rsaPublic('SHA-256', publicKeyPem, 2048);
 * await verify(baseString, signatureBytes); // true
 * ```
 */
export const verifyingAdapter: VerifyingAdapter = { name: 'js', synchronous: true, hmac: hmacSigner, rsaPrivate, rsaPublic, randomBytes: random, digest };
