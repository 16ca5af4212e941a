// An internal error is answered 500 and logged as 500 (it was logged with the default 403), with
// its class only: an unexpected error's message could quote request data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryProfileStore, lineLog, type ProfileStore } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, post } from '../independent-signer.js';

const hmac = { method: 'HMAC-SHA1', controlKey: 'internal-control-key' } as const;
const lines: string[] = [];
let server: RunningEmulator;

// A store that fails on write, as a database would, its message holding request data.
const memory = createMemoryProfileStore();
const failing: ProfileStore = {
  ...memory,
  get: (id) => memory.get(id),
  list: () => memory.list(),
  update: () => Promise.reject(new Error('store down while saving 4111111111111111')),
};

beforeAll(async () => {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'], currency: 'EUR' }],
    profiles: failing,
    log: lineLog((line) => lines.push(line)),
  });
});
afterAll(() => server.close());

describe('an internal error (over HTTP)', () => {
  it('is answered 500 and logged as 500 internal_error, without the error message', async () => {
    const target = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const csv =
      'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount\r\no-1;rp-1;4111111111111111;JOHN DOE;2031;12;1.00\r\n';
    lines.length = 0;
    const response = await post(target, handSign(target, 'merchant', hmac, [['payload', Buffer.from(csv).toString('base64')]]));
    expect(response.status).toBe(500);
    const line = lines.find((l) => l.includes('internal_error'));
    expect(line).toMatch(/^500 /);
    expect(lines.join('\n')).not.toContain('4111111111111111');
  });
});
