import { OAuthError } from '../errors.js';

// A minimal DER (X.690) reader and writer: just what RSA key containers need. Key material never
// reaches an error message; errors say which structure was malformed.

/** One DER element: its tag, and where its content lies in the input. */
export interface DerElement {
  tag: number;
  /** Where the element's tag byte is. */
  offset: number;
  start: number;
  end: number;
  /** Where the next element after this one begins. */
  next: number;
}

export const RSA_ENCRYPTION_OID: Uint8Array<ArrayBuffer> = /* @__PURE__ */ Uint8Array.of(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);
// Written out (not spread from the OID), so that a bundle that never writes a key drops both.
const RSA_ALGORITHM_IDENTIFIER = /* @__PURE__ */ Uint8Array.of(0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00);

function malformed(what: string): OAuthError {
  return new OAuthError('INVALID_KEY', `the key is not valid DER: ${what}`);
}

/** Reads the element at `offset`, checking it fits inside `limit`. */
export function readElement(der: Uint8Array, offset: number, limit: number = der.length): DerElement {
  if (offset + 2 > limit) throw malformed('truncated element');
  const tag = der[offset] as number;
  let length = der[offset + 1] as number;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) throw malformed('bad length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[start + i] as number);
    start += count;
  }
  const end = start + length;
  if (end > limit) throw malformed('element longer than its container');
  return { tag, offset, start, end, next: end };
}

/** Reads the children of a constructed element (SEQUENCE). */
export function readChildren(der: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let offset = parent.start; offset < parent.end; ) {
    const child = readElement(der, offset, parent.end);
    children.push(child);
    offset = child.next;
  }
  return children;
}

/** Reads a SEQUENCE at `offset` and returns its children, checking the tag and the count. */
export function readSequence(der: Uint8Array, offset: number, minChildren: number, what: string, limit: number = der.length): DerElement[] {
  const seq = readElement(der, offset, limit);
  if (seq.tag !== 0x30) throw malformed(`${what} is not a SEQUENCE`);
  const children = readChildren(der, seq);
  if (children.length < minChildren) throw malformed(`${what} has too few members`);
  return children;
}

/** The bit length of an unsigned big-endian INTEGER's value. */
export function integerBits(der: Uint8Array, el: DerElement): number {
  if (el.tag !== 0x02) throw malformed('expected an INTEGER');
  let i = el.start;
  while (i < el.end && der[i] === 0) i++;
  if (i === el.end) return 0;
  return (el.end - i - 1) * 8 + (32 - Math.clz32(der[i] as number));
}

/** The value bytes of an unsigned INTEGER, without its sign byte. */
export function integerBytes(der: Uint8Array, el: DerElement): Uint8Array {
  if (el.tag !== 0x02) throw malformed('expected an INTEGER');
  let i = el.start;
  while (i < el.end - 1 && der[i] === 0) i++;
  return der.subarray(i, el.end);
}

function encodeLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 255);
  return [0x80 | bytes.length, ...bytes];
}

/** Writes one element from its tag and content. */
export function writeElement(tag: number, ...content: Uint8Array[]): Uint8Array {
  const size = content.reduce((sum, part) => sum + part.length, 0);
  const head = [tag, ...encodeLength(size)];
  const out = new Uint8Array(head.length + size);
  out.set(head, 0);
  let offset = head.length;
  for (const part of content) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** True when an AlgorithmIdentifier element names rsaEncryption. */
export function isRsaAlgorithm(der: Uint8Array, algorithm: DerElement): boolean {
  const [oid] = readChildren(der, algorithm);
  if (oid?.tag !== 0x06 || oid.end - oid.start !== RSA_ENCRYPTION_OID.length) return false;
  return RSA_ENCRYPTION_OID.every((byte, i) => der[oid.start + i] === byte);
}

/**
 * Wraps a PKCS#1 RSAPrivateKey in a PKCS#8 PrivateKeyInfo (RFC 5208): WebCrypto imports only
 * PKCS#8, while the gateway's documentation asks merchants for PKCS#1.
 *
 * @example
 * ```ts
 * import { pkcs1PrivateToPkcs8, readPem, writePem } from '@paysign/oauth-core/keys';
 *
 * // `BEGIN RSA PRIVATE KEY` (PKCS#1) to `BEGIN PRIVATE KEY` (PKCS#8), which WebCrypto imports.
 * const pkcs8Pem = writePem('PRIVATE KEY', pkcs1PrivateToPkcs8(readPem(pkcs1Pem).der));
 * ```
 */
export function pkcs1PrivateToPkcs8(pkcs1: Uint8Array): Uint8Array {
  return writeElement(0x30, Uint8Array.of(0x02, 0x01, 0x00), RSA_ALGORITHM_IDENTIFIER, writeElement(0x04, pkcs1));
}

/**
 * Wraps a PKCS#1 RSAPublicKey in a SubjectPublicKeyInfo (RFC 5280 §4.1).
 *
 * @example
 * ```ts
 * import { pkcs1PublicToSpki, readPem, writePem } from '@paysign/oauth-core/keys';
 *
 * // `BEGIN RSA PUBLIC KEY` (PKCS#1) to `BEGIN PUBLIC KEY` (SPKI).
 * const spkiPem = writePem('PUBLIC KEY', pkcs1PublicToSpki(readPem(rsaPublicKeyPem).der));
 * ```
 */
export function pkcs1PublicToSpki(pkcs1: Uint8Array): Uint8Array {
  return writeElement(0x30, RSA_ALGORITHM_IDENTIFIER, writeElement(0x03, Uint8Array.of(0), pkcs1));
}
