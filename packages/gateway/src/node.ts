// @paysign/gateway/node: the parts that need Node: bulk updates' file journal and CSV file reader,
// and a fetch over node:http for the client.
export { createFileJournal } from './bulk/node/file-journal.js';
export { csvFileRows, type CsvFileRows } from './bulk/node/csv-file-rows.js';
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './transport/node-fetch.js';
