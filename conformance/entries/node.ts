// Node entry (22 and 24 run this bundle; Node 20 also runs the suites under vitest).
import { bare, flavours, hmac } from './flavours-all.js';
import { runConformance } from './run.js';

const result = await runConformance({ runtime: `node ${process.version}`, flavours, bare, hmac, bareAdapter: 'node' }, console.log);
if (result.failed > 0) process.exitCode = 1;
