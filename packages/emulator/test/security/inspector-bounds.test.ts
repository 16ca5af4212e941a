// Issue #29 item 3 and #27 low: the inspector keeps every request, bounded in bytes, not entries:
// the first request is still there after 1,000 more, and 150 refused 1 MiB bodies are kept cut
// (about 2 KB each, not 1 MiB: the log held 200 of them, 160 MB), never diagnosed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, post } from '../independent-signer.js';

let server: RunningEmulator;
beforeAll(async () => {
  server = await serve({ merchants: [{ login: 'merchant', controlKey: 'k', endpointIds: ['1234'] }], log: () => {} });
});
afterAll(() => server.close());

type Listed = { requests: { id: number; diagnosis: string; request: { body: string } }[]; dropped: number };
const list = async (query: string): Promise<Listed> => (await (await fetch(`${server.url}/emulator/requests?${query}`)).json()) as Listed;

describe('the request inspector is bounded in bytes', () => {
  it('the first request is still kept after 1,000 more, none dropped', async () => {
    const url = `${server.url}/payment/api/v4/transfer/1234`;
    const first = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'other' }, [['client_orderid', 'first-of-all']]);
    expect((await post(url, first)).status).toBe(403);
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${server.url}/payment/api/v4/transfer/1234`, {
            method: 'POST',
            body: `client_orderid=o-${batch}-${i}`,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          }),
        ),
      );
    }
    const found = await list('order=first-of-all');
    expect(found.requests).toHaveLength(1);
    expect(found.dropped).toBe(0);
  }, 60_000);

  it('150 refused 1 MiB bodies: each kept cut to about 2 KB, none queued for a diagnosis', async () => {
    const url = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
    const body = 'x'.repeat(1024 * 1024 - 64);
    for (let batch = 0; batch < 15; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'other' }, [
            ['client-order-id', `big-${batch}-${i}`],
            ['order_desc', body],
          ]);
          return post(url, signed).then((response) => expect(response.status).toBe(403));
        }),
      );
    }
    const kept = await list('refused=1&operation=pan-eligibility/send&limit=500');
    const big = kept.requests.filter((request) => request.request.body.includes('big-'));
    expect(big).toHaveLength(150);
    const characters = big.reduce((sum, request) => sum + request.request.body.length, 0);
    expect(characters).toBeLessThan(150 * 2200);
    expect(big.every((request) => request.diagnosis === 'skipped')).toBe(true);
  }, 120_000);
});
