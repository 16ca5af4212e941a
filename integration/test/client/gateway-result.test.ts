// GatewayResult against the emulator's real replies over HTTP (issue 31 item 5): `paynetOrderId`
// is the reply's `paynet-order-id`, the order id a callback names as `orderid`; `status` is typed
// as the known statuses with a string fallback.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { createGatewayClient, type GatewayResult, type GatewayStatus } from '@paysign/gateway';

const merchant = { login: 'merchant', controlKey: 'result-control-key', endpointIds: ['1234'], currency: 'EUR' } as const;
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await serve({ merchants: [merchant], log: () => {} });
});
afterAll(() => emulator.close());

describe('GatewayResult from the emulator', () => {
  it('carries paynetOrderId from paynet-order-id, a new one per order, and a known status', async () => {
    const client = createGatewayClient({ baseUrl: emulator.url, endpointId: '1234', login: merchant.login, controlKey: merchant.controlKey });
    const first = await client.panEligibilitySend({ clientOrderId: 'pan-1', sendingCardRefId: 'ref-1' });
    const second = await client.transfer({
      clientOrderId: 'transfer-1',
      amount: '10.00',
      currency: 'EUR',
      cardRecurringPaymentId: 'src-1',
      destinationCardRecurringPaymentId: 'dst-1',
    });
    for (const result of [first, second]) {
      expect(result.paynetOrderId).toBe(result.fields['paynet-order-id']);
      expect(result.paynetOrderId).toMatch(/^[0-9]+$/);
      expect(['approved', 'declined', 'error', 'filtered', 'processing', 'unknown']).toContain(result.status);
    }
    expect(second.paynetOrderId).not.toBe(first.paynetOrderId);
  });

  it('types: paynetOrderId is a string, status the known union with a string fallback', () => {
    expectTypeOf<GatewayResult['paynetOrderId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<GatewayResult['status']>().toEqualTypeOf<GatewayStatus | undefined>();
    expectTypeOf<'approved'>().toExtend<GatewayStatus>();
    expectTypeOf<'a-status-not-listed'>().toExtend<GatewayStatus>();
  });
});
