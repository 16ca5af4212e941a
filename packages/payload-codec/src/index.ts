// @paysign/payload-codec: the gateway's payload formats, from rows to the bytes sent and back. Generic:
// the columns come from the caller (@paysign/gateway's recurringPaymentColumns for update-recurring-payments).
export { CodecError, type CodecErrorCode, type CodecErrorLocation } from './errors.js';

// CSV: `;`-separated, CRLF-ended, header first
export { encodeCsv } from './csv/encode-csv.js';
export { decodeCsv, type DecodeCsvOptions, type DecodedCsv } from './csv/decode-csv.js';
export { DEFAULT_MAX_CSV_RECORD_BYTES, decodeCsvStream, type CsvStreamRecord, type DecodeCsvStreamOptions } from './csv/decode-csv-stream.js';
export { encodeCsvRecord, type EncodeCsvRecordOptions } from './csv/encode-csv-record.js';
export { checkCsvCell, type CsvCellProblem } from './csv/check-csv-cell.js';
export type { CsvRow, EncodeCsvOptions } from './csv/_write-csv.js';
export type { Quoting } from './csv/_cell.js';

// Payload: Base64 of the CSV's UTF-8 bytes
export { encodePayload } from './payload/encode-payload.js';
export { decodePayload } from './payload/decode-payload.js';
