// Bun entry: the `bun` export condition must give the node:crypto build.
import { bare, flavours, hmac } from './flavours-all.js';
import { runConformance } from './run.js';

declare const Bun: { version: string };

const result = await runConformance({ runtime: `bun ${Bun.version}`, flavours, bare, hmac, bareAdapter: 'node' }, console.log);
if (result.failed > 0) process.exitCode = 1;
