// Vercel edge runtime entry: loaded as a script into @edge-runtime/vm, which then calls the
// function installed here. The bundle is built with the `edge-light` condition.
import { bare, flavours, hmac } from './flavours-edge.js';
import { runConformance, type ConformanceResult } from './run.js';

declare global {
  // eslint-disable-next-line no-var
  var runPaysignConformance: ((log: (line: string) => void) => Promise<ConformanceResult>) | undefined;
}

globalThis.runPaysignConformance = (log) => runConformance({ runtime: 'edge-runtime', flavours, bare, hmac, bareAdapter: 'webcrypto' }, log);
