// Issue #29 item 1 and #31 item 7 in a real browser (the system's Chromium, as browser.test.ts):
// the console's order form sets a transfer's outcome and shows the order with its callback, which
// reaches the merchant's callback address; the create form's `type` charges a payment starting
// today on creation. Works without script: the page's CSP allows none.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '../../src/node.js';
import { handSign, readReply } from '../independent-signer.js';

const CHROMIUM = process.env.PAYSIGN_CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server: RunningEmulator;
let receiver: Server;
let context: BrowserContext;
let profile: string;
const callbacks: URLSearchParams[] = [];
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run "node scripts/browser/ensure-chromium.mjs", or set PAYSIGN_CHROMIUM`);
  receiver = createServer((request, response) => {
    callbacks.push(new URL(request.url ?? '/', 'http://x').searchParams);
    response.writeHead(200).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: 'browser-key', endpointIds: ['1234'], callbackUrl }],
    clock: 'virtual',
    today: '01.03.2030',
    outcomeDelayMs: 600_000,
    log: () => {},
  });
  profile = mkdtempSync(join(tmpdir(), 'paysign-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1100, height: 900 } });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('the console, in a real browser', () => {
  it("the order form declines a processing transfer: the order shows declined with its callback, and the merchant's address got it", async () => {
    const url = `${server.url}/payment/api/v4/transfer/1234`;
    const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'browser-key' }, [
      ['client_orderid', 'browser-t1'],
      ['amount', '12.00'],
      ['currency', 'EUR'],
      ['card_recurring_payment_id', 'src-1'],
      ['destination-card-no', '4111111111111111'],
    ]);
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: signed.body,
    });
    const orderid = readReply(await response.text())['paynet-order-id'] as string;

    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/`);
    await page.fill('#trigger input[name=orderid]', orderid);
    await page.selectOption('#trigger select[name=outcome]', 'declined');
    await page.click('#trigger button[type=submit]');
    await page.waitForURL(new RegExp(`order=${orderid}`));
    const order = (await page.textContent('#order')) ?? '';
    expect(order).toContain('transfer');
    expect(order).toContain('browser-t1');
    expect(await page.textContent('#order td.state')).toBe('declined');
    await expect.poll(() => callbacks.find((query) => query.get('orderid') === orderid)?.get('status'), { timeout: 5000 }).toBe('declined');
    await page.reload();
    expect(await page.textContent('#order .callback')).toContain('delivered after 1 attempt(s), last 200');

    // An unknown order: the admin API's reason, on the page.
    await page.fill('#trigger input[name=orderid]', 'no-such-order');
    await page.click('#trigger button[type=submit]');
    await page.waitForURL(/notice=/);
    expect(await page.textContent('#notice')).toBe('no order has this orderid');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the Orders section lists the orders newest first: status, masked amount and merchant order, each delivery, a link to the request (#36 item 4)', async () => {
    const url = `${server.url}/payment/api/v4/transfer/1234`;
    const placed: string[] = [];
    for (const [merchantOrder, amount] of [
      ['list-1', '7.00'],
      ['4111111111111111', '8.00'],
    ]) {
      const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'browser-key' }, [
        ['client_orderid', merchantOrder as string],
        ['amount', amount as string],
        ['currency', 'EUR'],
        ['card_recurring_payment_id', 'src-1'],
        ['destination-card-no', '4111111111111111'],
      ]);
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: signed.body,
      });
      placed.push(readReply(await response.text())['paynet-order-id'] as string);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/#orders`);
    const rows = page.locator('#order-list tr[data-orderid]');
    // Newest first; the order of the first test is listed after these two.
    expect((await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-orderid')))).slice(0, 2)).toEqual([placed[1], placed[0]]);
    const newest = await rows.first().locator('td').allTextContents();
    expect(newest.slice(1, 6)).toEqual(['transfer', 'merchant', '411111******1111', 'processing', '8.00']);
    expect(await page.content()).not.toContain('4111111111111111');
    // The link opens the request inspector filtered on this order: the transfer that made it.
    await rows.first().locator('a', { hasText: 'request' }).click();
    await page.waitForURL(new RegExp(`rorder=${placed[1]}`));
    const requests = page.locator('#request-list tr[id^="request-"]');
    expect(await requests.count()).toBe(1);
    expect(await requests.first().locator('td').nth(3).textContent()).toBe('/payment/api/v4/transfer/1234');
    // Set from the form, the list shows the new status and the callback's delivery.
    await page.goto(`${server.url}/#orders`);
    await page.fill('#trigger input[name=orderid]', placed[0] as string);
    await page.selectOption('#trigger select[name=outcome]', 'filtered');
    await page.click('#trigger button[type=submit]');
    await expect.poll(() => callbacks.find((query) => query.get('orderid') === placed[0])?.get('status'), { timeout: 5000 }).toBe('filtered');
    await page.goto(`${server.url}/#orders`);
    const row = page.locator(`#order-list tr[data-orderid="${placed[0]}"]`);
    expect(await row.locator('td.state').textContent()).toBe('filtered');
    expect(await row.locator('.callback').textContent()).toContain('delivered after 1 attempt(s), last 200');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the create form has type: auto with a start-date of today charges on creation', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.click('#create summary');
    await page.fill('#f-recurring-payment-id', 'rp-today');
    await page.fill('#f-credit-card-number', '4111111111111111');
    expect(await page.inputValue('#f-start-date')).toBe('01.03.2030');
    expect(await page.inputValue('#f-type')).toBe('auto');
    await page.selectOption('select[name=login]', 'merchant');
    await page.click('#create button[type=submit]');
    await page.waitForURL(/payment=rp-today/);
    expect(await page.locator('#charges tr.approved').count()).toBe(1);
    expect(await page.textContent('#charges')).toContain('01.03.2030');
    await page.close();
  }, 60_000);
});
