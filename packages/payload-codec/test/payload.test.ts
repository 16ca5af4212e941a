import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodePayload, encodeCsv, encodePayload } from '@paysign/payload-codec';

// These documents use short made-up column names: any names are read.
const ANY = { columns: 'any' } as const;
import { anyText, bitsBase64, bufferBase64, filled, naiveCsv, plainText, table, utf8 } from './_oracle.js';

function errorOf(run: () => unknown): CodecError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return error as CodecError;
  }
  throw new Error('expected a CodecError');
}

const columns = ['client-orderid', 'card-printed-name', 'city'];
const rows = [
  { 'client-orderid': 'A-1', 'card-printed-name': 'José Müller', city: '東京' },
  { 'client-orderid': 'A-2', 'card-printed-name': 'Zoë 😀', city: 'Zürich' },
];

describe('encodePayload', () => {
  it("is the standard padded Base64 of the CSV's UTF-8 bytes", () => {
    const payload = encodePayload(rows, { columns });
    const csv = 'client-orderid;card-printed-name;city\r\nA-1;José Müller;東京\r\nA-2;Zoë 😀;Zürich\r\n';
    expect(encodeCsv(rows, { columns })).toBe(csv);
    expect(payload).toBe(bufferBase64(utf8(csv)));
    expect(payload).toBe(bitsBase64(utf8(csv)));
    expect(new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)))).toBe(csv);
  });

  it('does not fall into the Latin-1 btoa trap', () => {
    // btoa reads each UTF-16 unit as one Latin-1 byte: 'é' becomes the lone byte E9, and '東' cannot be written at all.
    expect(() => btoa('東京')).toThrow();
    const latin1 = btoa('name\r\nJosé Müller\r\n');
    expect(encodePayload([{ name: 'José Müller' }], { columns: ['name'] })).not.toBe(latin1);
    expect(errorOf(() => decodePayload(latin1, ANY)).code).toBe('INVALID_UTF8');
  });

  it('equals two independent encoders and reads back, for any unicode rows', () => {
    fc.assert(
      fc.property(table(plainText), ([cols, data]) => {
        fc.pre(!cols[0]!.startsWith('\uFEFF'));
        const payload = encodePayload(data, { columns: cols });
        const bytes = utf8(naiveCsv(cols, data));
        expect(payload).toBe(bufferBase64(bytes));
        expect(payload).toBe(bitsBase64(bytes));
        expect(decodePayload(payload, ANY)).toEqual({ columns: cols, rows: data.map((row) => filled(cols, row)) });
      }),
      { numRuns: 200 },
    );
  });

  it("round-trips quoted values with quoting: 'rfc4180'", () => {
    fc.assert(
      fc.property(table(anyText), ([cols, data]) => {
        fc.pre(!cols[0]!.startsWith('\uFEFF'));
        const payload = encodePayload(data, { columns: cols, quoting: 'rfc4180' });
        expect(payload).toBe(bufferBase64(utf8(naiveCsv(cols, data, true))));
        expect(decodePayload(payload, ANY).rows).toEqual(data.map((row) => filled(cols, row)));
      }),
      { numRuns: 100 },
    );
  });

  it('is exact across buffer hand-overs, whatever the byte alignment there', () => {
    // Documents of a few hundred KiB cross the writer's 128 KiB buffer several times; the random
    // mix of 1-4 byte characters puts every hand-over at a different offset modulo 3.
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', '東', '😀'), minLength: 20, maxLength: 60 });
    fc.assert(
      fc.property(fc.array(cell, { minLength: 3000, maxLength: 5000 }), (cells) => {
        const data = cells.map((value, i) => ({ n: String(i), value }));
        const payload = encodePayload(data, { columns: ['n', 'value'] });
        expect(payload).toBe(bufferBase64(utf8(naiveCsv(['n', 'value'], data))));
        expect(decodePayload(payload, ANY).rows).toEqual(data);
      }),
      { numRuns: 8 },
    );
  });

  it('grows its buffer for a cell larger than it', () => {
    const huge = '東京😀'.repeat(100_000); // 400,000 UTF-16 units, 1,000,000 bytes
    const payload = encodePayload(
      [
        { a: 'x', b: huge },
        { a: 'y', b: 'z' },
      ],
      { columns: ['a', 'b'] },
    );
    expect(payload).toBe(bufferBase64(utf8(`a;b\r\nx;${huge}\r\ny;z\r\n`)));
    expect(decodePayload(payload, ANY).rows[0]!.b).toBe(huge);
  });
});

describe('decodePayload', () => {
  const valid = encodePayload(rows, { columns });

  it('accepts a UTF-8 BOM before the CSV, and a CSV without a final CRLF', () => {
    const withBom = bufferBase64(utf8('\uFEFFa;b\r\n1;東京'));
    expect(decodePayload(withBom, ANY)).toEqual({ columns: ['a', 'b'], rows: [{ a: '1', b: '東京' }] });
  });

  it('refuses text that is not canonical padded Base64, saying where', () => {
    const cases: [string, RegExp][] = [
      [valid.slice(0, -1), /not a multiple of 4/],
      [`${valid.slice(0, 8)}\n${valid.slice(8)}`, /line break at offset 8/],
      [`${valid.slice(0, 4)}-_${valid.slice(6)}`, /base64url character at offset 4/],
      [`${valid.slice(0, 4)}*${valid.slice(5)}`, /outside the Base64 alphabet at offset 4/],
      [`QQ==${valid}`, /padding "=" at offset 2/],
      ['QR==', /non-zero pad bits/], // RFC 4648 §3.5: canonical encoders set pad bits to zero
      ['QUI=AAAA', /padding "=" at offset 3/],
      ['Q===', /padding "=" at offset 1/],
    ];
    for (const [text, message] of cases) {
      const error = errorOf(() => decodePayload(text, ANY));
      expect(error.code).toBe('INVALID_BASE64');
      expect(error.message).toMatch(message);
    }
  });

  it('refuses padding in the middle of a long payload, where it decodes in pieces', () => {
    const big = encodePayload([{ a: 'x'.repeat(100_000) }], { columns: ['a'] });
    // The first 65,536-character piece ends with 'QQ==' and is canonical on its own.
    const spliced = `${big.slice(0, 65_532)}QQ==${big.slice(65_536)}`;
    expect(errorOf(() => decodePayload(spliced, ANY)).code).toBe('INVALID_BASE64');
    expect(decodePayload(big, ANY).rows[0]!.a).toHaveLength(100_000);
  });

  it('refuses every single-character corruption that leaves non-canonical Base64', () => {
    fc.assert(
      fc.property(fc.nat(valid.length - 1), fc.constantFrom(' ', '\r', '-', '_', '.', '=', '\u00e9', '\0'), (at, c) => {
        const text = valid.slice(0, at) + c + valid.slice(at + 1);
        // '=' written over the last two characters can make another valid padding: not a corruption.
        fc.pre(!(c === '=' && at >= valid.length - 2));
        expect(errorOf(() => decodePayload(text, ANY)).code).toBe('INVALID_BASE64');
      }),
      { numRuns: 200 },
    );
  });

  it('refuses bytes that are not UTF-8, with the offset of the first bad one', () => {
    // Unicode 15 §3.9, Table 3-7: truncated, lone continuation, overlong, surrogate, beyond U+10FFFF, never-used bytes.
    const bad: [number[], number][] = [
      [[0x61, 0x0d, 0x0a, 0xc3], 3],
      [[0x61, 0x0d, 0x0a, 0x80], 3],
      [[0x61, 0x0d, 0x0a, 0xc0, 0xaf], 3],
      [[0x61, 0x0d, 0x0a, 0xe0, 0x80, 0xaf], 3],
      [[0x61, 0x0d, 0x0a, 0xed, 0xa0, 0x80], 3],
      [[0x61, 0x0d, 0x0a, 0xf4, 0x90, 0x80, 0x80], 3],
      [[0x61, 0x0d, 0x0a, 0xe6, 0x9d, 0xb1, 0xff], 6],
    ];
    for (const [bytes, offset] of bad) {
      const error = errorOf(() => decodePayload(bufferBase64(Uint8Array.from(bytes)), ANY));
      expect(error.code).toBe('INVALID_UTF8');
      expect(error.message).toContain(`from byte ${offset}`);
    }
  });

  it('refuses exactly the byte strings that are not UTF-8', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (tail) => {
        const bytes = Uint8Array.from([0x61, 0x0d, 0x0a, ...tail]);
        // Node's own decoder, independently: well-formed UTF-8 survives decode and re-encode unchanged.
        const wellFormed = Buffer.compare(Buffer.from(Buffer.from(bytes).toString('utf8'), 'utf8'), bytes) === 0;
        let code: string | undefined;
        try {
          decodePayload(bufferBase64(bytes), ANY);
        } catch (error) {
          code = (error as CodecError).code;
        }
        if (wellFormed) expect(code).not.toBe('INVALID_UTF8');
        else expect(code).toBe('INVALID_UTF8');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a payload of an empty document as missing its header', () => {
    expect(errorOf(() => decodePayload('', ANY)).code).toBe('MISSING_HEADER');
    expect(errorOf(() => decodePayload(bufferBase64(utf8('\uFEFF')), ANY)).code).toBe('MISSING_HEADER');
  });
});
