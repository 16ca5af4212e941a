// @paysign/gateway/node: the part that needs Node: a fetch over node:http for the client, and the
// fetch-style callback handler as a node:http listener (node:http, Express, Fastify, Koa).
// (Bulk updates' file journal and CSV file reader are @paysign/bulk/node's.)
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './transport/node-fetch.js';
export {
  toNodeListener,
  type FetchHandler,
  type NodeIncomingRequest,
  type NodeListener,
  type NodeListenerOptions,
  type NodeServerResponse,
} from './node/to-node-listener.js';
