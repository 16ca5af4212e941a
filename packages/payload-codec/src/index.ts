// @paysign/payload-codec: the gateway's payload formats, from rows to the bytes sent and back.
export { CodecError, type CodecErrorCode, type CodecErrorLocation } from './errors.js';

// The update-recurring-payments columns, as the spec names them
export {
  recurringPaymentColumns,
  recurringPaymentExampleColumns,
  recurringPaymentFurtherColumns,
  type RecurringPaymentColumn,
  type RecurringPaymentRow,
} from './columns/recurring-payment-columns.js';

// CSV: `;`-separated, CRLF-ended, header first
export { encodeCsv } from './csv/encode-csv.js';
export { decodeCsv, type DecodeCsvOptions, type DecodedCsv } from './csv/decode-csv.js';
export type { CsvRow, EncodeCsvOptions } from './csv/_write-csv.js';
export type { Quoting } from './csv/_cell.js';

// Payload: Base64 of the CSV's UTF-8 bytes
export { encodePayload } from './payload/encode-payload.js';
export { decodePayload } from './payload/decode-payload.js';

// Form bodies: RFC 3986 out, x-www-form-urlencoded in
export { encodeForm } from './form/encode-form.js';
export { decodeForm } from './form/decode-form.js';
export type { ParameterInput } from '@paysign/oauth-core';
