// A Deno process in front of createDenoKvNonceStore on the KV database given as the first
// argument, for the store contract in Deno: the same protocol as durable-object-front.ts.
// Prints `listening <port>` once it serves on 127.0.0.1.
import { createDenoKvNonceStore, type DenoKvLike } from '@paysign/edge/deno';

declare const Deno: {
  args: string[];
  openKv(path?: string): Promise<DenoKvLike>;
  serve(options: { hostname: string; port: number; onListen(address: { port: number }): void }, handler: (request: Request) => Promise<Response>): unknown;
};

const store = createDenoKvNonceStore(Deno.openKv(Deno.args[0]));
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening ${port}`) }, async (request) => {
  const { key, expiresAt, scope } = (await request.json()) as { key: string; expiresAt: number; scope?: string };
  try {
    return Response.json({ result: await store.remember(key, expiresAt, scope) });
  } catch (error) {
    return Response.json({ error: `${(error as Error).name}: ${(error as Error).message}` }, { status: 503 });
  }
});
