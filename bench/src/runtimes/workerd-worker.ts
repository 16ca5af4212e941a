// The signing matrix inside workerd. workerd stops the clock while a request runs (a Spectre
// mitigation), so the host times each batch over loopback: POST /prepare with the plan, then
// GET /run?group=G&case=C&n=N runs case C of group G N times.
import * as auto from '@paysign/oauth-core';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import * as js from '@paysign/oauth-core/js';
import { specRequests, transfer } from '../fixtures/requests.js';
import { buildMatrix, type Group } from '../signers/matrix.js';
import { webCryptoPrimitives } from '../signers/primitives-webcrypto.js';
import { peerCases } from '../signers/peers.js';
import type { Algorithm } from '../signers/types.js';

let groups: Group[] = [];

async function prepare(plan: { pkcs1Pem: string; algorithms: Algorithm[] }): Promise<Response> {
  groups = await buildMatrix({
    adapters: [
      { name: 'webcrypto', createSigner: webcrypto.createSigner },
      { name: 'js', createSigner: js.createSigner },
    ],
    primitives: [webCryptoPrimitives],
    pkcs1Pem: plan.pkcs1Pem,
    requests: specRequests(),
    algorithms: plan.algorithms,
    include: (adapter, spec) => !(adapter.name === 'js' && spec.algorithm !== 'HMAC-SHA1' && spec.request.id !== transfer.id),
    // The peers through workerd's node:crypto (nodejs_compat), so the chart shows them here too.
    extraCases: (spec, expected) => peerCases(spec, plan.pkcs1Pem, expected),
  });
  return Response.json({
    auto: auto.defaultAdapter.name,
    groups: groups.map((group) => ({
      algorithm: group.spec.algorithm,
      requestId: group.spec.request.id,
      requestTitle: group.spec.request.title,
      cases: group.cases.map(({ id, kind, label }) => ({ id, kind, label })),
    })),
  });
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      if (url.pathname === '/prepare') return await prepare(await request.json());
      if (url.pathname === '/run') {
        const group = groups[Number(url.searchParams.get('group'))];
        const benchCase = group?.cases.find((c) => c.id === url.searchParams.get('case'));
        if (benchCase === undefined) return new Response('no such case', { status: 404 });
        await benchCase.run(Number(url.searchParams.get('n')));
        return new Response('ok');
      }
      return new Response('not found', { status: 404 });
    } catch (error) {
      return new Response(error instanceof Error ? error.message : 'failed', { status: 500 });
    }
  },
};
