// Item: replay at the edge of the timestamp window. The same signed transfer is sent at
// ts+window-1, ts+window, ts+window+0.5 and ts+window+1 by the emulator's injectable clock, over
// HTTP; it must be executed exactly once, replays refused as replayed_nonce and the late one as
// stale_timestamp. Two clocks: whole seconds (as the default clock) and fractional seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorEvent } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, post, readReply } from '../independent-signer.js';

const WINDOW = 300;
const TS = 1_700_000_000;
const hmac = { method: 'HMAC-SHA1', controlKey: 'replay-control-key' } as const;
const transferParams: [string, string][] = [
  ['client_orderid', 'tr-replay'],
  ['amount', '25.00'],
  ['currency', 'EUR'],
  ['credit_card_number', '4111111111111111'],
  ['card_printed_name', 'JOSE MULLER'],
  ['expire_month', '12'],
  ['expire_year', '2030'],
  ['cvv2', '123'],
  ['destination-card-no', '5555555555554444'],
  ['ipaddress', '203.0.113.9'],
];

interface Clocked {
  server: RunningEmulator;
  events: EmulatorEvent[];
  setTime(seconds: number): void;
}

async function start(clock: (wall: number) => number): Promise<Clocked> {
  let wall = TS;
  const events: EmulatorEvent[] = [];
  const server = await serve({
    merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'], currency: 'EUR' }],
    timestampWindowSeconds: WINDOW,
    now: () => clock(wall),
    log: (event) => events.push(event),
  });
  return { server, events, setTime: (seconds) => (wall = seconds) };
}

const cases = [
  // [clock, the wall time of each send, what each send must get]
  ['whole seconds (Math.floor, as the default clock)', (wall: number) => Math.floor(wall), ['accepted', 'replayed_nonce', 'replayed_nonce', 'stale_timestamp']],
  ['fractional seconds', (wall: number) => wall, ['accepted', 'replayed_nonce', 'stale_timestamp', 'stale_timestamp']],
] as const;
const OFFSETS = [WINDOW - 1, WINDOW, WINDOW + 0.5, WINDOW + 1];

describe.each(cases)('one signed transfer at ts+window-1, ts+window, ts+window+0.5, ts+window+1 with a clock in %s', (_name, clock, expected) => {
  let emulator: Clocked;
  beforeAll(async () => {
    emulator = await start(clock);
  });
  afterAll(() => emulator.server.close());

  it('is executed exactly once; the replays get 403 replayed_nonce and the late one 403 stale_timestamp', async () => {
    const target = `${emulator.server.url}/payment/api/v4/transfer/1234`;
    const signed = handSign(target, 'merchant', hmac, transferParams, { timestamp: String(TS), nonce: 'nonce-at-the-edge' });
    const outcomes: string[] = [];
    for (const offset of OFFSETS) {
      emulator.setTime(TS + offset);
      const before = emulator.events.length;
      const response = await post(target, signed);
      const event = emulator.events.slice(before).find((e) => e.kind !== 'updated');
      if (response.status === 200) {
        expect(readReply(response.text).type).toBe('async-response');
        expect(event).toMatchObject({ kind: 'accepted', operation: 'transfer' });
        outcomes.push('accepted');
      } else {
        expect(response.status).toBe(403);
        expect(response.text).toBe('');
        outcomes.push(event?.kind === 'refused' ? event.reason : `no refusal logged (${event?.kind})`);
      }
    }
    expect(outcomes).toEqual(expected);
    expect(emulator.events.filter((e) => e.kind === 'accepted' && e.operation === 'transfer')).toHaveLength(1);
  });
});

describe('the first send at the very edge of the window', () => {
  let emulator: Clocked;
  beforeAll(async () => {
    emulator = await start((wall) => wall);
  });
  afterAll(() => emulator.server.close());

  it('accepted at ts+window exactly, refused at every later instant of the same second and after', async () => {
    const target = `${emulator.server.url}/payment/api/v4/transfer/1234`;
    const signed = handSign(target, 'merchant', hmac, transferParams, { timestamp: String(TS), nonce: 'nonce-edge-first' });
    emulator.setTime(TS + WINDOW);
    expect((await post(target, signed)).status).toBe(200);
    for (const offset of [WINDOW, WINDOW + 0.25, WINDOW + 0.999, WINDOW + 1]) {
      emulator.setTime(TS + offset);
      expect((await post(target, signed)).status).toBe(403);
    }
    expect(emulator.events.filter((e) => e.kind === 'accepted')).toHaveLength(1);
  });
});
