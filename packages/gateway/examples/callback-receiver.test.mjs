// A unit test of your callback receiver, as a merchant writes one (node --test): the gateway's
// callback made by createTestCallback, no gateway and no emulator needed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestCallback } from '@paysign/gateway';
import { callbackReceiver } from './callback-receiver.mjs';

const controlKey = 'test-merchant-control';

test('an approved callback settles the order, once', async () => {
  const orders = new Map([['order-55', { state: 'awaiting', amount: '10.00' }]]);
  const receive = callbackReceiver({ controlKey, orders });
  const callback = { url: 'https://shop.example/callbacks', controlKey, status: 'approved', orderid: '1234567', merchantOrder: 'order-55', amount: '10.00' };

  assert.equal((await receive(await createTestCallback(callback))).status, 200);
  assert.equal(orders.get('order-55').state, 'approved');
});

test('a callback signed with another control key is refused, and the order is untouched', async () => {
  const orders = new Map([['order-56', { state: 'awaiting', amount: '10.00' }]]);
  const receive = callbackReceiver({ controlKey, orders });
  const forged = await createTestCallback({
    url: 'https://shop.example/callbacks',
    controlKey: 'not-the-key',
    status: 'approved',
    orderid: '1234568',
    merchantOrder: 'order-56',
    amount: '10.00',
  });

  assert.equal((await receive(forged)).status, 403);
  assert.equal(orders.get('order-56').state, 'awaiting');
});
