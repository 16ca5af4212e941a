import { createUtf8Base64Writer } from '../base64/_utf8-base64-writer.js';
import { writeCsv, type CsvRow, type EncodeCsvOptions } from '../csv/_write-csv.js';

/**
 * The value of update-recurring-payments' `payload` parameter: standard padded Base64 (RFC 4648
 * §4) of the UTF-8 bytes of {@link encodeCsv}'s document, so `José Müller` and `東京` survive
 * (no Latin-1 `btoa` trap). Works in chunks: memory stays near the size of the result, and time
 * grows linearly with the rows.
 *
 * @throws {CodecError} everything {@link encodeCsv} throws, before any output is produced.
 * @example
 * ```ts
 * encodePayload([{ 'client-orderid': '1', city: '東京' }], { columns: ['client-orderid', 'city'] });
 * // 'Y2xpZW50LW9yZGVyaWQ7Y2l0eQ0KMTvmnbHkuqwNCg=='
 * ```
 */
export function encodePayload(rows: Iterable<CsvRow>, options: EncodeCsvOptions): string {
  const writer = createUtf8Base64Writer();
  writeCsv(rows, options, (chunk) => writer.write(chunk));
  return writer.end();
}
