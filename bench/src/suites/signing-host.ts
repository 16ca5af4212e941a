// Signing on the Node that runs the benchmark: every oauth-core entry point, both floors and
// the peers, for each of the spec's requests.
import * as auto from '@paysign/oauth-core';
import * as node from '@paysign/oauth-core/node';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import * as js from '@paysign/oauth-core/js';
import type { Progress } from '../harness/progress.js';
import { specRequests, transfer } from '../fixtures/requests.js';
import { buildMatrix, measureGroup, type GroupResult } from '../signers/matrix.js';
import { peerCases } from '../signers/peers.js';
import { nodeCryptoPrimitives } from '../signers/primitives-node.js';
import { webCryptoPrimitives } from '../signers/primitives-webcrypto.js';
import type { AdapterEntry, Algorithm } from '../signers/types.js';

export const HOST_ADAPTERS: readonly AdapterEntry[] = [
  { name: 'node', createSigner: node.createSigner },
  { name: 'webcrypto', createSigner: webcrypto.createSigner },
  { name: 'js', createSigner: js.createSigner },
];

/** The adapter that `import '@paysign/oauth-core'` picks on this runtime. */
export const hostAutoAdapter: string = auto.defaultAdapter.name;

export function runtimeName(): string {
  return `node ${process.versions.node}`;
}

/** Runs the host's signing groups for one algorithm. */
export async function runHostSigning(
  algorithm: Algorithm,
  pkcs1Pem: string,
  measure: { rounds: number; sampleMs: number },
  progress: Progress,
): Promise<GroupResult[]> {
  progress.step(`${algorithm}: preparing and checking every signer on ${runtimeName()}`);
  const groups = await buildMatrix({
    adapters: HOST_ADAPTERS,
    primitives: [nodeCryptoPrimitives, webCryptoPrimitives],
    pkcs1Pem,
    requests: specRequests(),
    algorithms: [algorithm],
    // Pure-JS RSA without CRT takes about a second per 4096-bit signature: one request shows it.
    include: (adapter, spec) => !(adapter.name === 'js' && spec.algorithm !== 'HMAC-SHA1' && spec.request.id !== transfer.id),
    extraCases: (spec, expected) => peerCases(spec, pkcs1Pem, expected),
  });
  const results: GroupResult[] = [];
  for (const group of groups) {
    progress.step(`${algorithm} · ${group.spec.request.title} · ${runtimeName()}`);
    results.push(
      await measureGroup(group, runtimeName(), hostAutoAdapter, {
        ...measure,
        onSample: (event) => progress.update(event.done, event.total, event.caseId),
      }),
    );
  }
  return results;
}
