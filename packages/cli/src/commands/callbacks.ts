import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCallbackHandler, type GatewayCallback } from '@paysign/gateway';
import { fromFlagOrEnv, parseCommandArgs } from '../cli/args.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';

const usage = `paysign callbacks listen --control-key K [--port P] [--host H]

Receives the gateway's callbacks (GET, parameters in the query; format from the gateway family's
documentation, see docs/reference/callbacks.md). The first line on stdout is "listening on
http://HOST:PORT"; then one line per verified callback. A callback whose control checksum does
not match is refused with 403 and reported on stderr; a repeated one is answered 200 and printed
once. Stop it with Ctrl-C.

Options:
  --control-key K   the merchant's control key (or PAYSIGN_CONTROL_KEY)
  --port N          port (default 0: a free one)
  --host H          interface (default 127.0.0.1)`;

function line(callback: GatewayCallback): string {
  // Output masks anything shaped like a card number; the callback's fields carry none.
  return `callback ${callback.status} type=${callback.type || '-'} orderid=${callback.orderid} client_orderid=${callback.clientOrderId} amount=${callback.amount || '-'}`;
}

export const callbacksCommand: Command = {
  name: 'callbacks',
  summary: "receive and verify the gateway's callbacks on a local port",
  usage,
  async run(args, { io, env, stopSignal }) {
    const { values, positionals } = parseCommandArgs(args, { 'control-key': { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } }, true);
    if (values.help) return (io.out(usage), 0);
    if (positionals.length !== 1 || positionals[0] !== 'listen') throw new UsageError('usage: paysign callbacks listen --control-key K [--port P]');
    const controlKey = fromFlagOrEnv(values, 'control-key', env, 'PAYSIGN_CONTROL_KEY');
    if (controlKey === undefined) throw new UsageError('--control-key is required (or PAYSIGN_CONTROL_KEY)');
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('--port must be an integer from 0 to 65535');
    const handler = createCallbackHandler({ controlKey, onCallback: (callback) => io.out(line(callback)) });

    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      // The Host header is the caller's to choose: the URL is built on a fixed origin.
      void handler(new Request(`http://127.0.0.1${request.url ?? '/'}`, { method: request.method ?? 'GET' })).then(
        async (reply) => {
          const text = await reply.text();
          if (reply.status !== 200) io.err(`${reply.status} ${text}`);
          response.writeHead(reply.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
        },
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, values.host ?? '127.0.0.1', () => resolve());
    });
    const address = server.address() as AddressInfo;
    io.out(`listening on http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
    await stopSignal;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    return 0;
  },
};
