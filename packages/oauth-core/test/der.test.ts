// The DER reader and writer behind PKCS#1 -> PKCS#8 wrapping: lengths in every form, malformed
// input refused with INVALID_KEY (never a RangeError, never key bytes in the message).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OAuthError } from '../src/errors.js';
import {
  integerBits,
  integerBytes,
  isRsaAlgorithm,
  pkcs1PrivateToPkcs8,
  pkcs1PublicToSpki,
  readChildren,
  readElement,
  readSequence,
  writeElement,
} from '../src/keys/der.js';
import { writePem } from '../src/keys/pem.js';
import { readPrivateKey, readPublicKey } from '../src/keys/rsa-key.js';

const bytes = (...b: number[]) => Uint8Array.from(b);

function invalidKey(fn: () => unknown): OAuthError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).code).toBe('INVALID_KEY');
    return error as OAuthError;
  }
  throw new Error('expected INVALID_KEY');
}

describe('readElement', () => {
  it('reads short-form and long-form lengths', () => {
    expect(readElement(bytes(0x02, 0x01, 0x05), 0)).toEqual({ tag: 0x02, offset: 0, start: 2, end: 3, next: 3 });
    const long = new Uint8Array(3 + 200);
    long.set([0x04, 0x81, 200]);
    expect(readElement(long, 0)).toMatchObject({ tag: 0x04, start: 3, end: 203 });
    const longer = new Uint8Array(4 + 300);
    longer.set([0x04, 0x82, 0x01, 0x2c]);
    expect(readElement(longer, 0)).toMatchObject({ start: 4, end: 304 });
  });

  it('refuses truncated elements, indefinite and oversized lengths, and content past the container', () => {
    expect(invalidKey(() => readElement(bytes(0x30), 0)).message).toMatch(/truncated/);
    expect(invalidKey(() => readElement(bytes(0x30, 0x80, 0x00, 0x00), 0)).message).toMatch(/bad length/); // indefinite form
    invalidKey(() => readElement(bytes(0x30, 0x85, 1, 0, 0, 0, 0), 0)); // more than 4 length bytes
    invalidKey(() => readElement(bytes(0x30, 0x82, 0x01), 0)); // length bytes missing
    invalidKey(() => readElement(bytes(0x04, 0x05, 1, 2), 0)); // content longer than the input
    invalidKey(() => readElement(bytes(0x04, 0x02, 1, 2, 3), 0, 3)); // longer than its container
  });

  it('readChildren refuses a child that overruns its parent', () => {
    const der = bytes(0x30, 0x03, 0x02, 0x05, 0x01, 0x02, 0x03);
    invalidKey(() => readChildren(der, readElement(der, 0)));
  });

  it('readSequence checks the tag and the member count', () => {
    const seq = writeElement(0x30, bytes(0x02, 0x01, 0x01), bytes(0x02, 0x01, 0x02));
    expect(readSequence(seq, 0, 2, 'test')).toHaveLength(2);
    expect(invalidKey(() => readSequence(seq, 0, 3, 'RSAPrivateKey')).message).toMatch(/RSAPrivateKey has too few members/);
    expect(invalidKey(() => readSequence(bytes(0x31, 0x00), 0, 0, 'PrivateKeyInfo')).message).toMatch(/not a SEQUENCE/);
  });
});

describe('INTEGER values', () => {
  const int = (...content: number[]) => {
    const der = writeElement(0x02, Uint8Array.from(content));
    return [der, readElement(der, 0)] as const;
  };

  it('integerBits ignores the sign byte and leading zeros', () => {
    expect(integerBits(...int(0x00, 0x80, 0x00))).toBe(16);
    expect(integerBits(...int(0x01, 0x00, 0x01))).toBe(17);
    expect(integerBits(...int(0x00))).toBe(0);
    expect(integerBits(...int(0x7f))).toBe(7);
  });

  it('integerBytes drops the sign byte but keeps a lone zero', () => {
    expect([...integerBytes(...int(0x00, 0xff, 0x01))]).toEqual([0xff, 0x01]);
    expect([...integerBytes(...int(0x00))]).toEqual([0x00]);
  });

  it('refuses anything but an INTEGER', () => {
    const der = bytes(0x04, 0x01, 0x01);
    invalidKey(() => integerBits(der, readElement(der, 0)));
    invalidKey(() => integerBytes(der, readElement(der, 0)));
  });
});

describe('writeElement', () => {
  it('round-trips through readElement at every length form boundary and at random sizes', () => {
    const sizes = fc.oneof(fc.constantFrom(0, 1, 127, 128, 255, 256, 65_535, 65_536), fc.integer({ min: 0, max: 2_000 }));
    fc.assert(
      fc.property(sizes, fc.integer({ min: 0, max: 255 }), (size, tag) => {
        const content = new Uint8Array(size).fill(0xa5);
        const der = writeElement(tag, content);
        const el = readElement(der, 0);
        return el.tag === tag && el.end === der.length && el.end - el.start === size;
      }),
      { numRuns: 100 },
    );
  });

  it('concatenates several content parts', () => {
    expect([...writeElement(0x30, bytes(1), bytes(2, 3))]).toEqual([0x30, 0x03, 1, 2, 3]);
  });
});

describe('PKCS#1 wrapping', () => {
  it('pkcs1PrivateToPkcs8: version 0, rsaEncryption with NULL parameters, the PKCS#1 bytes in an OCTET STRING', () => {
    const pkcs1 = writeElement(0x30, bytes(0x02, 0x01, 0x00));
    const pkcs8 = pkcs1PrivateToPkcs8(pkcs1);
    const [version, algorithm, key] = readSequence(pkcs8, 0, 3, 'PrivateKeyInfo');
    expect([...pkcs8.subarray(version!.offset, version!.end)]).toEqual([0x02, 0x01, 0x00]);
    expect(isRsaAlgorithm(pkcs8, algorithm!)).toBe(true);
    expect([...pkcs8.subarray(algorithm!.offset, algorithm!.end)].slice(-2)).toEqual([0x05, 0x00]);
    expect(key!.tag).toBe(0x04);
    expect(pkcs8.subarray(key!.start, key!.end)).toEqual(pkcs1);
  });

  it('pkcs1PublicToSpki: the PKCS#1 bytes in a BIT STRING with no unused bits', () => {
    const pkcs1 = writeElement(0x30, bytes(0x02, 0x01, 0x05), bytes(0x02, 0x01, 0x03));
    const [algorithm, bits] = readSequence(pkcs1PublicToSpki(pkcs1), 0, 2, 'SubjectPublicKeyInfo');
    const spki = pkcs1PublicToSpki(pkcs1);
    expect(isRsaAlgorithm(spki, algorithm!)).toBe(true);
    expect(bits!.tag).toBe(0x03);
    expect(spki[bits!.start]).toBe(0);
    expect(spki.subarray(bits!.start + 1, bits!.end)).toEqual(pkcs1);
  });

  it('isRsaAlgorithm is false for another algorithm (an EC key identifier)', () => {
    const ecOid = bytes(0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01);
    const algorithm = writeElement(0x30, ecOid);
    expect(isRsaAlgorithm(algorithm, readElement(algorithm, 0))).toBe(false);
  });
});

describe('random DER never escapes as anything but OAuthError', () => {
  const labels = ['RSA PRIVATE KEY', 'PRIVATE KEY', 'PUBLIC KEY', 'RSA PUBLIC KEY', 'CERTIFICATE'];

  it('readPrivateKey / readPublicKey on random bytes and on mutated real structures', () => {
    const structured = fc.tuple(fc.uint8Array({ minLength: 0, maxLength: 60 }), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([tail, at, byte]) => {
      const der = pkcs1PrivateToPkcs8(writeElement(0x30, ...Array.from({ length: 9 }, () => bytes(0x02, 0x01, 0x01)), tail));
      der[at % der.length] = byte;
      return der;
    });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 80 }), structured), fc.constantFrom(...labels), (der, label) => {
        const pem = writePem(label, der);
        for (const read of [() => readPrivateKey(pem, 0), () => readPublicKey(pem, 0)]) {
          try {
            read();
          } catch (error) {
            expect(error).toBeInstanceOf(OAuthError);
            expect((error as OAuthError).code).toBe('INVALID_KEY');
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
