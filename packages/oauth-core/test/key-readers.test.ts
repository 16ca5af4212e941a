// The key readers (src/keys/): which input gives which material, the modulus size each reports,
// and the exact refusal for each malformed container, byte-level DER edge cases included. Found
// unasserted by mutation testing (issue #16): a JWK private key skipping the minimum size, a
// public JWK or CryptoKey never read, certificates without a version field, DER length forms at
// their limits, OIDs that only resemble rsaEncryption. Imports src, like the other unit tests.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rsaVectors from '../../../conformance/vectors/rsa-published.json' with { type: 'json' };
import {
  integerBits,
  integerBytes,
  isRsaAlgorithm,
  pkcs1PrivateToPkcs8,
  pkcs1PublicToSpki,
  readChildren,
  readElement,
  RSA_ENCRYPTION_OID,
  writeElement,
} from '../src/keys/der.js';
import { readPem, writePem } from '../src/keys/pem.js';
import { readPrivateKey, readPrivateKeyContainer, readPublicKey } from '../src/keys/rsa-key.js';
import type { RsaPrivateJwk } from '../src/types.js';
import { thrown as refusal } from './_support.js';

interface RsaVector {
  id: string;
  privateKeyPem: string;
  privateKeyPemPkcs8?: string;
  publicKeyPem?: string;
}
const vectors = rsaVectors.cases as RsaVector[];
const oauthlib = vectors.find((c) => c.id === 'oauthlib-rsa-sha256')!;
// The published X.509 v3 certificate of the OAuth wiki's RSA example (1024-bit key).
const certificatePem = vectors.find((c) => c.id === 'wiki-rsa-sha1')!.publicKeyPem!;
const PKCS1_PEM = oauthlib.privateKeyPem;
const PKCS8_PEM = oauthlib.privateKeyPemPkcs8!;
const PUBLIC_PKCS1_PEM = oauthlib.publicKeyPem!;
const privateKeyObject = createPrivateKey(PKCS1_PEM);
const publicKeyObject = createPublicKey(PKCS1_PEM);
const SPKI_PEM = publicKeyObject.export({ type: 'spki', format: 'pem' }) as string;
const privateJwk = privateKeyObject.export({ format: 'jwk' }) as RsaPrivateJwk;
const RSA_IMPORT = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

const bytes = (...b: number[]) => Uint8Array.from(b);
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

const invalidKey = (message: string) => ({ code: 'INVALID_KEY', message });
const notDer = (what: string) => invalidKey(`the key is not valid DER: ${what}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readElement: length forms at their limits', () => {
  it('reads a four-byte long-form length, and refuses five length bytes as a bad length', () => {
    expect(readElement(bytes(0x04, 0x84, 0, 0, 0, 1, 0xaa), 0)).toEqual({ tag: 0x04, offset: 0, start: 6, end: 7, next: 7 });
    expect(refusal(() => readElement(bytes(0x04, 0x85, 0, 0, 0, 0, 1, 0xaa), 0))).toEqual(notDer('bad length'));
  });

  it('reads length bytes that end exactly where the input ends (an empty element)', () => {
    expect(readElement(bytes(0x04, 0x81, 0x00), 0)).toEqual({ tag: 0x04, offset: 0, start: 3, end: 3, next: 3 });
    expect(refusal(() => readElement(bytes(0x04, 0x82, 0x00), 0))).toEqual(notDer('bad length'));
  });

  it('names an element longer than its container', () => {
    expect(refusal(() => readElement(bytes(0x04, 0x02, 1, 2, 3), 0, 3))).toEqual(notDer('element longer than its container'));
  });
});

describe('INTEGER readers at the edges', () => {
  it('integerBits skips every leading zero byte, not only a sign byte', () => {
    const two = writeElement(0x02, bytes(0x00, 0x00, 0x80));
    expect(integerBits(two, readElement(two, 0))).toBe(8);
    const three = writeElement(0x02, bytes(0x00, 0x00, 0x00, 0x01));
    expect(integerBits(three, readElement(three, 0))).toBe(1);
    const zeros = writeElement(0x02, bytes(0x00, 0x00));
    expect(integerBits(zeros, readElement(zeros, 0))).toBe(0);
  });

  it('integerBits stops at the element end even when zero bytes follow it', () => {
    const der = bytes(0x02, 0x01, 0x00, 0x00, 0x00, 0x00);
    expect(integerBits(der, readElement(der, 0))).toBe(0);
    const one = bytes(0x02, 0x02, 0x00, 0x00, 0x00, 0x00);
    expect(integerBits(one, readElement(one, 0))).toBe(0);
  });

  it('both refuse a non-INTEGER, saying so', () => {
    const der = bytes(0x04, 0x01, 0x01);
    expect(refusal(() => integerBits(der, readElement(der, 0)))).toEqual(notDer('expected an INTEGER'));
    expect(refusal(() => integerBytes(der, readElement(der, 0)))).toEqual(notDer('expected an INTEGER'));
  });
});

describe('isRsaAlgorithm: only the rsaEncryption OID itself', () => {
  const algorithm = (...children: Uint8Array[]) => {
    const der = writeElement(0x30, ...children);
    return isRsaAlgorithm(der, readElement(der, 0));
  };

  it('is true for rsaEncryption, with or without parameters', () => {
    expect(algorithm(writeElement(0x06, RSA_ENCRYPTION_OID), bytes(0x05, 0x00))).toBe(true);
    expect(algorithm(writeElement(0x06, RSA_ENCRYPTION_OID))).toBe(true);
  });

  it('is false for an empty identifier, and for the OID bytes under another tag', () => {
    expect(algorithm()).toBe(false);
    expect(algorithm(writeElement(0x04, RSA_ENCRYPTION_OID), bytes(0x05, 0x00))).toBe(false);
  });

  it('is false for OIDs that differ in the last arc or extend rsaEncryption', () => {
    // sha1WithRSAEncryption 1.2.840.113549.1.1.5: same length, last byte differs.
    const sha1WithRsa = Uint8Array.from(RSA_ENCRYPTION_OID);
    sha1WithRsa[sha1WithRsa.length - 1] = 0x05;
    expect(algorithm(writeElement(0x06, sha1WithRsa))).toBe(false);
    // 1.2.840.113549.1.1.1.1: rsaEncryption's bytes and one more arc.
    expect(algorithm(writeElement(0x06, RSA_ENCRYPTION_OID, bytes(0x01)))).toBe(false);
  });
});

describe('readPem: where a block begins and ends', () => {
  const NO_BLOCK = invalidKey('the key is not PEM text: no matching BEGIN/END lines');

  it('refuses a label with anything outside A-Z, 0-9 and space before or after it', () => {
    expect(refusal(() => readPem('-----BEGIN x PUBLIC KEY-----\nAAEC\n-----END x PUBLIC KEY-----'))).toEqual(NO_BLOCK);
    expect(refusal(() => readPem('-----BEGIN PUBLIC KEYx-----\nAAEC\n-----END PUBLIC KEYx-----'))).toEqual(NO_BLOCK);
  });

  it('refuses text without a BEGIN line, even with an END line and a label-like run of dashes', () => {
    // Ten characters, then what would be a label if the missing BEGIN were taken at index -1.
    expect(refusal(() => readPem('junk------PUBLIC KEY-----AAEC-----END PUBLIC KEY-----'))).toEqual(NO_BLOCK);
  });

  it('refuses a BEGIN line whose label is never closed, and an END line of another label', () => {
    expect(refusal(() => readPem('xxxxx-----END AB-----AAEC-----BEGIN ABC'))).toEqual(NO_BLOCK);
    expect(refusal(() => readPem('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PRIVATE KEY-----'))).toEqual(NO_BLOCK);
  });

  it('reads a PEM whose CRLF line ends are escaped as the four characters \\r\\n', () => {
    const escaped = PKCS8_PEM.replace(/\n/g, '\\r\\n');
    expect(escaped).not.toContain('\n');
    expect(readPem(escaped)).toEqual(readPem(PKCS8_PEM));
  });

  it('knows an encrypted key by its Proc-Type header with any spacing', () => {
    for (const header of ['Proc-Type:4,ENCRYPTED', 'Proc-Type: \t 4,ENCRYPTED']) {
      expect(refusal(() => readPem(`-----BEGIN RSA PRIVATE KEY-----\n${header}\nAAAA\n-----END RSA PRIVATE KEY-----`))).toEqual(
        invalidKey('the private key is encrypted; decrypt it first (openssl pkey -in key.pem)'),
      );
    }
  });

  it('names the block whose Base64 is bad, and quotes none of it', () => {
    expect(refusal(() => readPem('-----BEGIN PUBLIC KEY-----\nAA!C\n-----END PUBLIC KEY-----'))).toEqual(
      invalidKey('the PUBLIC KEY PEM block does not hold valid Base64'),
    );
  });
});

describe('writePem', () => {
  it('writes RFC 7468 lines of 64 characters, the last one shorter', () => {
    const der = Uint8Array.from({ length: 100 }, (_, i) => (i * 37) & 255);
    const base64 = Buffer.from(der).toString('base64');
    expect(base64).toHaveLength(136);
    expect(writePem('PUBLIC KEY', der)).toBe(
      `-----BEGIN PUBLIC KEY-----\n${base64.slice(0, 64)}\n${base64.slice(64, 128)}\n${base64.slice(128)}\n-----END PUBLIC KEY-----\n`,
    );
  });

  it('writes empty DER as an empty block that reads back empty', () => {
    const pem = writePem('X', new Uint8Array(0));
    expect(pem).toBe('-----BEGIN X-----\n\n-----END X-----\n');
    expect(readPem(pem).der).toHaveLength(0);
  });
});

describe('readPrivateKey: every input form, and the size each reports', () => {
  it('PKCS#1 and PKCS#8 PEM give the same DER material, 1024 bits', () => {
    const fromPkcs1 = readPrivateKey(PKCS1_PEM, 1024);
    const fromPkcs8 = readPrivateKey(PKCS8_PEM, 1024);
    expect(fromPkcs1).toMatchObject({ kind: 'der', bits: 1024 });
    expect(fromPkcs8).toEqual(fromPkcs1);
  });

  it('readPrivateKeyContainer wraps PKCS#1 into PKCS#8 and keeps both, and passes PKCS#8 as it is', () => {
    const pkcs1 = readPem(PKCS1_PEM).der;
    expect(readPrivateKeyContainer(PKCS1_PEM)).toEqual({ kind: 'pkcs8', pkcs8: pkcs1PrivateToPkcs8(pkcs1), pkcs1 });
    expect(readPrivateKeyContainer(PKCS8_PEM)).toEqual({ kind: 'pkcs8', pkcs8: readPem(PKCS8_PEM).der });
  });

  it('a JWK, a CryptoKey and a KeyObject each report 1024 bits, and each is refused under a minimum of 1025', async () => {
    const cryptoKey = await crypto.subtle.importKey('pkcs8', readPem(PKCS8_PEM).der as Uint8Array<ArrayBuffer>, RSA_IMPORT, false, ['sign']);
    const inputs = [
      ['jwk', privateJwk],
      ['cryptokey', cryptoKey],
      ['keyobject', privateKeyObject],
      ['der', PKCS1_PEM],
    ] as const;
    for (const [kind, input] of inputs) {
      expect(readPrivateKey(input, 1024)).toMatchObject({ kind, bits: 1024 });
      expect(refusal(() => readPrivateKey(input, 1025))).toEqual({
        code: 'WEAK_KEY',
        message: 'the RSA key has 1024 bits; at least 1025 are required (minimumRsaKeyBits)',
      });
    }
  });

  it('a JWK modulus with leading zero bytes counts only its significant bits; an empty one has 0', () => {
    const n = Buffer.from(privateJwk.n, 'base64url');
    const padded = { ...privateJwk, n: b64url(Buffer.concat([bytes(0, 0), n])) };
    expect(readPrivateKey(padded, 1024).bits).toBe(1024);
    expect(readPublicKey({ kty: 'RSA', n: b64url(bytes(0x00, 0x00, 0x01)), e: 'AQAB' }, 0).bits).toBe(1);
    expect(readPublicKey({ kty: 'RSA', n: b64url(bytes(0x00, 0x01, 0x00)), e: 'AQAB' }, 0).bits).toBe(9);
    expect(readPublicKey({ kty: 'RSA', n: '', e: 'AQAB' }, 0).bits).toBe(0);
    expect(refusal(() => readPublicKey({ kty: 'RSA', n: '', e: 'AQAB' }, 1))).toMatchObject({
      code: 'WEAK_KEY',
      message: expect.stringContaining('has 0 bits'),
    });
  });

  it('refuses a PEM block of another label, naming it', () => {
    expect(refusal(() => readPrivateKey(SPKI_PEM, 0))).toEqual(invalidKey('expected an RSA PRIVATE KEY or PRIVATE KEY PEM block, got PUBLIC KEY'));
    expect(refusal(() => readPrivateKey(PUBLIC_PKCS1_PEM, 0))).toEqual(invalidKey('expected an RSA PRIVATE KEY or PRIVATE KEY PEM block, got RSA PUBLIC KEY'));
  });

  it('refuses what is no key container at all', () => {
    for (const input of [null, undefined, 5, true]) {
      expect(refusal(() => readPrivateKey(input as never, 0))).toEqual(invalidKey('the private key must be PEM text, a JWK, a CryptoKey or a KeyObject'));
    }
  });

  it('refuses a JWK that is not an RSA private key, for each missing piece', () => {
    const message = invalidKey('the JWK must be an RSA private key: kty "RSA" with n, e and d');
    const { kty: _kty, n: _n, e: _e, d: _d, ...rest } = privateJwk;
    for (const jwk of [
      { ...privateJwk, kty: 'EC' },
      { ...rest, kty: 'RSA', e: privateJwk.e, d: privateJwk.d },
      { ...rest, kty: 'RSA', n: privateJwk.n, d: privateJwk.d },
      { ...rest, kty: 'RSA', n: privateJwk.n, e: privateJwk.e },
    ]) {
      expect(refusal(() => readPrivateKey(jwk as never, 0))).toEqual(message);
    }
  });
});

describe('readPublicKey: every input form', () => {
  it('SPKI, PKCS#1 and certificate PEM give the same SPKI, 1024 bits', () => {
    const spki = readPem(SPKI_PEM).der;
    const pkcs1 = readPem(PUBLIC_PKCS1_PEM).der;
    expect(readPublicKey(SPKI_PEM, 1024)).toEqual({ kind: 'der', spki, pkcs1, bits: 1024 });
    expect(readPublicKey(PUBLIC_PKCS1_PEM, 1024)).toEqual({ kind: 'der', spki: pkcs1PublicToSpki(pkcs1), pkcs1, bits: 1024 });
    const fromCertificate = readPublicKey(certificatePem, 1024);
    const certificateKey = createPublicKey(certificatePem).export({ type: 'spki', format: 'der' });
    expect(fromCertificate).toMatchObject({ kind: 'der', bits: 1024 });
    expect(Buffer.from((fromCertificate as { spki: Uint8Array }).spki)).toEqual(certificateKey);
  });

  it('reads an X.509 v1 certificate, which has no [0] version field', () => {
    const der = readPem(certificatePem).der;
    const [tbs, signatureAlgorithm, signature] = readChildren(der, readElement(der, 0));
    const fields = readChildren(der, tbs!);
    expect(fields[0]!.tag).toBe(0xa0);
    const part = (el: { offset: number; end: number }) => der.subarray(el.offset, el.end);
    const v1 = writeElement(0x30, writeElement(0x30, ...fields.slice(1).map(part)), part(signatureAlgorithm!), part(signature!));
    expect(readPublicKey(writePem('CERTIFICATE', v1), 1024)).toEqual(readPublicKey(certificatePem, 1024));
  });

  it('refuses a certificate without a SubjectPublicKeyInfo where it belongs', () => {
    const empty = writeElement(0x30, writeElement(0x30), writeElement(0x30), writeElement(0x03, bytes(0)));
    expect(refusal(() => readPublicKey(writePem('CERTIFICATE', empty), 0))).toEqual(invalidKey('the certificate has no SubjectPublicKeyInfo'));
    const int = bytes(0x02, 0x01, 0x01);
    const notSequence = writeElement(0x30, writeElement(0x30, int, int, int, int, int, int), writeElement(0x30), writeElement(0x03, bytes(0)));
    expect(refusal(() => readPublicKey(writePem('CERTIFICATE', notSequence), 0))).toEqual(invalidKey('the certificate has no SubjectPublicKeyInfo'));
  });

  it('a JWK keeps only kty, n and e (a private JWK given as public loses d)', () => {
    const material = readPublicKey(privateJwk, 1024);
    expect(material).toEqual({ kind: 'jwk', jwk: { kty: 'RSA', n: privateJwk.n, e: privateJwk.e }, bits: 1024 });
  });

  it('a public CryptoKey and a public KeyObject report 1024 bits; under a minimum of 1025 they are refused', async () => {
    const cryptoKey = await crypto.subtle.importKey('spki', readPem(SPKI_PEM).der as Uint8Array<ArrayBuffer>, RSA_IMPORT, false, ['verify']);
    for (const [kind, input] of [
      ['cryptokey', cryptoKey],
      ['keyobject', publicKeyObject],
      ['jwk', { kty: 'RSA', n: privateJwk.n, e: privateJwk.e }],
    ] as const) {
      expect(readPublicKey(input, 1024)).toEqual({ kind, ...(kind === 'jwk' ? { jwk: input } : { key: input }), bits: 1024 });
      expect(refusal(() => readPublicKey(input, 1025))).toMatchObject({ code: 'WEAK_KEY' });
    }
  });

  it('refuses a PEM block of another label, naming it', () => {
    expect(refusal(() => readPublicKey(PKCS8_PEM, 0))).toEqual(invalidKey('expected a PUBLIC KEY, RSA PUBLIC KEY or CERTIFICATE PEM block, got PRIVATE KEY'));
  });

  it('refuses what is no key container at all', () => {
    for (const input of [null, undefined, 5, true]) {
      expect(refusal(() => readPublicKey(input as never, 0))).toEqual(invalidKey('the public key must be PEM text, a JWK, a CryptoKey or a KeyObject'));
    }
  });

  it('refuses a JWK that is not an RSA key, for each missing piece', () => {
    const message = invalidKey('the JWK is not an RSA key (kty "RSA" with n and e)');
    for (const jwk of [
      { kty: 'EC', n: privateJwk.n, e: privateJwk.e },
      { kty: 'RSA', e: privateJwk.e },
      { kty: 'RSA', n: privateJwk.n },
    ]) {
      expect(refusal(() => readPublicKey(jwk as never, 0))).toEqual(message);
    }
  });
});

describe('CryptoKey and KeyObject inputs of the wrong kind', () => {
  it('a CryptoKey of the other type, or of another algorithm, is refused, naming the problem', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    const rsaPrivate = await crypto.subtle.importKey('pkcs8', readPem(PKCS8_PEM).der as Uint8Array<ArrayBuffer>, RSA_IMPORT, false, ['sign']);
    const rsaPublic = await crypto.subtle.importKey('spki', readPem(SPKI_PEM).der as Uint8Array<ArrayBuffer>, RSA_IMPORT, false, ['verify']);
    const secret = await crypto.subtle.importKey('raw', bytes(1, 2, 3), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    expect(refusal(() => readPrivateKey(rsaPublic, 0))).toEqual(invalidKey('expected a private CryptoKey, got a public one'));
    expect(refusal(() => readPublicKey(rsaPrivate, 0))).toEqual(invalidKey('expected a public CryptoKey, got a private one'));
    expect(refusal(() => readPrivateKey(secret, 0))).toEqual(invalidKey('expected a private CryptoKey, got a secret one'));
    expect(refusal(() => readPrivateKey(pair.privateKey, 0))).toEqual(invalidKey('the CryptoKey is not an RSA key'));
    expect(refusal(() => readPublicKey(pair.publicKey, 0))).toEqual(invalidKey('the CryptoKey is not an RSA key'));
  });

  it('a KeyObject-like value that does not say its modulus length is refused', () => {
    const silent = { type: 'private', asymmetricKeyType: 'rsa', export: () => ({}) } as const;
    expect(refusal(() => readPrivateKey(silent, 0))).toEqual(invalidKey('the KeyObject does not say its modulus length'));
    expect(refusal(() => readPublicKey({ ...silent, type: 'public' }, 0))).toEqual(invalidKey('the KeyObject does not say its modulus length'));
  });

  it('an object is a KeyObject only with both export() and a type: otherwise it is read as a JWK', () => {
    const withType = { ...privateJwk, type: 'private' };
    expect(readPrivateKey(withType as never, 1024)).toMatchObject({ kind: 'jwk', bits: 1024 });
    const withExport = { ...privateJwk, export: () => ({}) };
    expect(readPrivateKey(withExport as never, 1024)).toMatchObject({ kind: 'jwk', bits: 1024 });
    expect(readPublicKey(withType as never, 1024)).toMatchObject({ kind: 'jwk', bits: 1024 });
  });

  it('keys are read where the runtime has no CryptoKey class', () => {
    vi.stubGlobal('CryptoKey', undefined);
    expect(typeof CryptoKey).toBe('undefined');
    expect(readPrivateKey(privateJwk, 1024)).toMatchObject({ kind: 'jwk', bits: 1024 });
    expect(readPrivateKey(privateKeyObject, 1024)).toMatchObject({ kind: 'keyobject', bits: 1024 });
    expect(readPublicKey(publicKeyObject, 1024)).toMatchObject({ kind: 'keyobject', bits: 1024 });
  });
});

describe('malformed key containers, each refused with what is wrong', () => {
  const int = bytes(0x02, 0x01, 0x01);
  const rsaAlgorithm = writeElement(0x30, writeElement(0x06, RSA_ENCRYPTION_OID), bytes(0x05, 0x00));
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  it('counts the members of each structure', () => {
    expect(refusal(() => readPrivateKey(writePem('RSA PRIVATE KEY', writeElement(0x30, int, int)), 0))).toEqual(notDer('RSAPrivateKey has too few members'));
    expect(refusal(() => readPublicKey(writePem('RSA PUBLIC KEY', writeElement(0x30, int)), 0))).toEqual(notDer('RSAPublicKey has too few members'));
    expect(refusal(() => readPrivateKey(writePem('PRIVATE KEY', writeElement(0x30, int, rsaAlgorithm)), 0))).toEqual(
      notDer('PrivateKeyInfo has too few members'),
    );
    expect(refusal(() => readPublicKey(writePem('PUBLIC KEY', writeElement(0x30, rsaAlgorithm)), 0))).toEqual(
      notDer('SubjectPublicKeyInfo has too few members'),
    );
    expect(refusal(() => readPublicKey(writePem('CERTIFICATE', writeElement(0x30, writeElement(0x30), rsaAlgorithm)), 0))).toEqual(
      notDer('Certificate has too few members'),
    );
  });

  it('PKCS#8: a member of the wrong type is malformed; another algorithm is not RSA', () => {
    const pkcs1 = readPem(PKCS1_PEM).der;
    const octets = writeElement(0x04, pkcs1);
    const pkcs8 = (...members: Uint8Array[]) => writePem('PRIVATE KEY', writeElement(0x30, ...members));
    expect(readPrivateKey(pkcs8(bytes(0x02, 0x01, 0x00), rsaAlgorithm, octets), 1024)).toMatchObject({ kind: 'der', bits: 1024 });
    for (const members of [
      [bytes(0x04, 0x01, 0x00), rsaAlgorithm, octets],
      [bytes(0x02, 0x01, 0x00), writeElement(0x31, writeElement(0x06, RSA_ENCRYPTION_OID)), octets],
      [bytes(0x02, 0x01, 0x00), rsaAlgorithm, writeElement(0x03, pkcs1)],
    ]) {
      expect(refusal(() => readPrivateKey(pkcs8(...members), 0))).toEqual(invalidKey('the PKCS#8 key is malformed'));
    }
    const ecPem = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(refusal(() => readPrivateKey(ecPem, 0))).toEqual(invalidKey('the PKCS#8 key is not an RSA key'));
  });

  it('SPKI: a member of the wrong type or unused bits in the key is malformed; another algorithm is not RSA', () => {
    const pkcs1 = readPem(PUBLIC_PKCS1_PEM).der;
    const spki = (...members: Uint8Array[]) => writePem('PUBLIC KEY', writeElement(0x30, ...members));
    expect(readPublicKey(spki(rsaAlgorithm, writeElement(0x03, bytes(0), pkcs1)), 1024)).toMatchObject({ kind: 'der', bits: 1024 });
    for (const members of [
      [writeElement(0x31, writeElement(0x06, RSA_ENCRYPTION_OID)), writeElement(0x03, bytes(0), pkcs1)],
      [rsaAlgorithm, writeElement(0x04, bytes(0), pkcs1)],
      [rsaAlgorithm, writeElement(0x03, bytes(1), pkcs1)],
    ]) {
      expect(refusal(() => readPublicKey(spki(...members), 0))).toEqual(invalidKey('the SubjectPublicKeyInfo is malformed'));
    }
    const ecPem = ec.publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(refusal(() => readPublicKey(ecPem, 0))).toEqual(invalidKey('the public key is not an RSA key'));
  });
});
