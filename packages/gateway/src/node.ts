// @paysign/gateway/node: the parts of bulk updates that need Node's file system.
export { createFileJournal } from './bulk/node/file-journal.js';
export { csvFileRows, type CsvFileRows } from './bulk/node/csv-file-rows.js';
