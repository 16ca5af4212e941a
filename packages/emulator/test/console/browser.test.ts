// Issue #22 item 5: a headless Chromium (the system's, see scripts/browser/ensure-chromium.mjs,
// which `pnpm test` runs first) drives the console and the signature debugger: create a payment,
// move the clock, see its charges and its stop, see a refused request's cause; in the debugger a
// wrong key and a right one, served and opened from disk. No console error on any page. It also
// makes the README's screenshots (packages/emulator/docs/*.png; UPDATE_SCREENSHOTS=1 rewrites them).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '../../src/node.js';
import { handSign } from '../independent-signer.js';
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
const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
// The README's screenshots are written again with UPDATE_SCREENSHOTS=1 (or when missing); otherwise
// they are taken all the same, into the browser profile's folder, so a test run leaves the tree clean.
const screenshot = (name: string): string => (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(join(DOCS, name)) ? join(DOCS, name) : join(profile, name));
const merchant = { login: 'merchant', controlKey: 'browser-key', endpointIds: ['1234'] };

let server: RunningEmulator;
let context: BrowserContext;
let profile: string;
const errors: string[] = [];

async function open(url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${url}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
  await page.goto(url);
  return page;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: run "node scripts/browser/ensure-chromium.mjs" (pnpm test does; as root on Debian it installs the chromium package), or set PAYSIGN_CHROMIUM=/path/to/chromium`,
    );
  }
  server = await serve({ merchants: [merchant], clock: 'virtual', today: '01.03.2030', log: () => {} });
  profile = mkdtempSync(join(tmpdir(), 'paysign-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1100, height: 900 } });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('in a real browser', () => {
  it("the console: create a payment, advance the clock, see the charges and the stop, and a refused request's cause", async () => {
    const page = await open(`${server.url}/`);
    await page.click('#create summary');
    await page.fill('#f-recurring-payment-id', 'rp-browser');
    await page.fill('#f-amount', '25.00');
    await page.fill('#f-period', 'week');
    await page.fill('#f-start-date', '02.03.2030');
    // max-repeats-number 2 is the last charge's index (the spec, line 52): three charges.
    await page.fill('#f-max-repeats-number', '2');
    await page.fill('#f-first-name', '<script>alert(1)</script>');
    await page.fill('#f-credit-card-number', '4111111111111111');
    await page.selectOption('select[name=login]', 'merchant');
    await page.click('#create button[type=submit]');
    await page.waitForURL(/payment=rp-browser/);
    expect(await page.textContent('#payment h2')).toContain('active');
    // Three weeks and a day: the three weekly charges are made, and the payment stops at its max repeats.
    for (const label of ['+1 week', '+1 week', '+1 week', '+1 day']) {
      await page.click(`#clock button:text-is("${label}")`);
      await page.waitForLoadState();
    }
    await page.goto(`${server.url}/?payment=rp-browser`);
    expect(await page.textContent('#today')).toBe('23.03.2030');
    expect(await page.locator('#charges tr.approved').count()).toBe(3);
    expect(await page.textContent('#stop-reason')).toContain('max repeats 2 reached: index 2 was the last charge');
    expect(await page.locator('#timeline svg g.charge.approved').count()).toBe(3);
    expect(await page.textContent('#payment h2')).toContain('stop');
    // The merchant's text is text: no script ran, the field shows it as typed.
    expect(await page.textContent('#fields')).toContain('<script>alert(1)</script>');
    expect(await page.textContent('#fields')).toContain('411111******1111');
    expect(await page.content()).not.toContain('4111111111111111');

    const url = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
    const wrong = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'another-key' }, [['client-order-id', 'o-1']]);
    const refused = await fetch(url, {
      method: 'POST',
      headers: { Authorization: wrong.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: wrong.body,
    });
    expect(refused.status).toBe(403);
    await untilDiagnosed(server.url);
    await page.goto(`${server.url}/?payment=rp-browser`);
    expect(await page.locator('#requests .cause code').first().textContent()).toBe('wrong_key');
    await page.screenshot({ path: screenshot('console.png'), fullPage: true });
    await page.close();
  }, 90_000);

  it('the debugger: a wrong key and a right one, served by the emulator and opened from disk, nothing sent', async () => {
    const url = 'https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1234';
    const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'browser-key' }, [
      ['client-order-id', 'order 1'],
      ['sending-card-ref-id', 'ref-9'],
    ]);
    const served = await open(`${server.url}/debugger`);
    expect(await served.textContent('#private')).toContain('Nothing is sent');
    const check = async (page: Page, controlKey: string): Promise<{ verdict: string; codes: string[]; base: string; signature: string }> => {
      await page.fill('#url', url);
      await page.fill('#authorization', signed.authorization);
      await page.fill('#body', signed.body);
      await page.fill('#control-key', controlKey);
      await page.click('#check');
      await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done');
      return {
        verdict: (await page.textContent('#verdict')) ?? '',
        codes: await page.locator('#causes code.cause-code').allTextContents(),
        base: (await page.textContent('#base-string')) ?? '',
        signature: (await page.textContent('#expected-signature')) ?? '',
      };
    };
    const requests: string[] = [];
    served.on('request', (request) => requests.push(request.url()));
    const wrong = await check(served, 'not-the-key');
    expect(wrong.verdict).toBe('mismatch (HMAC-SHA1)');
    expect(wrong.codes).toEqual(['wrong_key']);
    expect(wrong.base).toBe(signed.baseString);
    const right = await check(served, 'browser-key');
    expect(right.verdict).toBe('valid (HMAC-SHA1)');
    expect(right.codes).toEqual([]);
    expect(right.signature).toBe(decodeURIComponent(/oauth_signature="([^"]+)"/.exec(signed.authorization)?.[1] ?? ''));
    expect(requests).toEqual([]);
    await served.screenshot({ path: screenshot('debugger.png'), fullPage: true });

    // The same page, saved to disk and opened from there: it works with no server at all.
    const file = join(profile, 'debugger.html');
    writeFileSync(file, await (await fetch(`${server.url}/debugger`)).text());
    const fromDisk = await open(`file://${file}`);
    expect((await check(fromDisk, 'not-the-key')).codes).toEqual(['wrong_key']);
    expect((await check(fromDisk, 'browser-key')).verdict).toBe('valid (HMAC-SHA1)');
    await served.close();
    await fromDisk.close();
    expect(errors.join('\n')).toBe('');
  }, 90_000);
});
