// @paysign/bulk/node: the parts of bulk updates that need Node: the file journal (fsynced, locked)
// and the CSV file reader.
export { createFileJournal } from './node/file-journal.js';
export { csvFileRows, type CsvFileRows } from './node/csv-file-rows.js';
