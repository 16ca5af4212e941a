import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  hash as hashOnce,
  KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { OAuthError } from '../errors.js';
import { readPrivateKey, readPublicKey, requireRoomForDigest } from '../keys/rsa-key.js';
import type { HashName } from '../types.js';
import type { CryptoAdapter, DigestFunction, VerifyingAdapter } from './types.js';

// node:crypto on Node, Bun and Deno: synchronous, and createHmac beats crypto.subtle by ~7x on
// Node for the short base strings OAuth signs (see bench/). RSA signs synchronously for signSync,
// and on the thread pool for sign() (see rsaPrivate).
const NODE_HASH: Record<HashName, string> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

function toKeyObject(material: ReturnType<typeof readPrivateKey> | ReturnType<typeof readPublicKey>, type: 'private' | 'public'): KeyObject {
  try {
    switch (material.kind) {
      case 'keyobject':
        return material.key as KeyObject;
      case 'cryptokey':
        return KeyObject.from(material.key);
      case 'jwk':
        return type === 'private'
          ? createPrivateKey({ key: material.jwk as never, format: 'jwk' })
          : createPublicKey({ key: material.jwk as never, format: 'jwk' });
      case 'der':
        return type === 'private'
          ? createPrivateKey({ key: Buffer.from((material as { pkcs8: Uint8Array }).pkcs8), format: 'der', type: 'pkcs8' })
          : createPublicKey({ key: Buffer.from((material as { spki: Uint8Array }).spki), format: 'der', type: 'spki' });
    }
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError('INVALID_KEY', `node:crypto could not import the RSA ${type} key`);
  }
}

/** RFC 2104's block size B and digest length L of each hash, in bytes. */
const BLOCK_BYTES: Record<HashName, number> = { 'SHA-1': 64, 'SHA-256': 64, 'SHA-512': 128 };
const DIGEST_BYTES: Record<HashName, number> = { 'SHA-1': 20, 'SHA-256': 32, 'SHA-512': 64 };
const ASCII = /^[\x00-\x7f]*$/;

const hmac: CryptoAdapter['hmac'] = (hash, key) => {
  const algorithm = NODE_HASH[hash];
  const block = BLOCK_BYTES[hash];
  // A key object made once: with a string or Buffer key, createHmac imports it again on every
  // call, which made an HMAC 8x slower on Node 24.
  const secret = createSecretKey(Buffer.from(key, 'utf8'));
  // A key of more than B bytes is hashed first (RFC 2104 §3); that, and any key that is not ASCII,
  // signs through createHmac.
  if (!ASCII.test(key) || key.length > block) return (data) => createHmac(algorithm, secret).update(data, 'utf8').digest('base64');
  // RFC 2104 with the key's pads made once: H(K ^ opad || H(K ^ ipad || data)), each H one call
  // of crypto.hash. An ASCII key XOR 0x36 is ASCII again, so the inner pad is a string whose UTF-8
  // form is its bytes, and the pad and the data (UTF-8, as createHmac reads a string) are hashed
  // as one string: no buffer is written or zeroed. Making a createHmac object per signature cost
  // more than the two hashes (bench/src/suites/hmac-key-form.mjs).
  let innerPad = '';
  const outer = Buffer.alloc(block + DIGEST_BYTES[hash], 0x5c);
  for (let i = 0; i < block; i++) {
    const byte = i < key.length ? key.charCodeAt(i) : 0;
    innerPad += String.fromCharCode(byte ^ 0x36);
    outer[i] = byte ^ 0x5c;
  }
  return (data) => {
    outer.write(hashOnce(algorithm, innerPad + data, 'binary'), block, 'latin1');
    return hashOnce(algorithm, outer, 'base64');
  };
};

const rsaPrivate: CryptoAdapter['rsaPrivate'] = (hash, key, minimumBits) => {
  const material = readPrivateKey(key, minimumBits);
  const keyObject = toKeyObject(material, 'private');
  requireRoomForDigest(material.bits, hash);
  const algorithm = NODE_HASH[hash];
  // An RSA-4096 signature is ~2 ms of one core: sign() hands it to libuv's thread pool (the
  // callback form of crypto.sign), so requests in flight sign on every core instead of in turn on
  // the event loop; signSync() signs here, on the calling thread.
  const offThread = (data: string) =>
    new Promise<string>((resolve, reject) => {
      sign(algorithm, Buffer.from(data, 'utf8'), keyObject, (error, signature) => (error ? reject(error) : resolve(signature.toString('base64'))));
    });
  return Object.assign((data: string) => sign(algorithm, Buffer.from(data, 'utf8'), keyObject).toString('base64'), { offThread });
};

const rsaPublic: VerifyingAdapter['rsaPublic'] = (hash, key, minimumBits) => {
  const keyObject = toKeyObject(readPublicKey(key, minimumBits), 'public');
  const algorithm = NODE_HASH[hash];
  return (data, signature) => verify(algorithm, Buffer.from(data, 'utf8'), keyObject, signature);
};

// A string is hashed from its UTF-8 bytes without a copy of them.
const digest: DigestFunction = (hash, data) =>
  (typeof data === 'string' ? createHash(NODE_HASH[hash]).update(data, 'utf8') : createHash(NODE_HASH[hash]).update(data)).digest('base64');

const random: CryptoAdapter['randomBytes'] = (length) => new Uint8Array(randomBytes(length));

/**
 * The node:crypto adapter (Node, Bun, Deno) for signing: synchronous, so `signer.signSync` works;
 * `signer.sign` makes RSA-* signatures on node:crypto's thread pool, so that requests in flight
 * sign on every core (HMAC, a few microseconds, stays on the calling thread). It has no
 * `rsaPublic`, so a bundle that only signs carries no public-key parsing; {@link verifyingAdapter} adds it.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core/node';
 * const signer = createSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1' });
 * signer.signSync({ url: 'https://gate.example/payment/api/v4/transfer/1', params: { amount: '1.00' } });
 * ```
 */
export const adapter: CryptoAdapter = { name: 'node', synchronous: true, hmac, rsaPrivate, randomBytes: random, digest };

/**
 * The node:crypto adapter with RSA verification: the default of `createVerifier` and
 * `verifyBaseString`, and the package's `defaultAdapter` under the node, deno and bun conditions.
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core/node';
 * const verify = await defaultAdapter.rsaPublic('SHA-256', publicKeyPem, 2048);
 * await verify(baseString, signatureBytes); // true
 * ```
 */
export const verifyingAdapter: VerifyingAdapter = { name: 'node', synchronous: true, hmac, rsaPrivate, rsaPublic, randomBytes: random, digest };
