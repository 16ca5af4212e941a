// Issue #23 item 3: merchants load-test against the emulator. Each signed request has a new nonce,
// and the emulator remembers nonces for the timestamp window; with oauth-core's default bound
// (10,000 per consumer) the 10,001st request of one merchant within 300 s was refused with 403.
import { createSigner } from '@paysign/oauth-core';
import { describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorEvent } from '@paysign/emulator';

const NOW = 1_750_000_000;
const URL_ = 'http://127.0.0.1/payment/api/v2/pan-eligibility/send/1234';

describe('a load test of one merchant', () => {
  it('12,000 signed requests within one timestamp window are all verified and answered', async () => {
    const events: EmulatorEvent[] = [];
    const emulator = createEmulator({
      merchants: [{ login: 'merchant', controlKey: 'load-key', endpointIds: ['1234'] }],
      now: () => NOW,
      log: (event) => {
        if (event.kind === 'refused') events.push(event);
      },
    });
    const signer = createSigner({ consumerKey: 'merchant', consumerSecret: 'load-key', signatureMethod: 'HMAC-SHA1', timestamp: () => NOW });
    const statuses = new Map<number, number>();
    for (let n = 0; n < 12_000; n++) {
      const signed = await signer.sign({ url: URL_, params: { 'client-order-id': `o-${n}`, 'sending-card-ref-id': 'r-1' } });
      const response = await emulator.fetch(
        new Request(URL_, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: signed.authorization },
          body: signed.body,
        }),
      );
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect(events.slice(0, 1)).toEqual([]);
    expect([...statuses]).toEqual([[200, 12_000]]);
    emulator.stop();
  }, 120_000);
});
