// Issue #29 item 3, in a real browser (the system's Chromium, as browser.test.ts): the request
// inspector lists a refused update masked, with its cause, filters and pages without script, and
// opens it in the debugger filled in; the debugger reads a pasted curl command, checks as you
// type and colours the difference of the two base strings.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '../../src/node.js';
import { handPayload, handSign, post } from '../independent-signer.js';
import { untilDiagnosed } from './diagnosed.js';

const CHROMIUM = process.env.PAYSIGN_CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAN = '4111111111111111';
const rsa = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const otherRsa = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

let server: RunningEmulator;
let context: BrowserContext;
let profile: string;
const errors: string[] = [];

async function open(url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${url}: ${message.text()}`);
  });
  await page.goto(url);
  return page;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run "node scripts/browser/ensure-chromium.mjs", or set PAYSIGN_CHROMIUM`);
  server = await serve({
    merchants: [
      { login: 'merchant', controlKey: 'browser-key', endpointIds: ['1234'] },
      { login: 'rsa-merchant', publicKeys: [rsa.publicKey], endpointIds: ['77'] },
    ],
    log: () => {},
  });
  profile = mkdtempSync(join(tmpdir(), 'paysign-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1100, height: 900 } });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  rmSync(profile, { recursive: true, force: true });
});

describe('the request inspector and the debugger, in a real browser', () => {
  it('a refused update: listed masked with its cause, filtered, opened in the debugger filled in', async () => {
    const url = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const payload = handPayload([{ 'client-order-id': 'o-1', 'recurring-payment-id': 'rp-x', 'credit-card-number': PAN, cvv2: '987', amount: '10.00' }]);
    expect((await post(url, handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [['payload', payload]]))).status).toBe(403);
    const transfer = `${server.url}/payment/api/v4/transfer/1234`;
    expect((await post(transfer, handSign(transfer, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [['client_orderid', 'o-2']]))).status).toBe(
      403,
    );
    await untilDiagnosed(server.url);

    const page = await open(`${server.url}/?rrefused=1&roperation=update-recurring-payments#requests`);
    const rows = page.locator('#request-list tr[id^="request-"]');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('.cause code').first().textContent()).toBe('wrong_key');
    const html = await page.content();
    expect(html).not.toContain(PAN);
    expect(html).not.toContain(payload.slice(0, 16));
    expect(html).toContain(`[payload, ${payload.length} Base64 characters]`);
    expect(await rows.first().locator('pre.curl').textContent()).toContain('$PAYSIGN_CONTROL_KEY');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await rows.first().locator('summary').click();
    await rows.first().locator('button.copy-curl').click();
    await page.waitForFunction(() => document.querySelector('button.copy-curl')?.textContent === 'copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await rows.first().locator('pre.curl').textContent());
    expect(copied).not.toContain(PAN);
    await rows.first().locator('summary').click();

    await rows.first().locator('summary').click();
    await rows.first().locator('a', { hasText: 'open in debugger' }).click();
    await page.waitForSelector('#control-key');
    // The link carries the request, never a key: typing it checks the request at once.
    await page.fill('#control-key', 'browser-key');
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done');
    expect(await page.inputValue('#url')).toBe(url);
    expect(await page.inputValue('#body')).toContain('[payload,');
    // Filled in from masked text: the debugger says it cannot check it, and why.
    expect(await page.locator('#causes code.cause-code').allTextContents()).toContain('masked_values');
    expect(await page.content()).not.toContain(PAN);
    await page.close();
    expect(errors.join('\n')).toBe('');
  }, 90_000);

  it('an RSA request opened in the debugger is checked by the emulator with the key it holds: a good one verifies, another key does not (#36 item 4)', async () => {
    const url = `${server.url}/payment/api/v4/transfer/77`;
    const fields = (order: string): [string, string][] => [
      ['client_orderid', order],
      ['amount', '5.00'],
      ['currency', 'EUR'],
      ['card_recurring_payment_id', 'src-1'],
      ['destination-card-no', PAN],
    ];
    const good = handSign(url, 'rsa-merchant', { method: 'RSA-SHA256', privateKeyPem: rsa.privateKey }, fields('rsa-1'));
    expect((await post(url, good)).status).toBe(200);
    const bad = handSign(url, 'rsa-merchant', { method: 'RSA-SHA256', privateKeyPem: otherRsa.privateKey }, fields('rsa-2'));
    expect((await post(url, bad)).status).toBe(403);
    await untilDiagnosed(server.url);
    for (const [order, verdict] of [
      ['rsa-1', 'valid (RSA-SHA256), checked by the emulator'],
      ['rsa-2', 'mismatch (RSA-SHA256), checked by the emulator'],
    ] as const) {
      const page = await open(`${server.url}/?rorder=${order}#requests`);
      const row = page.locator('#request-list tr[id^="request-"]').first();
      await row.locator('summary').click();
      await row.locator('a', { hasText: 'open in debugger' }).click();
      await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done');
      expect(await page.textContent('#verdict')).toBe(verdict);
      // The page holds the masked request only.
      expect(await page.inputValue('#body')).toContain('411111******1111');
      expect(await page.content()).not.toContain(PAN);
      const causes = await page.locator('#causes li').allTextContents();
      if (order === 'rsa-1') expect(causes).toEqual(['none: the signature verifies and the timestamp is fresh']);
      else expect(causes.length).toBeGreaterThan(0);
      await page.close();
    }
    expect(errors.join('\n')).toBe('');
  }, 90_000);

  it('live: a request answered while the console is open appears in the table without a reload', async () => {
    const page = await open(`${server.url}/?rrefused=1#requests`);
    const before = await page.locator('#request-list tr[id^="request-"]').count();
    const url = `${server.url}/payment/api/v4/transfer/1234`;
    expect((await post(url, handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [['client_orderid', 'o-live']]))).status).toBe(403);
    await page.waitForFunction((count) => document.querySelectorAll('#request-list tr[id^="request-"]').length > count, before);
    await page.waitForFunction(() => document.querySelector('#request-list tr[id^="request-"] .cause code')?.textContent === 'wrong_key');
    await page.close();
    expect(errors.join('\n')).toBe('');
  }, 90_000);

  it('the debugger reads a pasted curl command, checks as you type, and colours what differs', async () => {
    const url = 'https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1234';
    // Signed without sending-card-ref-id, sent with it: the signed base string lacks one parameter.
    const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'browser-key' }, [['client-order-id', 'order-1']]);
    const curl = `curl -X POST '${url}' -H 'Authorization: ${signed.authorization}' -H 'Content-Type: application/x-www-form-urlencoded' --data-raw '${signed.body}&sending-card-ref-id=ref-9'`;
    const page = await open(`${server.url}/debugger`);
    await page.fill('#control-key', 'browser-key');
    await page.fill('#paste', curl);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done');
    expect(await page.inputValue('#url')).toBe(url);
    expect(await page.inputValue('#body')).toContain('sending-card-ref-id=ref-9');
    expect(await page.locator('#causes code.cause-code').allTextContents()).toEqual(['parameter_missing']);
    expect(await page.locator('#base-string .changed').allTextContents()).toEqual(['sending-card-ref-id%3Dref-9']);
    // Typing changes the verdict without a click.
    await page.fill('#control-key', 'another-key');
    await page.waitForFunction(() => document.querySelector('#causes code.cause-code')?.textContent === 'wrong_key');
    await page.close();
    expect(errors.join('\n')).toBe('');
  }, 90_000);
});
