// A worker in front of the PaysignNonceStore Durable Object, for the store contract in workerd:
// POST { key, expiresAt, scope } runs createDurableObjectNonceStore(env.NONCES).remember and
// answers { result } or, when it throws, 503 { error: <the error's name> }.
import { createDurableObjectNonceStore, type DurableObjectNamespaceLike, PaysignNonceStore } from '@paysign/edge/cloudflare';

export { PaysignNonceStore };

export default {
  async fetch(request: Request, env: { NONCES: DurableObjectNamespaceLike }): Promise<Response> {
    const { key, expiresAt, scope } = (await request.json()) as { key: string; expiresAt: number; scope?: string };
    try {
      return Response.json({ result: await createDurableObjectNonceStore(env.NONCES).remember(key, expiresAt, scope) });
    } catch (error) {
      return Response.json({ error: `${(error as Error).name}: ${(error as Error).message}` }, { status: 503 });
    }
  },
};
