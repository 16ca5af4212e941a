// encodeBase64/decodeBase64 (signatures, and @paysign/payload-codec's payloads) pick the runtime's
// encoder at load time: Uint8Array.prototype.toBase64 (TC39), else Node's Buffer, else portable
// JS. This file loads the module once per backend the runtime can offer and checks every one of
// them against two independent encoders. (It was payload-codec's, reaching into this package's
// src; the payload's own check against independent encoders is payload-codec's payload.test.ts.)
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeBase64Js } from '../src/encoding/base64.js';

type Base64Module = typeof import('../src/encoding/base64.js');

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Base64 by Node's Buffer: an encoder the module under test is not. */
const bufferBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Base64 from the RFC 4648 §4 definition, via a string of bits: slow, short, obviously right. */
function bitsBase64(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bits = Array.from(bytes, (b) => b.toString(2).padStart(8, '0')).join('');
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += alphabet[parseInt(bits.slice(i, i + 6).padEnd(6, '0'), 2)];
  return out + '='.repeat((4 - (out.length % 4)) % 4);
}

/** Loads a fresh copy of oauth-core's Base64 module with some globals hidden from it. */
async function loadWithout(hidden: { buffer?: boolean; native?: boolean }): Promise<Base64Module> {
  const proto = Uint8Array.prototype as { toBase64?: unknown };
  const ctor = Uint8Array as { fromBase64?: unknown };
  const saved = { buffer: globalThis.Buffer, toBase64: proto.toBase64, fromBase64: ctor.fromBase64 };
  vi.resetModules();
  try {
    if (hidden.native) {
      delete proto.toBase64;
      delete ctor.fromBase64;
    }
    if (hidden.buffer) delete (globalThis as { Buffer?: unknown }).Buffer;
    return await import('../src/encoding/base64.js');
  } finally {
    globalThis.Buffer = saved.buffer;
    if (saved.toBase64) proto.toBase64 = saved.toBase64;
    if (saved.fromBase64) ctor.fromBase64 = saved.fromBase64;
  }
}

const backends = new Map<string, Base64Module>();

beforeAll(async () => {
  for (const hidden of [{}, { native: true }, { native: true, buffer: true }]) {
    const module = await loadWithout(hidden);
    backends.set(module.base64Backend, module);
  }
});
afterAll(() => vi.resetModules());

describe('Base64 backends', () => {
  it('include the Buffer and portable JS paths on Node (and the TC39 methods where the runtime has them)', () => {
    expect([...backends.keys()]).toEqual(expect.arrayContaining(['buffer', 'btoa']));
    if (typeof (Uint8Array.prototype as { toBase64?: unknown }).toBase64 === 'function') {
      expect(backends.has('uint8array')).toBe(true);
    }
  });

  it('RFC 4648 §10 test vectors, in every backend', () => {
    const vectors = { '': '', f: 'Zg==', fo: 'Zm8=', foo: 'Zm9v', foob: 'Zm9vYg==', fooba: 'Zm9vYmE=', foobar: 'Zm9vYmFy' };
    for (const [name, module] of backends) {
      for (const [text, base64] of Object.entries(vectors)) {
        expect(module.encodeBase64(utf8(text)), name).toBe(base64);
        expect(new TextDecoder().decode(module.decodeBase64(base64)), name).toBe(text);
      }
    }
  });

  it('agree with encodeBase64Js, Node Buffer and a bit-string encoder on any bytes, and decode back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(4), fc.nat(4), (bytes, start, cut) => {
        // Views into a larger buffer, as the payload writer hands them over.
        const view = bytes.subarray(Math.min(start, bytes.length), Math.max(Math.min(start, bytes.length), bytes.length - cut));
        const expected = bitsBase64(view);
        expect(bufferBase64(view)).toBe(expected);
        expect(encodeBase64Js(view)).toBe(expected);
        for (const [name, module] of backends) {
          expect(module.encodeBase64(view), name).toBe(expected);
          expect(module.decodeBase64(expected), name).toEqual(Uint8Array.from(view));
        }
      }),
      { numRuns: 300 },
    );
  });
});
