// In integration/: it reads the gateway's columns from @paysign/protocol, which depends on the codec.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeCsv, encodeCsv } from '@paysign/payload-codec';
import { anyText, filled, naiveCsv, plainText, table } from '../../../packages/payload-codec/test/_oracle.js';
import { recurringPaymentColumns } from '@paysign/protocol/wire';

// The spec's plain-text example header: the first 27 columns of the one list.
const recurringPaymentExampleColumns = recurringPaymentColumns.slice(0, 27);

// These documents use short made-up column names: any names are read (and never quoted in errors).
const ANY = { columns: 'any' } as const;

const columns = ['client-orderid', 'first-name', 'last-name', 'city'];

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return (error as CodecError).code;
  }
  return undefined;
}

describe('encodeCsv', () => {
  it('writes a header, then one line per row, fields separated by ";" and every line ended with CRLF', () => {
    const csv = encodeCsv(
      [
        { 'client-orderid': 'A-1', 'first-name': 'José', 'last-name': 'Müller', city: '東京' },
        { 'client-orderid': 'A-2', city: 'Zürich 🏔️' },
      ],
      { columns },
    );
    expect(csv).toBe('client-orderid;first-name;last-name;city\r\nA-1;José;Müller;東京\r\nA-2;;;Zürich 🏔️\r\n');
  });

  it('keeps a U+FEFF that is data, anywhere but at the very start', () => {
    expect(encodeCsv([{ a: '\uFEFF1', b: '\uFEFF' }], { columns: ['a', 'b'] })).toBe('a;b\r\n\uFEFF1;\uFEFF\r\n');
  });

  it('writes undefined and missing cells empty, and a header alone when there are no rows', () => {
    expect(encodeCsv([{ a: undefined, b: '' }, {}], { columns: ['a', 'b'] })).toBe('a;b\r\n;\r\n;\r\n');
    expect(encodeCsv([], { columns: ['a'] })).toBe('a\r\n');
  });

  it('writes the spec example header columns in the order given', () => {
    const row = { 'client-orderid': '902B4FF5', 'start-date': '01.02.2026', amount: '10.42' };
    const line = encodeCsv([row], { columns: recurringPaymentExampleColumns }).split('\r\n')[1]!.split(';');
    expect(line).toHaveLength(27);
    expect(line[0]).toBe('902B4FF5');
    expect(line[recurringPaymentExampleColumns.indexOf('start-date')]).toBe('01.02.2026');
    expect(line[recurringPaymentExampleColumns.indexOf('amount')]).toBe('10.42');
  });

  it("refuses ';', '\"', CR and LF by default, naming row and column", () => {
    for (const bad of ['Doe; John', 'say "hi"', 'line\rbreak', 'line\nbreak', 'a\r\nb']) {
      let error: unknown;
      try {
        encodeCsv([{ city: 'ok' }, { city: bad }], { columns: ['city'] });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CodecError);
      expect(error).toMatchObject({ code: 'FORBIDDEN_CHARACTER', row: 2, column: 'city' });
      expect((error as Error).message).toMatch(/^row 2, column "city": /);
    }
  });

  it("quotes such values with quoting: 'rfc4180', doubling '\"' (RFC 4180 §2.5-2.7)", () => {
    const csv = encodeCsv([{ a: 'Doe; John', b: 'say "hi"', c: 'two\r\nlines' }], { columns: ['a', 'b', 'c'], quoting: 'rfc4180' });
    expect(csv).toBe('a;b;c\r\n"Doe; John";"say ""hi""";"two\r\nlines"\r\n');
  });

  it('quotes a header name only when it needs it', () => {
    expect(encodeCsv([], { columns: ['a;b', 'c'], quoting: 'rfc4180' })).toBe('"a;b";c\r\n');
    expect(codeOf(() => encodeCsv([], { columns: ['a;b'] }))).toBe('FORBIDDEN_CHARACTER');
  });

  it('reads columns named like Object.prototype members as own properties only', () => {
    const csv = encodeCsv([{ constructor: 'x' }, {}], { columns: ['constructor', 'toString', '__proto__'] });
    expect(csv).toBe('constructor;toString;__proto__\r\nx;;\r\n;;\r\n');
  });

  it('accepts any iterable of rows, such as a generator', () => {
    function* rows() {
      yield { a: '1' };
      yield { a: '2' };
    }
    expect(encodeCsv(rows(), { columns: ['a'] })).toBe('a\r\n1\r\n2\r\n');
  });

  it('refuses what it cannot write without loss, each with its code', () => {
    const cases: [string, () => unknown][] = [
      ['MISSING_HEADER', () => encodeCsv([], { columns: [] })],
      ['INVALID_COLUMN', () => encodeCsv([], { columns: ['a', ''] })],
      ['DUPLICATE_COLUMN', () => encodeCsv([], { columns: ['a', 'b', 'a'] })],
      ['INVALID_OPTION', () => encodeCsv([], { columns: ['a'], quoting: 'excel' as never })],
      ['INVALID_ROW', () => encodeCsv([null as never], { columns: ['a'] })],
      ['INVALID_VALUE', () => encodeCsv([{ a: 42 as never }], { columns: ['a'] })],
      ['INVALID_VALUE', () => encodeCsv([{ a: null as never }], { columns: ['a'] })],
      ['UNKNOWN_COLUMN', () => encodeCsv([{ a: '1', ammount: '2' }], { columns: ['a'] })],
      ['INVALID_STRING', () => encodeCsv([{ a: 'x\uD800' }], { columns: ['a'] })],
      ['INVALID_STRING', () => encodeCsv([{ a: '\uDC00' }], { columns: ['a'], quoting: 'rfc4180' })],
      ['INVALID_STRING', () => encodeCsv([], { columns: ['\uD83D'] })],
      ['FORBIDDEN_CHARACTER', () => encodeCsv([{ a: ';' }], { columns: ['a'], quoting: 'reject' })],
      ['INVALID_COLUMN', () => encodeCsv([], { columns: ['\uFEFFa', 'b'] })],
    ];
    for (const [code, run] of cases) expect(codeOf(run), code).toBe(code);
  });
});

describe('decodeCsv', () => {
  it('reads the rows back keyed by the header', () => {
    expect(decodeCsv('client-orderid;city\r\nA-1;東京\r\nA-2;\r\n', ANY)).toEqual({
      columns: ['client-orderid', 'city'],
      rows: [
        { 'client-orderid': 'A-1', city: '東京' },
        { 'client-orderid': 'A-2', city: '' },
      ],
    });
  });

  it('accepts a final CRLF or none, and one leading UTF-8 BOM', () => {
    const expected = { columns: ['a', 'b'], rows: [{ a: '1', b: '2' }] };
    expect(decodeCsv('a;b\r\n1;2\r\n', ANY)).toEqual(expected);
    expect(decodeCsv('a;b\r\n1;2', ANY)).toEqual(expected);
    expect(decodeCsv('\uFEFFa;b\r\n1;2\r\n', ANY)).toEqual(expected);
    // Only one BOM is a marker; a second is the first character of the first column name.
    expect(decodeCsv('\uFEFF\uFEFFa\r\n', ANY).columns).toEqual(['\uFEFFa']);
  });

  it('reads plain and RFC 4180 quoted fields alike', () => {
    const { rows } = decodeCsv('a;b;c;d\r\n"Doe; John";"say ""hi""";"two\r\nlines";""\r\n"plain";x;;\r\n', ANY);
    expect(rows).toEqual([
      { a: 'Doe; John', b: 'say "hi"', c: 'two\r\nlines', d: '' },
      { a: 'plain', b: 'x', c: '', d: '' },
    ]);
  });

  it('reads one-column rows whose cell is empty', () => {
    expect(decodeCsv('a\r\n\r\nx\r\n\r\n', ANY).rows).toEqual([{ a: '' }, { a: 'x' }, { a: '' }]);
  });

  it('keeps a column named __proto__ as data', () => {
    const { rows } = decodeCsv('__proto__;constructor\r\n1;2\r\n', ANY);
    expect(Object.keys(rows[0]!)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('1');
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('refuses malformed documents, each with its code and location', () => {
    const cases: [string, string, Partial<CodecError>][] = [
      ['', 'MISSING_HEADER', {}],
      ['\uFEFF', 'MISSING_HEADER', {}],
      ['\r\n1\r\n', 'MISSING_HEADER', { row: 0 }],
      ['a;;b\r\n', 'INVALID_COLUMN', { row: 0 }],
      ['a;b;a\r\n', 'DUPLICATE_COLUMN', { row: 0, field: 3 }],
      ['a;b\r\n1;2\r\n3\r\n', 'RAGGED_ROW', { row: 2 }],
      ['a;b\r\n1;2;3\r\n', 'RAGGED_ROW', { row: 1 }],
      ['a;b\r\n1;2\r\n\r\n', 'RAGGED_ROW', { row: 2 }],
      ['a;b\r\n1;x"y\r\n', 'INVALID_QUOTING', { row: 1, field: 2 }],
      ['a;b\r\n1;"xy\r\n', 'INVALID_QUOTING', { row: 1, field: 2 }],
      ['a;b\r\n"x"y;1\r\n', 'INVALID_QUOTING', { row: 1, field: 1 }],
      ['a;b\n1;2\n', 'BARE_LINE_BREAK', { row: 0 }],
      ['a;b\r\n1;2\n', 'BARE_LINE_BREAK', { row: 1, field: 2 }],
      ['a;b\r1;2\r\n', 'BARE_LINE_BREAK', { row: 0 }],
      ['a;b\r\n"1"\r;2\r\n', 'BARE_LINE_BREAK', { row: 1, field: 1 }],
    ];
    for (const [text, code, location] of cases) {
      let error: unknown;
      try {
        decodeCsv(text, ANY);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(text)).toBeInstanceOf(CodecError);
      expect(error, JSON.stringify(text)).toMatchObject({ code, ...location });
      // With any names allowed, a name read from the document is never quoted back.
      expect((error as CodecError).column, JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe('CSV properties', () => {
  it('decodeCsv(encodeCsv(rows)) gives every row back, for any unicode text without structural characters', () => {
    fc.assert(
      fc.property(table(plainText), ([cols, rows]) => {
        if (cols[0]!.startsWith('\uFEFF')) {
          expect(codeOf(() => encodeCsv(rows, { columns: cols }))).toBe('INVALID_COLUMN');
          return;
        }
        const csv = encodeCsv(rows, { columns: cols });
        expect(csv).toBe(naiveCsv(cols, rows));
        expect(decodeCsv(csv, ANY)).toEqual({ columns: cols, rows: rows.map((row) => filled(cols, row)) });
      }),
      { numRuns: 200 },
    );
  });

  it("with quoting: 'rfc4180', any unicode text, ';' '\"' CR LF included, round-trips exactly", () => {
    fc.assert(
      fc.property(table(anyText), ([cols, rows]) => {
        fc.pre(!cols[0]!.startsWith('\uFEFF'));
        const csv = encodeCsv(rows, { columns: cols, quoting: 'rfc4180' });
        expect(csv).toBe(naiveCsv(cols, rows, true));
        expect(decodeCsv(csv, ANY)).toEqual({ columns: cols, rows: rows.map((row) => filled(cols, row)) });
      }),
      { numRuns: 200 },
    );
  });

  it("by default, every value holding ';', '\"', CR or LF is refused at its row and column", () => {
    const unsafe = fc.tuple(plainText(), fc.constantFrom(';', '"', '\r', '\n'), plainText()).map(([before, c, after]) => before + c + after);
    fc.assert(
      fc.property(fc.array(plainText(), { maxLength: 5 }), unsafe, fc.nat(4), (before, value, at) => {
        const rows = [...before.map((a) => ({ a, b: 'x' })), { a: 'ok', b: value }];
        let error: unknown;
        try {
          encodeCsv(rows, { columns: ['a', 'b'] });
        } catch (caught) {
          error = caught;
        }
        expect(error).toMatchObject({ code: 'FORBIDDEN_CHARACTER', row: rows.length, column: 'b' });
        expect(at).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });

  it('a document with a line of another length is refused as ragged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (width, other) => {
        fc.pre(width !== other);
        const header = Array.from({ length: width }, (_, i) => `c${i}`).join(';');
        const line = Array.from({ length: other }, (_, i) => `v${i}`).join(';');
        expect(codeOf(() => decodeCsv(`${header}\r\n${line}\r\n`, ANY))).toBe('RAGGED_ROW');
      }),
      { numRuns: 100 },
    );
  });
});
