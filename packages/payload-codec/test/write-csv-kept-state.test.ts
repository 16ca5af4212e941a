// What the CSV writer keeps from one document to the next (#35 item 4): its 128 KiB buffer, wiped
// of every byte a document reached, and the checked plan of a frozen columns array, which cannot
// change. Neither may change what a document is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePayload } from '@paysign/payload-codec';
// The writer's own module (its kept buffer is the one these views show), and its own error class.
import { writeCsv, type ByteSink } from '../src/csv/_write-csv.js';
import { CodecError } from '../src/errors.js';
import { anyText, bufferBase64, naiveCsv, table, utf8 } from './_oracle.js';

/** A sink that keeps the bytes it is handed, and the buffers those views lie in. */
function recordingSink() {
  const parts: Uint8Array[] = [];
  const buffers = new Set<ArrayBufferLike>();
  const sink: ByteSink = {
    write(bytes) {
      buffers.add(bytes.buffer);
      parts.push(bytes.slice());
      return bytes.length;
    },
    end(bytes) {
      buffers.add(bytes.buffer);
      parts.push(bytes.slice());
    },
  };
  return { sink, buffers, text: () => new TextDecoder().decode(Buffer.concat(parts)) };
}

/** The buffer the writer keeps between documents, found through the views it hands a sink. */
function keptBuffer(): ArrayBufferLike {
  const { sink, buffers } = recordingSink();
  writeCsv([{ a: 'x' }], { columns: ['a'] }, sink);
  const [buffer] = buffers;
  return buffer as ArrayBufferLike;
}

const allZero = (buffer: ArrayBufferLike) => new Uint8Array(buffer).every((byte) => byte === 0);

describe('the kept buffer holds no byte of a written document', () => {
  const PAN = '4111111111111111';

  it('after a document, after one refused half-way, and after one that outgrew it', () => {
    const kept = keptBuffer();
    expect(allZero(kept)).toBe(true);

    writeCsv([{ 'credit-card-number': PAN, cvv2: '123' }], { columns: ['credit-card-number', 'cvv2'] }, recordingSink().sink);
    expect(allZero(kept)).toBe(true);

    // The card number is written, then the NUL two cells on stops the document.
    expect(() => writeCsv([{ a: PAN, b: 'ok', c: 'bad\0' }], { columns: ['a', 'b', 'c'] }, recordingSink().sink)).toThrow(CodecError);
    expect(allZero(kept)).toBe(true);

    // A cell longer than the buffer: the document goes on in a grown one; the kept one is wiped whole.
    const long = PAN.repeat(20_000);
    const grown = recordingSink();
    writeCsv([{ a: PAN, b: long }], { columns: ['a', 'b'] }, grown.sink);
    expect(grown.text()).toBe(`a;b\r\n${PAN};${long}\r\n`);
    expect(allZero(kept)).toBe(true);
    expect(keptBuffer()).toBe(kept);
  });

  it('for any rows, written or refused, either quoting', () => {
    const kept = keptBuffer();
    fc.assert(
      fc.property(table(anyText), fc.constantFrom('reject' as const, 'rfc4180' as const), ([columns, rows], quoting) => {
        try {
          writeCsv(rows, { columns, quoting }, recordingSink().sink);
        } catch (error) {
          if (!(error instanceof CodecError)) throw error;
        }
        expect(allZero(kept)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(keptBuffer()).toBe(kept);
  });
});

describe('a frozen columns array is checked once; any other on every call', () => {
  it('a frozen array writes what a fresh copy of it writes, call after call', () => {
    fc.assert(
      fc.property(table(anyText), ([columns, rows]) => {
        fc.pre(!columns[0]!.startsWith('\uFEFF'));
        const frozen = Object.freeze([...columns]);
        for (let call = 0; call < 3; call++) {
          const fresh = encodePayload(rows, { columns: [...columns], quoting: 'rfc4180' });
          expect(encodePayload(rows, { columns: frozen, quoting: 'rfc4180' })).toBe(fresh);
          expect(fresh).toBe(bufferBase64(utf8(naiveCsv(columns, rows, true))));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a frozen array that is not valid is refused on every call, never kept', () => {
    const duplicate = Object.freeze(['a', 'a']);
    for (let call = 0; call < 2; call++)
      expect(() => encodePayload([{ a: '1' }], { columns: duplicate })).toThrow(expect.objectContaining({ code: 'DUPLICATE_COLUMN' }));
  });

  it('an array changed between calls is read as it is now', () => {
    const columns = ['a', 'b'];
    expect(encodePayload([{ a: '1', b: '2' }], { columns })).toBe(bufferBase64(utf8('a;b\r\n1;2\r\n')));
    columns.pop();
    expect(() => encodePayload([{ a: '1', b: '2' }], { columns })).toThrow(expect.objectContaining({ code: 'UNKNOWN_COLUMN' }));
    columns.push('b', 'b');
    expect(() => encodePayload([{ a: '1' }], { columns })).toThrow(expect.objectContaining({ code: 'DUPLICATE_COLUMN' }));
  });

  it('a frozen array whose cells are getters, or of another class, is not kept', () => {
    let name = 'a';
    const getters = Object.freeze(Object.defineProperty([] as string[], 0, { get: () => name, enumerable: true }));
    expect(encodePayload([{ a: '1' }], { columns: getters })).toBe(bufferBase64(utf8('a\r\n1\r\n')));
    name = 'b';
    expect(encodePayload([{ b: '2' }], { columns: getters })).toBe(bufferBase64(utf8('b\r\n2\r\n')));
    class Columns extends Array<string> {}
    const subclassed = Object.freeze(Columns.from(['a']));
    expect(encodePayload([{ a: '1' }], { columns: subclassed })).toBe(bufferBase64(utf8('a\r\n1\r\n')));
  });
});
