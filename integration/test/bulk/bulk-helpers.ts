// Shared by the bulk tests: rows, the emulator (a black box over HTTP), and a server in front of it that injects failures.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator, serve, type Emulator, type RunningEmulator } from '@paysign/emulator/node';
import type { BulkRow } from '@paysign/bulk';
import { TEST_PAN } from '@paysign/test-fixtures';

export const LOGIN = 'merchant';
export const CONTROL_KEY = 'bulk-control-key';
export const ENDPOINT_ID = '1';
export { TEST_PAN };

/** Row `n` (1-based) of a test input: a valid update of recurring payment `rp-n`. */
export function bulkRow(n: number, changes: Record<string, string> = {}): BulkRow {
  return {
    'client-orderid': `order-${n}`,
    'recurring-payment-id': `rp-${n}`,
    'credit-card-number': TEST_PAN,
    'card-printed-name': 'JOHN DOE',
    'expire-year': '2031',
    'expire-month': String((n % 12) + 1),
    amount: `${n}.00`,
    ...changes,
  };
}

export function bulkRows(count: number): BulkRow[] {
  return Array.from({ length: count }, (_, i) => bulkRow(i + 1));
}

/** The CSV file text of `rows` (the gateway's format: header of wire names, `;`, `eol` line ends). */
export function csvText(rows: readonly BulkRow[], eol = '\r\n'): string {
  const columns = Object.keys(rows[0] ?? bulkRow(1));
  return [columns.join(';'), ...rows.map((row) => columns.map((c) => row[c] ?? '').join(';'))].join(eol) + eol;
}

const emulatorOptions = (count: number) => ({
  merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT_ID] }],
  profiles: Array.from({ length: count }, (_, i) => ({ 'recurring-payment-id': `rp-${i + 1}`, amount: '1.00' })),
  log: () => {},
});

/** The emulator over HTTP on 127.0.0.1, knowing recurring payments rp-1 ... rp-count. */
export function serveEmulator(count: number): Promise<RunningEmulator> {
  return serve(emulatorOptions(count));
}

/** How many updates each recurring payment received (its revision), by id. */
export async function revisions(emulator: Emulator): Promise<Map<string, number>> {
  return new Map((await emulator.profiles.list()).map((profile) => [profile.id, profile.revision]));
}

/** What the server in front does with one request: answer it itself, or pass it to the emulator. */
export type Injection = 'pass' | 'reset' | '503' | 'hang' | 'too-long' | 'unreadable' | 'pass-then-reset' | '403' | { status: number; body: string };

export interface FrontServer {
  url: string;
  emulator: Emulator;
  /** Requests received, by payload (one row's payload is the same on every attempt). */
  attempts: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 whose answers are the emulator's (createEmulator, in-process,
 * verifying the signature against this server's URL), except where `inject(attempt, payload)`
 * says otherwise.
 */
export async function startFrontServer(count: number, inject: (attempt: number, payload: string) => Injection): Promise<FrontServer> {
  const emulator = createEmulator(emulatorOptions(count));
  const attempts = new Map<string, number>();
  let url = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const payload = new URLSearchParams(body).get('payload') ?? '';
      const attempt = (attempts.get(payload) ?? 0) + 1;
      attempts.set(payload, attempt);
      void answer(inject(attempt, payload), req, res, body);
    });
  });
  async function answer(injection: Injection, req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    if (typeof injection === 'object') return void res.writeHead(injection.status, { 'content-type': 'text/plain' }).end(injection.body);
    switch (injection) {
      case 'reset':
        return void req.socket.destroy();
      case '503':
        return void res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      case '403':
        return void res.writeHead(403).end();
      case 'hang':
        return; // no answer: the client's timeout ends it
      case 'too-long':
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(4096));
      case 'unreadable':
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('\u0000garbage-without-pairs');
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const reply = await emulator.fetch(new Request(`${url}${req.url ?? '/'}`, { method: 'POST', headers, body }));
    const text = await reply.text();
    if (injection === 'pass-then-reset') return void req.socket.destroy(); // applied, but the reply is lost
    res.writeHead(reply.status, Object.fromEntries(reply.headers)).end(text);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    emulator,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        emulator.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
