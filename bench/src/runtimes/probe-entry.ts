// The signing matrix inside another runtime (Node 22/24, Deno, Bun): `<runtime> probe.js <plan.json>`.
// Prints the results as JSON on stdout and its progress on stderr. Uses node:crypto, which all
// three provide, plus crypto.subtle; the automatic entry is resolved by this runtime itself. The
// peers (CommonJS, node:crypto) are measured here too.
import { readFileSync } from 'node:fs';
import * as auto from '@paysign/oauth-core';
import * as node from '@paysign/oauth-core/node';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import * as js from '@paysign/oauth-core/js';
import { createProgress } from '../harness/progress.js';
import { specRequests, transfer } from '../fixtures/requests.js';
import { buildMatrix, measureGroup } from '../signers/matrix.js';
import { nodeCryptoPrimitives } from '../signers/primitives-node.js';
import { peerCases } from '../signers/peers.js';
import { webCryptoPrimitives } from '../signers/primitives-webcrypto.js';
import type { Algorithm } from '../signers/types.js';
import { runtimeLabel } from './runtime-label.js';

export interface ProbePlan {
  pkcs1Pem: string;
  rounds: number;
  sampleMs: number;
  algorithms: Algorithm[];
}

const plan = JSON.parse(readFileSync(process.argv.at(-1)!, 'utf8')) as ProbePlan;
const runtime = runtimeLabel();
const progress = createProgress(process.stderr);
const groups = await buildMatrix({
  adapters: [
    { name: 'node', createSigner: node.createSigner },
    { name: 'webcrypto', createSigner: webcrypto.createSigner },
    { name: 'js', createSigner: js.createSigner },
  ],
  primitives: [nodeCryptoPrimitives, webCryptoPrimitives],
  pkcs1Pem: plan.pkcs1Pem,
  requests: specRequests(),
  algorithms: plan.algorithms,
  include: (adapter, spec) => !(adapter.name === 'js' && spec.algorithm !== 'HMAC-SHA1' && spec.request.id !== transfer.id),
  // The peers run wherever node:crypto does, so every runtime's chart shows them beside paysign.
  extraCases: (spec, expected) => peerCases(spec, plan.pkcs1Pem, expected),
});
const results = [];
for (const group of groups) {
  progress.step(`${group.spec.algorithm} · ${group.spec.request.title} · ${runtime}`);
  results.push(
    await measureGroup(group, runtime, auto.defaultAdapter.name, {
      rounds: plan.rounds,
      sampleMs: plan.sampleMs,
      onSample: (event) => progress.update(event.done, event.total, event.caseId),
    }),
  );
}
process.stdout.write(JSON.stringify(results));
