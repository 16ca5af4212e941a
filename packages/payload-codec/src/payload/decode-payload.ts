import { decodeCanonicalBase64 } from '../base64/_decode-base64.js';
import { decodeUtf8Strict } from '../base64/_decode-utf8.js';
import { decodeCsv, type DecodeCsvOptions, type DecodedCsv } from '../csv/decode-csv.js';

/**
 * Reads a `payload` value back: canonical padded Base64, then strict UTF-8, then {@link decodeCsv}
 * with the same `options` (the columns the header may name).
 *
 * @throws {CodecError} `INVALID_BASE64` (alphabet, padding, length or pad bits, with the offset),
 *   `INVALID_UTF8`, and everything {@link decodeCsv} throws.
 * @example
 * ```ts
 * decodePayload('Y2xpZW50LW9yZGVyaWQ7Y2l0eQ0KMTvmnbHkuqwNCg==', { columns: recurringPaymentColumns });
 * // { columns: ['client-orderid', 'city'], rows: [{ 'client-orderid': '1', city: '東京' }] }
 * decodePayload('YTtiDQoxOzINCg==', { columns: 'any' }); // { columns: ['a', 'b'], rows: [{ a: '1', b: '2' }] }
 * ```
 */
export function decodePayload(base64: string, options: DecodeCsvOptions): DecodedCsv {
  return decodeCsv(decodeUtf8Strict(decodeCanonicalBase64(base64)), options);
}
