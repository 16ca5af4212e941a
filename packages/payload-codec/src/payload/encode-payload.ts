import { createBase64Sink } from '../base64/_base64-sink.js';
import { writeCsv, type CsvRow, type EncodeCsvOptions } from '../csv/_write-csv.js';

/**
 * The value of update-recurring-payments' `payload` parameter: standard padded Base64 (RFC 4648
 * §4) of the UTF-8 bytes of {@link encodeCsv}'s document, so `José Müller` and `東京` survive
 * (no Latin-1 `btoa` trap). The CSV is encoded to UTF-8 and Base64 a buffer at a time, never held
 * whole: time is linear in the rows and memory stays close to the size of the result.
 *
 * @throws {CodecError} everything {@link encodeCsv} throws, before any output is returned.
 * @example
 * ```ts
 * encodePayload([{ 'client-orderid': '1', city: '東京' }], { columns: ['client-orderid', 'city'] });
 * // 'Y2xpZW50LW9yZGVyaWQ7Y2l0eQ0KMTvmnbHkuqwNCg=='
 * ```
 */
export function encodePayload(rows: Iterable<CsvRow>, options: EncodeCsvOptions): string {
  const sink = createBase64Sink();
  writeCsv(rows, options, sink);
  return sink.text();
}
