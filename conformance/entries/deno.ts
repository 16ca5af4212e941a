// Deno entry: the `deno` export condition must give the node:crypto build.
import { bare, flavours, hmac } from './flavours-all.js';
import { runConformance } from './run.js';

declare const Deno: { version: { deno: string }; exit(code: number): never };

const result = await runConformance({ runtime: `deno ${Deno.version.deno}`, flavours, bare, hmac, bareAdapter: 'node' }, console.log);
if (result.failed > 0) Deno.exit(1);
