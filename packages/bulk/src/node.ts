// @paysign/bulk/node: the parts of bulk updates that need Node: the file journal (fsynced, locked,
// its owner's alone), the CSV file reader and the results file writer (never through a link).
export { createFileJournal } from './node/file-journal.js';
export { csvFileRows, type CsvFileRows } from './node/csv-file-rows.js';
export { openResultsFile, type ResultsFile } from './node/results-file.js';
