// Independent reference implementations the codec is checked against. They are written the
// obvious way (whole strings, Node's Buffer), nothing like the codec's streaming code.
import fc from 'fast-check';

/** The gateway's CSV as a naive join: quoted per RFC 4180 when `quote` is set and a value needs it. */
export function naiveCsv(columns: readonly string[], rows: readonly Record<string, string | undefined>[], quote = false): string {
  const cell = (value: string) => (quote && /[;"\r\n]/.test(value) ? `"${value.split('"').join('""')}"` : value);
  const lines = [columns.map(cell).join(';'), ...rows.map((row) => columns.map((c) => cell(cellOf(row, c))).join(';'))];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** Base64 by Node's Buffer: an encoder the package never calls directly. */
export const bufferBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Base64 from the RFC 4648 §4 definition, via a string of bits: slow, short, obviously right. */
export function bitsBase64(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bits = Array.from(bytes, (b) => b.toString(2).padStart(8, '0')).join('');
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += alphabet[parseInt(bits.slice(i, i + 6).padEnd(6, '0'), 2)];
  return out + '='.repeat((4 - (out.length % 4)) % 4);
}

/** No lone surrogate (String.prototype.isWellFormed, which the ES2023 lib typings lack). */
const wellFormed = (text: string): boolean => !/\p{Cs}/u.test(text);

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** One unit of generated text: any code point (astral included), or something the codec must handle with care. */
const unit = fc
  .oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('é', 'ü', '東', '京', '😀', '👩‍👩‍👧', '\uFEFF', '\u0001', '+', '/', '=', '%', '&', '-', '@') },
  )
  .map((text) => text.replace(/\0/g, '\u0001')); // NUL is refused in every cell (nul-and-formulas.test.ts)

/** Any well-formed text, without the CSV's structural characters. */
export const plainText = (maxLength = 12) =>
  fc
    .string({ unit, maxLength })
    .map((s) => s.replace(/[;"\r\n]/g, ''))
    .filter(wellFormed);

/** Any well-formed text, structural characters included. */
export const anyText = (maxLength = 12) =>
  fc.string({ unit: fc.oneof(unit, fc.constantFrom(';', '"', '\r', '\n', '\r\n', '""')), maxLength }).filter(wellFormed);

/** A header (unique non-empty names) and rows for it; cells may be absent, undefined or empty. */
export const table = (text: (maxLength?: number) => fc.Arbitrary<string>) =>
  fc
    .uniqueArray(
      text(8).filter((s) => s !== ''),
      { minLength: 1, maxLength: 6 },
    )
    .chain((columns) =>
      fc.tuple(
        fc.constant(columns),
        fc.array(
          fc.tuple(...columns.map(() => fc.option(text(), { nil: undefined, freq: 4 }))).map((values) => {
            const row: Record<string, string | undefined> = {};
            columns.forEach((column, i) => {
              if (values[i] !== undefined || i % 2 === 0)
                Object.defineProperty(row, column, { value: values[i], enumerable: true, writable: true, configurable: true });
            });
            return row;
          }),
          { maxLength: 8 },
        ),
      ),
    );

/** What decoding gives back for a row: every column present, absent cells as ''. */
export const filled = (columns: readonly string[], row: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(columns.map((c) => [c, cellOf(row, c)]));

/** A row's own value for a column, '' when absent ('constructor' and '__proto__' included). */
const cellOf = (row: Record<string, string | undefined>, column: string): string => (Object.hasOwn(row, column) ? row[column] : undefined) ?? '';
