import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeLogValue } from '@paysign/emulator';
import { createCallbackHandler, type CallbackSeenStore, type GatewayCallback } from '@paysign/gateway';
import { parseCommandArgs } from '../cli/args.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';
import { readControlKey } from './control-key.js';

const usage = `PAYSIGN_CONTROL_KEY=K paysign callbacks listen [--port P] [--host H] [--json] [--forward-to URL]

Receives the gateway's callbacks (GET, parameters in the query; format from the gateway family's
documentation, see docs/reference/callbacks.md). The first line on stdout is "listening on
http://HOST:PORT"; then one line per verified callback, with the time it came (UTC):

  2026-01-31T12:00:00.000Z callback STATUS orderid=ID merchant_order=ORDER | unverified: NAME=VALUE ...

Only status, orderid and merchant_order are covered by the checksum; everything after
"unverified:" is not, and anyone who saw one callback can change it. A line ends with
"| split not unique" when merchant_order starts with a digit: digits may then have moved
between orderid and merchant_order. Control characters are printed as escapes (\\n, \\x1b, ...).

A callback whose control checksum does not match, or is malformed, is refused with 403 and
reported on stderr; without --forward-to a repeated one (same status, orderid and merchant_order)
is answered 200 and printed once. This tool has no order database: your receiver must also check
the callback against your order (createCallbackHandler's findOrder in @paysign/gateway). Stop it
with Ctrl-C.

Options:
  --control-key-file FILE  read the merchant's control key from FILE (first line)
  --control-key K   the control key itself: visible to other users of this machine (ps);
                    prefer PAYSIGN_CONTROL_KEY or --control-key-file
  --port N          port (default 0: a free one)
  --host H          interface (default 127.0.0.1)
  --json            one JSON object per line instead: first {"listening": URL}, then per
                    verified callback {"time", "status", "orderid", "merchantOrder", "splitUnique",
                    "unverified": {NAME: VALUE}}
  --forward-to URL  deliver each verified callback to your local app: a GET of the http(s) URL
                    with the callback's query, as the gateway sent it (redirects are not
                    followed). The sender gets what the app answered, once its answer came
                    whole (its body is read to its end, or its first MiB, and not kept): the
                    app's 2xx, its non-2xx status, 502 when it cannot be reached, answers a
                    redirect or its answer is cut, 504 when it takes over 10 s; so the
                    gateway (or emulator) retries on its own schedule until the app takes it. Every delivery is forwarded, a repeated
                    one too: your app's own de-duplication decides. Your app must verify it`;

/** How long a forwarded callback may take in the local app before it is reported as failed. */
const FORWARD_TIMEOUT_MS = 10_000;

// What JSON.stringify leaves as it is and a terminal may act on or hide: DEL and C1 controls,
// format characters (bidi overrides, zero-width), line and paragraph separators, private-use and
// unassigned code points; the same class as escapeLogValue's (C0 and lone surrogates JSON escapes).
const UNSAFE_IN_JSON = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/gu;

/** JSON on one line, with every character a terminal may act on or hide written as `\uXXXX` (a pair for one past U+FFFF). */
function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_JSON, (c) =>
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/** The most of an app's answer body read; past it the rest is left unread and the app's status stands. */
const MAX_FORWARD_BODY_BYTES = 1024 * 1024;

/**
 * Reads the app's answer body to its end, keeping none of it: `undefined` once it ended (or passed
 * {@link MAX_FORWARD_BODY_BYTES}: the app sent that much of it on purpose), else why it was cut.
 * Its status counts only then: an app that died after its headers (a 200 flushed before its work
 * was done) has its callback retried, not taken. The fetch's timeout is thrown as it is.
 */
async function readToEnd(body: ReadableStream<Uint8Array> | null): Promise<string | undefined> {
  if (body === null) return undefined;
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return undefined;
      bytes += value.byteLength;
      if (bytes > MAX_FORWARD_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
    }
  } catch (error) {
    if ((error as Error | null)?.name === 'TimeoutError') throw error;
    // The error's kind, never its message.
    const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    return typeof code === 'string' ? code : ((error as Error | null)?.name ?? 'error');
  }
}

function readForwardTo(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError('--forward-to must be an http: or https: URL, such as http://127.0.0.1:3000/callbacks');
  if (url.search !== '' || url.hash !== '') throw new UsageError("--forward-to takes no query or fragment: the callback's query is added to it");
  // fetch refuses a URL with credentials, quoting it whole in its error: every callback would fail.
  if (url.username !== '' || url.password !== '') throw new UsageError('--forward-to takes no user or password: fetch refuses a URL that holds them');
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
      {
        'control-key': { type: 'string' },
        'control-key-file': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        json: { type: 'boolean' },
        'forward-to': { type: 'string' },
      },
      true,
    );
    if (values.help) return (io.out(usage), 0);
    if (positionals.length !== 1 || positionals[0] !== 'listen')
      throw new UsageError('usage: PAYSIGN_CONTROL_KEY=K paysign callbacks listen [--port P] [--forward-to URL]');
    const controlKey = await readControlKey(values, env, io);
    if (controlKey === undefined) throw new UsageError('give the control key: PAYSIGN_CONTROL_KEY=K, --control-key-file FILE or --control-key K');
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('--port must be an integer from 0 to 65535');
    const forwardTo = readForwardTo(values['forward-to']);
    const json = values.json === true;
    // The request being handled: its query (the callback as the gateway sent it), and the app's answer once forwarded.
    const current = new AsyncLocalStorage<{ query: string; answered?: { status: number; text: string } }>();
    const forward = async (query: string): Promise<{ status: number; text: string }> => {
      const shownTarget = escapeLogValue(`${forwardTo?.origin}${forwardTo?.pathname}`);
      try {
        const reply = await fetch(`${forwardTo?.href}${query}`, { redirect: 'manual', signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
        const cut = await readToEnd(reply.body);
        if (cut !== undefined) {
          io.err(`forward to ${shownTarget} failed: the answer was cut (${escapeLogValue(cut)})`);
          return { status: 502, text: "the app's answer was cut before its end" };
        }
        io.err(`forwarded to ${shownTarget}: HTTP ${reply.status}`);
        // A redirect is never followed (the query is the callback): the sender retries instead.
        if (reply.status >= 300 && reply.status < 400) return { status: 502, text: `the app answered a redirect (${reply.status}), which is not followed` };
        // 1xx and other statuses a Response cannot carry are a bad gateway too.
        if (reply.status < 200 || reply.status > 599) return { status: 502, text: `the app answered ${reply.status}` };
        return { status: reply.status, text: `the app answered ${reply.status}` };
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        const cause = (error as { cause?: { code?: unknown } }).cause?.code;
        // The error's kind, never its message: fetch's messages may quote the whole URL and its query.
        const why = typeof cause === 'string' ? cause : timedOut ? `no answer in ${FORWARD_TIMEOUT_MS} ms` : ((error as Error | null)?.name ?? 'error');
        io.err(`forward to ${shownTarget} failed: ${escapeLogValue(why)}`);
        return timedOut ? { status: 504, text: 'the app did not answer in time' } : { status: 502, text: 'the app could not be reached' };
      }
    };
    const print = async (callback: GatewayCallback) => {
      const time = new Date().toISOString();
      if (json) {
        const { status, orderid, merchantOrder, splitUnique, unverified } = callback;
        io.out(jsonLine({ time, status, orderid, merchantOrder, splitUnique, unverified }));
      } else io.out(`${time} ${line(callback)}`);
      const handling = current.getStore();
      if (forwardTo === undefined || handling === undefined) return;
      handling.answered = await forward(handling.query);
      // Not taken by the app: not handled here either, so the sender's retry is forwarded again.
      if (handling.answered.status < 200 || handling.answered.status > 299) throw new Error('not taken by the app');
    };
    // Forwarding: every delivery goes to the app (none is remembered as handled); one in flight
    // is answered 503 to its copy, so the app never gets the same delivery twice at once.
    const inFlight = new Map<string, string>();
    const forwardEvery: CallbackSeenStore = {
      claim(key) {
        if (inFlight.has(key)) return { state: 'pending' };
        const token = crypto.randomUUID();
        inFlight.set(key, token);
        return { state: 'new', token };
      },
      complete: (key, token) => void (inFlight.get(key) === token && inFlight.delete(key)),
      release: (key, token) => void (inFlight.get(key) === token && inFlight.delete(key)),
    };
    // No order database here: every verified callback is printed, an ambiguous split flagged.
    const handler = createCallbackHandler({
      controlKey,
      findOrder: () => ({}),
      acceptAmbiguousSplit: true,
      onCallback: print,
      ...(forwardTo !== undefined && { seen: forwardEvery }),
    });

    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const target = request.url ?? '/';
      const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
      const handling: { query: string; answered?: { status: number; text: string } } = { query };
      current
        .run(handling, () => answer(request, handler))
        // The sender gets what the app answered, when the callback was forwarded.
        .then((answered) => handling.answered ?? answered)
        .catch(() => ({ status: 500, text: 'the callback could not be handled' }))
        .then(({ status, text }) => {
          if (status < 200 || status > 299) io.err(`${status} ${text}`);
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
