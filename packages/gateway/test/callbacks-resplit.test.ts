// The checksum is sha1(status + orderid + merchant_order + key), plain concatenation: every split of
// a captured callback's signed string carries the same `control`. Each split is sent over real HTTP
// to the README's receiver (examples/callback-receiver.mjs) with the merchant's order store filled
// as badly as it could be: an order awaiting a callback under every id a split can produce.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callbackControl } from '@paysign/protocol';
import { deliver, serveHandler } from './callbacks-server.js';

const controlKey = 'test-merchant-control';
const example = fileURLToPath(new URL('../examples/callback-receiver.mjs', import.meta.url));

interface Order {
  state: string;
  amount: string;
  gatewayOrderId?: string;
}
type Receiver = (options: { controlKey: string; orders: Map<string, Order> }) => (request: Request) => Promise<Response>;

/** Every (status, orderid, merchant_order) whose concatenation is `signed`. */
function everySplit(signed: string): [string, string, string][] {
  const splits: [string, string, string][] = [];
  for (let i = 0; i <= signed.length; i++) {
    for (let j = i; j <= signed.length; j++) splits.push([signed.slice(0, i), signed.slice(i, j), signed.slice(j)]);
  }
  return splits;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function readmeReceiver(orders: Map<string, Order>): Promise<string> {
  const { callbackReceiver } = (await import(example)) as { callbackReceiver: Receiver };
  const server = await serveHandler(callbackReceiver({ controlKey, orders }));
  closers.push(server.close);
  return server.url;
}

/** Sends every split of the captured callback; returns the ones answered 200, and each refusal's body. */
async function sendEverySplit(base: string, captured: { status: string; orderid: string; merchantOrder: string }) {
  const control = await callbackControl(captured, controlKey);
  const accepted: string[] = [];
  const refusals = new Set<string>();
  for (const [status, orderid, merchantOrder] of everySplit(captured.status + captured.orderid + captured.merchantOrder)) {
    // The attacker sets the unsigned fields to whatever the target order expects.
    const reply = await deliver(base, {
      status,
      orderid,
      merchant_order: merchantOrder,
      client_orderid: merchantOrder,
      amount: '10.00',
      type: 'sale',
      control,
    });
    if (reply.status === 200) accepted.push(JSON.stringify([status, orderid, merchantOrder]));
    else {
      expect(reply.status).toBe(403);
      refusals.add(reply.body);
    }
  }
  return { accepted, refusals };
}

/** An order awaiting a callback under every suffix of the signed string: every merchant_order a split can name. */
function ordersAtEverySuffix(signed: string, gatewayOrderId?: (merchantOrder: string) => string): Map<string, Order> {
  const orders = new Map<string, Order>();
  for (let j = 0; j <= signed.length; j++) {
    const id = signed.slice(j);
    orders.set(id, { state: 'awaiting', amount: '10.00', ...(gatewayOrderId && { gatewayOrderId: gatewayOrderId(id) }) });
  }
  return orders;
}

describe("every re-split of a captured callback, against the README's receiver (real HTTP)", () => {
  it('the README shows examples/callback-receiver.mjs verbatim', () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain(`\`\`\`js\n${readFileSync(example, 'utf8')}\`\`\``);
  });

  it('order ids that start with a letter, no gateway order id held (recurring charges): only the original is accepted, once', async () => {
    const captured = { status: 'approved', orderid: '9021', merchantOrder: 'order-55' };
    const signed = 'approved9021order-55';
    const orders = ordersAtEverySuffix(signed);
    const base = await readmeReceiver(orders);
    const { accepted, refusals } = await sendEverySplit(base, captured);
    expect(everySplit(signed)).toHaveLength(231);
    expect(accepted).toEqual([JSON.stringify(['approved', '9021', 'order-55'])]);
    expect([...refusals].sort()).toEqual(['refused: ambiguous_split', 'refused: malformed_orderid', 'refused: unknown_status']);
    expect([...orders].filter(([, order]) => order.state !== 'awaiting').map(([id, order]) => [id, order.state])).toEqual([['order-55', 'approved']]);
    // Sent again, every split is a copy or still refused: nothing more runs.
    expect((await sendEverySplit(base, captured)).accepted).toEqual([JSON.stringify(['approved', '9021', 'order-55'])]);
    expect([...orders.values()].filter((order) => order.state !== 'awaiting')).toHaveLength(1);
  });

  it('order ids of digits with the gateway order id held (transfers): only the original is accepted, once', async () => {
    const captured = { status: 'approved', orderid: '9021', merchantOrder: '55' };
    const signed = 'approved902155';
    // Each order has its own gateway order id; none is the original's with digits moved.
    const orders = ordersAtEverySuffix(signed, (id) => (id === '55' ? '9021' : `7${id.length}00`));
    const base = await readmeReceiver(orders);
    const { accepted, refusals } = await sendEverySplit(base, captured);
    expect(accepted).toEqual([JSON.stringify(['approved', '9021', '55'])]);
    expect(refusals).toContain('refused: orderid_mismatch');
    expect([...orders].filter(([, order]) => order.state !== 'awaiting').map(([id]) => id)).toEqual(['55']);
  });

  it('order ids of digits and no gateway order id: refused, the original too (digits could have moved)', async () => {
    const orders = ordersAtEverySuffix('approved902155');
    const base = await readmeReceiver(orders);
    const { accepted, refusals } = await sendEverySplit(base, { status: 'approved', orderid: '9021', merchantOrder: '55' });
    expect(accepted).toEqual([]);
    expect(refusals).toContain('refused: ambiguous_split');
    expect([...orders.values()].every((order) => order.state === 'awaiting')).toBe(true);
  });

  it('what remains (documented): digit order ids whose gateway order ids are shifted alike cannot be told apart', async () => {
    // Order 55 was given gateway id 9021 and order 155 gateway id 902: (902, 155) is then the
    // same signed string as (9021, 55), and matches what the merchant holds for 155.
    const orders = new Map<string, Order>([
      ['55', { state: 'awaiting', amount: '10.00', gatewayOrderId: '9021' }],
      ['155', { state: 'awaiting', amount: '10.00', gatewayOrderId: '902' }],
    ]);
    const base = await readmeReceiver(orders);
    const { accepted } = await sendEverySplit(base, { status: 'approved', orderid: '9021', merchantOrder: '55' });
    expect(accepted.sort()).toEqual([JSON.stringify(['approved', '902', '155']), JSON.stringify(['approved', '9021', '55'])]);
  });
});
