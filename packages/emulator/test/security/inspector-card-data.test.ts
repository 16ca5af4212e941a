// Issue #27 high 1, medium 2 and 3, low (request log bodies): the console and the request
// inspector show a refused update's card number, CVV and payload masked, whatever separators and
// encodings the card number was written with, and diagnose off the request path within caps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineLog } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { withLuhnCheckDigit } from '@paysign/test-fixtures';
import { handPayload, handSign, post } from '../independent-signer.js';
import { untilDiagnosed } from '../console/diagnosed.js';

const PAN = '4111111111111111';
const CVV = '987';
const lines: string[] = [];
let server: RunningEmulator;

beforeAll(async () => {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: 'inspector-key', endpointIds: ['1234'] }],
    log: lineLog((line) => lines.push(line)),
  });
});
afterAll(() => server.close());

/** Every digit left, separators of any encoding depth read away. */
const digitsOf = (text: string): string => text.replace(/%(?:25)*(?:20|2B|2D|2E|2F|5F)/gi, '').replace(/[ +._/\\-]/g, '');

async function everyDisplay(): Promise<string> {
  await untilDiagnosed(server.url);
  const page = await (await fetch(`${server.url}/`)).text();
  const json = await (await fetch(`${server.url}/emulator/requests?limit=500`)).text();
  return `${page}\n${json}\n${lines.join('\n')}`;
}

describe('a refused update-recurring-payments, over HTTP', () => {
  it("the console's expected base string and the inspector hold no card number, CVV or Base64 payload (issue 27 high 1)", async () => {
    const url = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const payload = handPayload([{ 'client-order-id': 'o-1', 'recurring-payment-id': 'rp-x', 'credit-card-number': PAN, cvv2: CVV, amount: '10.00' }]);
    const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [['payload', payload]]);
    expect((await post(url, signed)).status).toBe(403);
    const shown = await everyDisplay();
    expect(shown).toContain('wrong_key');
    expect(shown).toContain(`[payload, ${payload.length} Base64 characters]`);
    expect(shown).not.toContain(payload.slice(0, 16));
    expect(shown).not.toContain(encodeURIComponent(payload).slice(0, 16));
    expect(digitsOf(shown)).not.toContain(PAN);
    expect(shown).not.toContain(`;${CVV};`);
  });

  it('a card number with spaces or plus signs is masked inside the base string (issue 27 medium 2)', async () => {
    const url = `${server.url}/payment/api/v4/transfer/1234`;
    for (const written of ['4111 1111 1111 1111', '4111+1111+1111+1111']) {
      const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [
        ['credit_card_number', written],
        ['order_desc', `card ${written}`],
        ['client_orderid', 'o-2'],
      ]);
      expect((await post(url, signed)).status).toBe(403);
    }
    const shown = await everyDisplay();
    expect(shown).not.toMatch(/4111(?:%2520|%252B|%20|%2B|\+| )1111/);
    expect(digitsOf(shown)).not.toContain(PAN);
    expect(shown).toContain('411111******1111');
  });

  it('property: card numbers with every separator and encoding depth, through the page, the JSON and stderr, never whole', async () => {
    const luhn = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }).map((body) => withLuhnCheckDigit(body.join('')));
    const url = `${server.url}/payment/api/v4/transfer/1234`;
    await fc.assert(
      fc.asyncProperty(luhn, fc.constantFrom(' ', '+', '-', '.', ''), fc.integer({ min: 0, max: 3 }), async (pan, sep, depth) => {
        let written = pan.replace(/\d{4}(?=\d)/g, (group) => group + sep);
        for (let i = 0; i < depth; i++) written = encodeURIComponent(written);
        lines.length = 0;
        const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [
          ['credit_card_number', written],
          ['order_desc', written],
          ['client_orderid', 'o-3'],
        ]);
        expect((await post(url, signed)).status).toBe(403);
        expect(digitsOf(await everyDisplay())).not.toContain(pan);
      }),
      { numRuns: 25 },
    );
  });
});

describe('diagnosis off the request path, within caps (issue 27 item 3 and low)', () => {
  it('an 800 KB refused body is kept cut and not diagnosed; the console and a signed request are answered meanwhile', async () => {
    const url = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
    const big = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, [
      ['client-order-id', 'o-big'],
      ['order_desc', 'x'.repeat(800_000)],
    ]);
    expect((await post(url, big)).status).toBe(403);
    const good = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'inspector-key' }, [['client-order-id', 'o-good']]);
    expect((await post(url, good)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const listed = (await (await fetch(`${server.url}/emulator/requests?refused=1&order=o-big`)).json()) as {
      requests: { diagnosis: string; request: { body: string } }[];
    };
    expect(listed.requests).toHaveLength(1);
    expect(listed.requests[0]?.diagnosis).toBe('skipped');
    expect(listed.requests[0]?.request.body.length).toBeLessThan(2200);
  });

  it('filters and pages: refused, operation, login, order, before, limit (at most 500)', async () => {
    const all = (await (await fetch(`${server.url}/emulator/requests?limit=500`)).json()) as { requests: { id: number; status: number; operation?: string }[] };
    const ids = all.requests.map((request) => request.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const refused = (await (await fetch(`${server.url}/emulator/requests?refused=1&operation=transfer&login=merchant&limit=2`)).json()) as {
      requests: { id: number; status: number; operation: string }[];
    };
    expect(refused.requests).toHaveLength(2);
    for (const request of refused.requests) expect([request.status >= 400, request.operation]).toEqual([true, 'transfer']);
    const older = (await (await fetch(`${server.url}/emulator/requests?before=${refused.requests[1]?.id}&limit=1`)).json()) as { requests: { id: number }[] };
    expect(older.requests[0]?.id).toBeLessThan(refused.requests[1]?.id as number);
    expect((await fetch(`${server.url}/emulator/requests?limit=501`)).status).toBe(400);
  });
});
