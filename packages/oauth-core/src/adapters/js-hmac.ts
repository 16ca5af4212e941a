import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { type CHash, randomBytes as nobleRandomBytes } from '@noble/hashes/utils.js';
import { encodeBase64 } from '../encoding/base64.js';
import type { HashName } from '../types.js';
import type { CryptoAdapter, DigestFunction } from './types.js';

// Pure-JS HMAC and CSPRNG (@noble/hashes), shared by the js adapter and the auto entry's fallback.
export const HASH: Readonly<Record<HashName, CHash>> = { 'SHA-1': sha1, 'SHA-256': sha256, 'SHA-512': sha512 };
const encoder = /* @__PURE__ */ new TextEncoder();

export const hmacSigner: CryptoAdapter['hmac'] = (hash, key) => {
  // The keyed inner and outer states are computed once; each call clones them.
  const prepared = hmac.create(HASH[hash], encoder.encode(key));
  return (data) => encodeBase64(prepared.clone().update(encoder.encode(data)).digest());
};

export const digest: DigestFunction = (hash, data) => encodeBase64(HASH[hash](typeof data === 'string' ? encoder.encode(data) : data));

export const randomBytes: CryptoAdapter['randomBytes'] = (length) => nobleRandomBytes(length);
