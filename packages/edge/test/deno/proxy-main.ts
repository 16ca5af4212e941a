// One proxy process on Deno: the Deno entry with a Deno KV nonce store on the database path given
// as the first argument, or, given `none`, with no nonce store at all (the unsafe default the
// entry must refuse). Prints `listening <port>` once it serves on 127.0.0.1.
import { createDenoHandler, createDenoKvNonceStore, type DenoKvLike } from '@paysign/edge/deno';

declare const Deno: {
  args: string[];
  openKv(path?: string): Promise<DenoKvLike>;
  serve(options: { hostname: string; port: number; onListen(address: { port: number }): void }, handler: (request: Request) => Promise<Response>): unknown;
};

const kvPath = Deno.args[0];
Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening ${port}`) },
  createDenoHandler(kvPath === 'none' ? {} : { nonceStore: createDenoKvNonceStore(Deno.openKv(kvPath)) }),
);
