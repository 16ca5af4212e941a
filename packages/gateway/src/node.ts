// @paysign/gateway/node: the part that needs Node: a fetch over node:http for the client.
// (Bulk updates' file journal and CSV file reader are @paysign/bulk/node's.)
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './transport/node-fetch.js';
