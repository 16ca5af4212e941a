import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeLogValue } from '@paysign/emulator';
import { createCallbackHandler, type GatewayCallback } from '@paysign/gateway';
import { fromFlagOrEnv, parseCommandArgs } from '../cli/args.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';

const usage = `paysign callbacks listen --control-key K [--port P] [--host H] [--json] [--forward-to URL]

Receives the gateway's callbacks (GET, parameters in the query; format from the gateway family's
documentation, see docs/reference/callbacks.md). The first line on stdout is "listening on
http://HOST:PORT"; then one line per verified callback, with the time it came (UTC):

  2026-01-31T12:00:00.000Z callback STATUS orderid=ID merchant_order=ORDER | unverified: NAME=VALUE ...

Only status, orderid and merchant_order are covered by the checksum; everything after
"unverified:" is not, and anyone who saw one callback can change it. A line ends with
"| split not unique" when merchant_order starts with a digit: digits may then have moved
between orderid and merchant_order. Control characters are printed as escapes (\\n, \\x1b, ...).

A callback whose control checksum does not match, or is malformed, is refused with 403 and
reported on stderr; a repeated one (same status, orderid and merchant_order) is answered 200
and printed once. This tool has no order database: your receiver must also check the callback
against your order (createCallbackHandler's findOrder in @paysign/gateway). Stop it with Ctrl-C.

Options:
  --control-key K   the merchant's control key (or PAYSIGN_CONTROL_KEY)
  --port N          port (default 0: a free one)
  --host H          interface (default 127.0.0.1)
  --json            one JSON object per line instead: first {"listening": URL}, then per
                    verified callback {"time", "status", "orderid", "merchantOrder", "splitUnique",
                    "unverified": {NAME: VALUE}}
  --forward-to URL  deliver each verified callback to your local app as well: a GET of URL with
                    the callback's query, as the gateway sent it; the app's answer (or why it
                    could not be reached) is printed on stderr. Your app must still verify it`;

/** How long a forwarded callback may take in the local app before it is reported as failed. */
const FORWARD_TIMEOUT_MS = 10_000;

/** JSON on one line, with the characters a terminal may act on (DEL, C1 controls, line separators) escaped too. */
function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function readForwardTo(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError('--forward-to must be an http: or https: URL, such as http://127.0.0.1:3000/callbacks');
  if (url.search !== '' || url.hash !== '') throw new UsageError("--forward-to takes no query or fragment: the callback's query is added to it");
  return url;
}

// A value as one unambiguous token: control characters and `\` escaped, quoted when it holds a
// space, a quote, `=` or `|` (or is empty), so no value can pass for another field or line.
function shown(value: string): string {
  const escaped = escapeLogValue(value);
  return escaped === '' || /[\s"=|]/.test(escaped) ? `"${escaped.replace(/"/g, '\\"')}"` : escaped;
}

function line(callback: GatewayCallback): string {
  const unverified = Object.entries(callback.unverified).map(([name, value]) => `${shown(name)}=${shown(value)}`);
  const warning = callback.splitUnique ? '' : ' | split not unique: merchant_order starts with a digit';
  return `callback ${callback.status} orderid=${callback.orderid} merchant_order=${shown(callback.merchantOrder)} | unverified: ${unverified.join(' ') || '-'}${warning}`;
}

async function answer(request: IncomingMessage, handler: (request: Request) => Promise<Response>): Promise<{ status: number; text: string }> {
  let fetchRequest: Request;
  try {
    // The Host header is the caller's to choose: the URL is built on a fixed origin. A request
    // target that makes no URL on it (`*:99999`, `*%zz`) or a method fetch refuses is a bad request.
    fetchRequest = new Request(`http://127.0.0.1${request.url ?? '/'}`, { method: request.method ?? 'GET' });
  } catch {
    return { status: 400, text: 'bad request: not a callback URL' };
  }
  const reply = await handler(fetchRequest);
  return { status: reply.status, text: await reply.text() };
}

export const callbacksCommand: Command = {
  name: 'callbacks',
  summary: "receive and verify the gateway's callbacks on a local port",
  usage,
  async run(args, { io, env, stopSignal }) {
    const { values, positionals } = parseCommandArgs(
      args,
      { 'control-key': { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, json: { type: 'boolean' }, 'forward-to': { type: 'string' } },
      true,
    );
    if (values.help) return (io.out(usage), 0);
    if (positionals.length !== 1 || positionals[0] !== 'listen') throw new UsageError('usage: paysign callbacks listen --control-key K [--port P]');
    const controlKey = fromFlagOrEnv(values, 'control-key', env, 'PAYSIGN_CONTROL_KEY');
    if (controlKey === undefined) throw new UsageError('--control-key is required (or PAYSIGN_CONTROL_KEY)');
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('--port must be an integer from 0 to 65535');
    const forwardTo = readForwardTo(values['forward-to']);
    const json = values.json === true;
    // The query of the request being handled, for --forward-to: the callback as the gateway sent it.
    const current = new AsyncLocalStorage<string>();
    const forward = (query: string) => {
      const target = `${forwardTo?.href}${query}`;
      const shownTarget = escapeLogValue(`${forwardTo?.origin}${forwardTo?.pathname}`);
      fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) })
        .then(async (reply) => {
          await reply.body?.cancel();
          io.err(`forwarded to ${shownTarget}: HTTP ${reply.status}`);
        })
        .catch((error: unknown) => {
          const cause = (error as { cause?: { code?: unknown } }).cause?.code;
          io.err(
            `forward to ${shownTarget} failed: ${escapeLogValue(typeof cause === 'string' ? cause : (error as Error).name === 'TimeoutError' ? `no answer in ${FORWARD_TIMEOUT_MS} ms` : String((error as Error).message))}`,
          );
        });
    };
    const print = (callback: GatewayCallback) => {
      const time = new Date().toISOString();
      if (json) {
        const { status, orderid, merchantOrder, splitUnique, unverified } = callback;
        io.out(jsonLine({ time, status, orderid, merchantOrder, splitUnique, unverified }));
      } else io.out(`${time} ${line(callback)}`);
      const query = current.getStore();
      if (forwardTo !== undefined && query !== undefined) forward(query);
    };
    // No order database here: every verified callback is printed, an ambiguous split flagged.
    const handler = createCallbackHandler({ controlKey, findOrder: () => ({}), acceptAmbiguousSplit: true, onCallback: print });

    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const target = request.url ?? '/';
      const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
      current
        .run(query, () => answer(request, handler))
        .catch(() => ({ status: 500, text: 'the callback could not be handled' }))
        .then(({ status, text }) => {
          if (status !== 200) io.err(`${status} ${text}`);
          response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
        })
        .catch(() => response.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, values.host ?? '127.0.0.1', () => resolve());
    });
    const address = server.address() as AddressInfo;
    const listening = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    io.out(json ? jsonLine({ listening }) : `listening on ${listening}`);
    await stopSignal;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    return 0;
  },
};
