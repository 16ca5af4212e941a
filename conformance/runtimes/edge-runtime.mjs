// Runs the edge-runtime bundle inside @edge-runtime/vm, the Vercel Edge Runtime's sandbox: only
// the globals that runtime has (fetch, crypto.subtle, TextEncoder...), no require, no node:*.
import { EdgeVM } from '@edge-runtime/vm';
import { readFile } from 'node:fs/promises';

const bundle = await readFile(new URL('./.build/edge-runtime.js', import.meta.url), 'utf8');
const vm = new EdgeVM();
vm.evaluate(bundle);
const lines = [];
// The bundle's log runs inside the VM; collecting lines there and printing here keeps the output
// ordered whatever the VM's console does.
const result = await vm.evaluate('globalThis.runPaysignConformance')((line) => lines.push(line));
for (const line of lines) console.log(line);
if (result.failed > 0) process.exitCode = 1;
