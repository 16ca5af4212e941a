import type { Quoting } from './_cell.js';
import { isWellFormedText } from './_strings.js';

/**
 * Why a value cannot be a cell of the gateway's CSV: the {@link CodecError} code the encoder
 * throws for it, and the reason in words. Neither holds the value (it may be a card number).
 *
 * @example
 * ```ts
 * import { checkCsvCell, type CsvCellProblem } from '@paysign/payload-codec';
 *
 * const problem: CsvCellProblem | undefined = checkCsvCell('Doe; John');
 * problem?.code; // 'FORBIDDEN_CHARACTER'
 * problem?.reason; // "contains a semicolon, which the gateway's CSV cannot carry unquoted"
 * ```
 */
export interface CsvCellProblem {
  /** `NUL_CHARACTER`, `INVALID_STRING` (a lone UTF-16 surrogate) or `FORBIDDEN_CHARACTER` (`;` `"` CR LF while quoting is `'reject'`). */
  readonly code: 'NUL_CHARACTER' | 'INVALID_STRING' | 'FORBIDDEN_CHARACTER';
  /** The rule broken, to follow a field name: `holds a NUL character (U+0000), which the gateway's CSV cannot carry`. */
  readonly reason: string;
}

const STRUCTURAL = /[;"\r\n]/;

/**
 * The one rule for a CSV cell of the gateway: a value may not hold a NUL (U+0000) or a lone UTF-16
 * surrogate, quoted or not, nor (with `quoting: 'reject'`, the default) `;`, `"`, CR or LF.
 * Returns the first problem found in that order, or `undefined` when `encodeCsv` and
 * `encodePayload` write the value. Use it to report every bad cell at once before encoding,
 * which stops at the first.
 *
 * @example
 * ```ts
 * import { checkCsvCell } from '@paysign/payload-codec';
 *
 * checkCsvCell('Köln'); // undefined
 * checkCsvCell('Doe; John')?.code; // 'FORBIDDEN_CHARACTER'
 * checkCsvCell('Doe; John', 'rfc4180'); // undefined: it is written quoted
 * checkCsvCell('JOHN\0DOE', 'rfc4180')?.code; // 'NUL_CHARACTER'
 * ```
 */
export function checkCsvCell(value: string, quoting: Quoting = 'reject'): CsvCellProblem | undefined {
  if (value.includes('\0')) {
    return { code: 'NUL_CHARACTER', reason: "holds a NUL character (U+0000), which the gateway's CSV cannot carry" };
  }
  if (!isWellFormedText(value)) {
    return { code: 'INVALID_STRING', reason: 'holds a lone UTF-16 surrogate, which has no UTF-8 form' };
  }
  if (quoting !== 'rfc4180') {
    const found = STRUCTURAL.exec(value)?.[0];
    if (found !== undefined) {
      const name = found === ';' ? 'a semicolon' : found === '"' ? 'a double quote' : found === '\r' ? 'a CR' : 'an LF';
      return { code: 'FORBIDDEN_CHARACTER', reason: `contains ${name}, which the gateway's CSV cannot carry unquoted` };
    }
  }
  return undefined;
}
