import { decodeBase64Url } from '../encoding/base64.js';
import { OAuthError } from '../errors.js';
import type { HashName, KeyObjectLike, PrivateKeyInput, PublicKeyInput, RsaPrivateJwk, RsaPublicJwk } from '../types.js';
import { integerBits, isRsaAlgorithm, pkcs1PrivateToPkcs8, pkcs1PublicToSpki, readChildren, readSequence } from './der.js';
import { readPem } from './pem.js';

/**
 * A private key read from any accepted input, in the forms the adapters import.
 *
 * @example
 * ```ts
 * import { readPrivateKey, type PrivateKeyMaterial } from '@paysign/oauth-core/keys';
 *
 * const material: PrivateKeyMaterial = readPrivateKey(pem, 2048); // INVALID_KEY or WEAK_KEY otherwise
 * console.log(material.kind, material.bits); // 'der' 4096
 * ```
 */
export type PrivateKeyMaterial =
  | { kind: 'der'; pkcs8: Uint8Array; pkcs1: Uint8Array; bits: number }
  | { kind: 'jwk'; jwk: RsaPrivateJwk; bits: number }
  | { kind: 'cryptokey'; key: CryptoKey; bits: number }
  | { kind: 'keyobject'; key: KeyObjectLike; bits: number };

/**
 * A public key read from any accepted input.
 *
 * @example
 * ```ts
 * import { readPublicKey, type PublicKeyMaterial } from '@paysign/oauth-core/keys';
 *
 * const material: PublicKeyMaterial = readPublicKey(publicKeyPem, 2048);
 * if (material.kind === 'der') console.log(material.bits, material.spki.length);
 * ```
 */
export type PublicKeyMaterial =
  | { kind: 'der'; spki: Uint8Array; pkcs1: Uint8Array; bits: number }
  | { kind: 'jwk'; jwk: RsaPublicJwk; bits: number }
  | { kind: 'cryptokey'; key: CryptoKey; bits: number }
  | { kind: 'keyobject'; key: KeyObjectLike; bits: number };

function invalid(message: string): OAuthError {
  return new OAuthError('INVALID_KEY', message);
}

function isCryptoKey(value: object): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

function isKeyObject(value: object): value is KeyObjectLike {
  const candidate = value as Partial<KeyObjectLike>;
  return typeof candidate.export === 'function' && typeof candidate.type === 'string' && !isCryptoKey(value);
}

function cryptoKeyBits(key: CryptoKey, expectedType: KeyType): number {
  if (key.type !== expectedType) throw invalid(`expected a ${expectedType} CryptoKey, got a ${key.type} one`);
  const algorithm = key.algorithm as Partial<RsaHashedKeyAlgorithm>;
  if (typeof algorithm.modulusLength !== 'number') throw invalid('the CryptoKey is not an RSA key');
  return algorithm.modulusLength;
}

function keyObjectBits(key: KeyObjectLike, expectedType: 'private' | 'public'): number {
  if (key.type !== expectedType) throw invalid(`expected a ${expectedType} KeyObject, got a ${key.type} one`);
  if (key.asymmetricKeyType !== 'rsa') throw invalid(`the KeyObject is not an RSA key (${String(key.asymmetricKeyType)})`);
  const details = (key as { asymmetricKeyDetails?: { modulusLength?: number } }).asymmetricKeyDetails;
  if (typeof details?.modulusLength !== 'number') throw invalid('the KeyObject does not say its modulus length');
  return details.modulusLength;
}

function jwkBits(jwk: { kty?: unknown; n?: unknown; e?: unknown }): number {
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') {
    throw invalid('the JWK is not an RSA key (kty "RSA" with n and e)');
  }
  const n = decodeBase64Url(jwk.n);
  let i = 0;
  while (i < n.length && n[i] === 0) i++;
  return i === n.length ? 0 : (n.length - i - 1) * 8 + (32 - Math.clz32(n[i] as number));
}

/** Bits of the modulus of a PKCS#1 RSAPrivateKey (version, n, e, d, p, q, dp, dq, qi). */
function pkcs1PrivateBits(pkcs1: Uint8Array): number {
  const members = readSequence(pkcs1, 0, 9, 'RSAPrivateKey');
  return integerBits(pkcs1, members[1]!);
}

/** Bits of the modulus of a PKCS#1 RSAPublicKey (n, e). */
function pkcs1PublicBits(pkcs1: Uint8Array): number {
  const members = readSequence(pkcs1, 0, 2, 'RSAPublicKey');
  return integerBits(pkcs1, members[0]!);
}

function pkcs1FromPkcs8(pkcs8: Uint8Array): Uint8Array {
  const [version, algorithm, privateKey] = readSequence(pkcs8, 0, 3, 'PrivateKeyInfo');
  if (version!.tag !== 0x02 || algorithm!.tag !== 0x30 || privateKey!.tag !== 0x04) {
    throw invalid('the PKCS#8 key is malformed');
  }
  if (!isRsaAlgorithm(pkcs8, algorithm!)) throw invalid('the PKCS#8 key is not an RSA key');
  return pkcs8.subarray(privateKey!.start, privateKey!.end);
}

function pkcs1FromSpki(spki: Uint8Array): Uint8Array {
  const [algorithm, bitString] = readSequence(spki, 0, 2, 'SubjectPublicKeyInfo');
  if (algorithm!.tag !== 0x30 || bitString!.tag !== 0x03 || spki[bitString!.start] !== 0) {
    throw invalid('the SubjectPublicKeyInfo is malformed');
  }
  if (!isRsaAlgorithm(spki, algorithm!)) throw invalid('the public key is not an RSA key');
  return spki.subarray(bitString!.start + 1, bitString!.end);
}

function spkiFromCertificate(cert: Uint8Array): Uint8Array {
  const [tbs] = readSequence(cert, 0, 3, 'Certificate');
  const fields = readChildren(cert, tbs!);
  // tbsCertificate: [0] version (optional), serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo
  const spki = fields[fields[0]?.tag === 0xa0 ? 6 : 5];
  if (spki?.tag !== 0x30) throw invalid('the certificate has no SubjectPublicKeyInfo');
  return cert.subarray(spki.offset, spki.end);
}

/**
 * A private key as found in its container, before any DER is inspected: what WebCrypto imports
 * directly (it checks the key itself), and what {@link readPrivateKey} parses further.
 *
 * @example
 * ```ts
 * import { readPrivateKeyContainer, type PrivateKeyContainer } from '@paysign/oauth-core/keys';
 *
 * const container: PrivateKeyContainer = readPrivateKeyContainer(input);
 * console.log(container.kind); // 'pkcs8' for a PEM, 'jwk', 'cryptokey' or 'keyobject'
 * ```
 */
export type PrivateKeyContainer =
  | { kind: 'pkcs8'; pkcs8: Uint8Array; pkcs1?: Uint8Array }
  | { kind: 'jwk'; jwk: RsaPrivateJwk }
  | { kind: 'cryptokey'; key: CryptoKey; bits: number }
  | { kind: 'keyobject'; key: KeyObjectLike; bits: number };

/**
 * Finds the private key in any accepted input: PEM (PKCS#1 wrapped into PKCS#8, or PKCS#8), JWK,
 * CryptoKey or KeyObject. Checks the container, not the DER inside it.
 *
 * @throws {OAuthError} `INVALID_KEY` for anything that is not a private key container.
 * @example
 * ```ts
 * readPrivateKeyContainer(pkcs1Pem).kind; // 'pkcs8'
 * ```
 */
export function readPrivateKeyContainer(input: PrivateKeyInput): PrivateKeyContainer {
  if (typeof input === 'string') {
    const { label, der } = readPem(input);
    if (label === 'RSA PRIVATE KEY') return { kind: 'pkcs8', pkcs8: pkcs1PrivateToPkcs8(der), pkcs1: der };
    if (label === 'PRIVATE KEY') return { kind: 'pkcs8', pkcs8: der };
    throw invalid(`expected an RSA PRIVATE KEY or PRIVATE KEY PEM block, got ${label}`);
  }
  if (typeof input !== 'object' || input === null) throw invalid('the private key must be PEM text, a JWK, a CryptoKey or a KeyObject');
  if (isCryptoKey(input)) return { kind: 'cryptokey', key: input, bits: cryptoKeyBits(input, 'private') };
  if (isKeyObject(input)) return { kind: 'keyobject', key: input, bits: keyObjectBits(input, 'private') };
  const jwk = input as RsaPrivateJwk;
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string' || typeof jwk.d !== 'string') {
    throw invalid('the JWK must be an RSA private key: kty "RSA" with n, e and d');
  }
  return { kind: 'jwk', jwk };
}

/**
 * Reads a private key from any accepted input and checks its type and size.
 *
 * @throws {OAuthError} `INVALID_KEY` for unreadable or non-RSA keys; `WEAK_KEY` under `minimumBits`.
 * @example
 * ```ts
 * readPrivateKey(pkcs1Pem, 2048).bits; // 4096
 * ```
 */
export function readPrivateKey(input: PrivateKeyInput, minimumBits: number): PrivateKeyMaterial {
  const container = readPrivateKeyContainer(input);
  let material: PrivateKeyMaterial;
  if (container.kind === 'pkcs8') {
    const pkcs1 = container.pkcs1 ?? pkcs1FromPkcs8(container.pkcs8);
    material = { kind: 'der', pkcs1, pkcs8: container.pkcs8, bits: pkcs1PrivateBits(pkcs1) };
  } else if (container.kind === 'jwk') {
    material = { kind: 'jwk', jwk: container.jwk, bits: jwkBits(container.jwk) };
  } else {
    material = container;
  }
  requireBits(material.bits, minimumBits);
  return material;
}

/**
 * Reads a public key (SPKI, PKCS#1 or certificate PEM, JWK, CryptoKey, KeyObject).
 *
 * @throws {OAuthError} `INVALID_KEY` for unreadable or non-RSA keys; `WEAK_KEY` under `minimumBits`.
 * @example
 * ```ts
 * readPublicKey(spkiPem, 2048).bits; // 4096
 * ```
 */
export function readPublicKey(input: PublicKeyInput, minimumBits: number): PublicKeyMaterial {
  const material = publicMaterial(input);
  requireBits(material.bits, minimumBits);
  return material;
}

function publicMaterial(input: PublicKeyInput): PublicKeyMaterial {
  if (typeof input === 'string') {
    const { label, der } = readPem(input);
    if (label === 'RSA PUBLIC KEY') return { kind: 'der', pkcs1: der, spki: pkcs1PublicToSpki(der), bits: pkcs1PublicBits(der) };
    const spki = label === 'PUBLIC KEY' ? der : label === 'CERTIFICATE' ? spkiFromCertificate(der) : undefined;
    if (!spki) throw invalid(`expected a PUBLIC KEY, RSA PUBLIC KEY or CERTIFICATE PEM block, got ${label}`);
    const pkcs1 = pkcs1FromSpki(spki);
    return { kind: 'der', pkcs1, spki, bits: pkcs1PublicBits(pkcs1) };
  }
  if (typeof input !== 'object' || input === null) throw invalid('the public key must be PEM text, a JWK, a CryptoKey or a KeyObject');
  if (isCryptoKey(input)) return { kind: 'cryptokey', key: input, bits: cryptoKeyBits(input, 'public') };
  if (isKeyObject(input)) return { kind: 'keyobject', key: input, bits: keyObjectBits(input, 'public') };
  const jwk = input as RsaPublicJwk;
  const { kty, n, e } = jwk;
  return { kind: 'jwk', jwk: { kty, n, e }, bits: jwkBits(jwk) };
}

/** Refuses an RSA key shorter than `minimumBits` (`WEAK_KEY`). */
export function requireBits(bits: number, minimumBits: number): void {
  if (bits < minimumBits) {
    throw new OAuthError('WEAK_KEY', `the RSA key has ${bits} bits; at least ${minimumBits} are required (minimumRsaKeyBits)`);
  }
}

/** The DER DigestInfo's length for each hash (RFC 8017 §9.2, note 1). */
const DIGEST_INFO_BYTES: Readonly<Record<HashName, number>> = { 'SHA-1': 35, 'SHA-256': 51, 'SHA-512': 83 };

/**
 * Refuses a private key too short to sign a `hash` digest (`WEAK_KEY`): RSASSA-PKCS1-v1_5 needs the
 * modulus to be at least 11 bytes longer than the DigestInfo (745 bits for SHA-512). Only a
 * `minimumRsaKeyBits` lowered under that lets such a key through the size check.
 *
 * @example
 * ```ts
 * requireRoomForDigest(512, 'SHA-256'); // passes
 * requireRoomForDigest(512, 'SHA-512'); // throws WEAK_KEY
 * ```
 */
export function requireRoomForDigest(bits: number, hash: HashName): void {
  const minimumBits = (DIGEST_INFO_BYTES[hash] + 11) * 8 - 7;
  if (bits < minimumBits) {
    throw new OAuthError('WEAK_KEY', `the RSA key has ${bits} bits: too short to sign a ${hash} digest (RSASSA-PKCS1-v1_5 needs at least ${minimumBits})`);
  }
}
