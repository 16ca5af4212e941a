import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '@paysign/emulator';
import { createSigningProxy, signCallerRequest } from '@paysign/edge';
import { serveFetch, type Served } from './http.js';
import { CALLER_HMAC_SECRET, CONTROL_KEY, ENDPOINT, LOGIN, TRANSFER_PATH } from './helpers.js';

// A signed caller request is accepted while |now - timestamp| <= window (now in whole seconds).
// Its signature must count as used for as long as that holds, at every fraction of a second: a
// replay in the last second of the window would be re-signed with a fresh OAuth nonce and the
// gateway would execute the transfer again. Over real HTTP: the emulator and the proxy each
// behind a Node server on 127.0.0.1, sharing one clock that the test moves.

const T = 1_750_000_000;
const WINDOW = 300;
let clock = T;
let gateway: Served;
const served: Served[] = [];
const executed: string[] = [];

beforeAll(async () => {
  const emulator = createEmulator({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT], currency: 'EUR' }],
    now: () => clock,
    log: (event) => {
      if (event.kind === 'accepted') executed.push(event.operation);
    },
  });
  gateway = await serveFetch((request) => emulator.fetch(request));
});

afterAll(async () => {
  for (const server of served) await server.close();
  await gateway.close();
});

const transfer = 'client_orderid=o-1&amount=1.00&currency=EUR&card_recurring_payment_id=s-1&destination_card_recurring_payment_id=d-1';

// Where the replay arrives, in seconds after timestamp + window, and what the proxy must say.
const ALREADY_USED = 'this signed request was already used';
const OUT_OF_WINDOW = `Paysign-Timestamp is more than ${WINDOW} s from the proxy's clock`;
const cases: [clock: string, offset: number, reason: string][] = [
  ['integer', -1, ALREADY_USED],
  ['integer', 0, ALREADY_USED],
  ['integer', 0.5, ALREADY_USED],
  ['integer', 1, OUT_OF_WINDOW],
  ['fractional (+0.999)', -1.001, ALREADY_USED],
  ['fractional (+0.999)', -0.001, ALREADY_USED],
  ['fractional (+0.999)', 0.999, ALREADY_USED],
  ['fractional (+0.25)', 0.25, ALREADY_USED],
  ['fractional (+0.25)', 0.75, ALREADY_USED],
  ['fractional (+0.25)', 1.25, OUT_OF_WINDOW],
];

describe('a signed caller request replayed around timestamp + window is refused; the gateway executes the transfer once', () => {
  for (const [kind, offset, reason] of cases) {
    it(`${kind} clock, replay at ts + window ${offset >= 0 ? '+' : ''}${offset} s: 401 "${reason}"`, async () => {
      clock = T;
      const proxy = createSigningProxy({
        gatewayUrl: gateway.url,
        merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
        callers: { hmacSecrets: [CALLER_HMAC_SECRET], hmacWindowSeconds: WINDOW },
        allow: { transfer: [ENDPOINT] },
        now: () => clock,
      });
      const server = await serveFetch((request) => proxy.fetch(request));
      served.push(server);
      const url = `${server.url}${TRANSFER_PATH}`;
      const headers = {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body: transfer, timestamp: T })),
      };
      const before = executed.length;

      const first = await fetch(url, { method: 'POST', headers, body: transfer });
      expect([first.status, (await first.text()).slice(0, 5)]).toEqual([200, 'type=']);

      clock = T + WINDOW + offset;
      const replay = await fetch(url, { method: 'POST', headers, body: transfer });
      const text = await replay.text();
      expect([replay.status, text]).toEqual([401, JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: reason } })]);
      expect(executed.slice(before)).toEqual(['transfer']);
    });
  }
});
