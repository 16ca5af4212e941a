// The CSV-cell rule in its one home (checkCsvCell), the fast writer held equal to it, and the
// header-less line writer (encodeCsvRecord) writing cells exactly as encodeCsv does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, checkCsvCell, decodeCsv, encodeCsv, encodeCsvRecord, type Quoting } from '../src/index.js';
import { NEEDS_ATTENTION, writeCellUtf8 } from '../src/csv/_utf8-cell.js';
import { exposedText } from './_exposed.js';

const units = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom(';', '"', '\r', '\n', '\0', '\uD800', '\uDC00', '=', '\uFEFF', 'é', '東', '\u{1F600}'),
);
const anyString = fc.string({ unit: units, maxLength: 20 });
const quotings = fc.constantFrom<Quoting>('reject', 'rfc4180');

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof CodecError) return error.code;
    throw error;
  }
}

describe('checkCsvCell', () => {
  it('names each character the gateway CSV cannot carry with the code the encoder throws', () => {
    const cases: [string, Quoting, string | undefined][] = [
      ['Köln 東京 \u{1F600}', 'reject', undefined],
      ['', 'reject', undefined],
      ['a;b', 'reject', 'FORBIDDEN_CHARACTER'],
      ['a"b', 'reject', 'FORBIDDEN_CHARACTER'],
      ['a\rb', 'reject', 'FORBIDDEN_CHARACTER'],
      ['a\nb', 'reject', 'FORBIDDEN_CHARACTER'],
      ['a;"\r\nb', 'rfc4180', undefined],
      ['a\0b', 'reject', 'NUL_CHARACTER'],
      ['a\0b', 'rfc4180', 'NUL_CHARACTER'],
      ['a;\0', 'reject', 'NUL_CHARACTER'],
      ['a\uD800', 'rfc4180', 'INVALID_STRING'],
      ['\uDC00;', 'reject', 'INVALID_STRING'],
    ];
    for (const [value, quoting, code] of cases) expect([value, quoting, checkCsvCell(value, quoting)?.code]).toEqual([value, quoting, code]);
    expect(checkCsvCell('a;b')?.code).toBe('FORBIDDEN_CHARACTER'); // 'reject' by default
  });

  it('is the rule encodeCsv applies: refused with the same code, or written', () => {
    fc.assert(
      fc.property(anyString, quotings, (value, quoting) => {
        const encoded = codeOf(() => encodeCsv([{ cell: value }], { columns: ['cell'], quoting }));
        expect(encoded).toBe(checkCsvCell(value, quoting)?.code);
      }),
      { numRuns: 500 },
    );
  });

  it('the fast UTF-8 writer stops exactly on the values the rule refuses or must quote', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const bytes = new Uint8Array(value.length * 3 + 2);
        expect(writeCellUtf8(value, bytes, 0, false) === NEEDS_ATTENTION).toBe(checkCsvCell(value, 'reject') !== undefined);
        expect(writeCellUtf8(value, bytes, 0, true) === NEEDS_ATTENTION).toBe(checkCsvCell(value, 'rfc4180') !== undefined);
      }),
      { numRuns: 500 },
    );
  });

  it('never holds the value in its reason', () => {
    expect(JSON.stringify(checkCsvCell('4111111111111111;123'))).not.toContain('4111');
  });
});

describe('encodeCsvRecord', () => {
  it('writes the line encodeCsv writes for the same cells, and refuses what it refuses', () => {
    fc.assert(
      fc.property(fc.array(anyString, { minLength: 1, maxLength: 5 }), quotings, (values, quoting) => {
        const columns = values.map((_, i) => `c${i}`);
        const row = Object.fromEntries(values.map((value, i) => [`c${i}`, value]));
        let document: string | undefined;
        const expectedCode = codeOf(() => {
          document = encodeCsv([row], { columns, quoting });
        });
        const code = codeOf(() => {
          const line = encodeCsvRecord(values, { quoting });
          expect(document).toBe(`${columns.join(';')}\r\n${line}`);
        });
        expect(code).toBe(expectedCode);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips through decodeCsv under a header', () => {
    const values = ['3', 'a;b', 'say "hi"', 'two\r\nlines', '', '\uFEFFbom'];
    const line = encodeCsvRecord(values, { quoting: 'rfc4180' });
    expect(line).toBe('3;"a;b";"say ""hi""";"two\r\nlines";;\uFEFFbom\r\n');
    const columns = values.map((_, i) => `c${i}`);
    expect(decodeCsv(`${columns.join(';')}\r\n${line}`, { columns }).rows[0]).toEqual(Object.fromEntries(values.map((value, i) => [`c${i}`, value])));
  });

  it("refuses a bad cell naming its position and the rule, never the value ('reject' by default)", () => {
    const cases: [unknown[], string, number | undefined][] = [
      [['ok', '4111111111111111;123'], 'FORBIDDEN_CHARACTER', 2],
      [['4111111111111111\0'], 'NUL_CHARACTER', 1],
      [['a', 'b', '4111111111111111\uD800'], 'INVALID_STRING', 3],
      [['a', 4111111111111111], 'INVALID_VALUE', 2],
      [[], 'INVALID_ROW', undefined],
    ];
    for (const [values, code, field] of cases) {
      let caught: unknown;
      try {
        encodeCsvRecord(values as string[]);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CodecError);
      expect([(caught as CodecError).code, (caught as CodecError).field]).toEqual([code, field]);
      expect(exposedText(caught as Error)).not.toContain('4111111111111111');
    }
    expect(codeOf(() => encodeCsvRecord(['a'], { quoting: 'csv' as Quoting }))).toBe('INVALID_OPTION');
  });
});
