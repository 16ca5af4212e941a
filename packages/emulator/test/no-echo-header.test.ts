// Attack finding 5: an update-recurring-payments CSV without its header row. The first data row
// becomes the "header", so the card number and CVV were echoed as "is not a field" names in the
// reply and the log. Over real HTTP: neither may appear anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineLog, type EmulatorEvent } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, readReply } from './independent-signer.js';

const PAN = '4111111111111111';
const CVV = '987';
const MASKED = '411111******1111';
const controlKey = 'control-key-for-header-test';

let server: RunningEmulator;
const events: EmulatorEvent[] = [];
const lines: string[] = [];
const writeLine = lineLog((line) => lines.push(line));

beforeAll(async () => {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey, endpointIds: ['1234'], currency: 'EUR' }],
    profiles: [{ 'recurring-payment-id': 'rp-1', 'client-orderid': 'order-rp-1', 'credit-card-number': PAN, currency: 'EUR' }],
    log: (event) => {
      events.push(event);
      writeLine(event);
    },
  });
});
afterAll(() => server.close());

/** Data rows only, every cell filled, the card number and CVV in the first one. */
function headerlessPayload(): string {
  const row = (id: string) => [PAN, CVV, `order-${id}`, 'rp-1', 'JOSE MULLER', '2030', '12', '10.00', 'EUR'].join(';');
  return Buffer.from(`${row('1')}\r\n${row('2')}\r\n${row('3')}\r\n`, 'utf8').toString('base64');
}

function expectNoCardData(text: string, where: string): void {
  expect(text, where).not.toContain(PAN);
  expect(text, where).not.toContain(MASKED);
  expect(text, where).not.toContain('411111');
  expect(text, where).not.toContain(CVV);
}

describe('a header-less CSV over HTTP', () => {
  it('is answered validation-error naming the header column by position; no card data in the reply, its headers or the log', async () => {
    const target = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const profile = () => fetch(`${server.url}/payment/emulator/recurring-payments/rp-1`).then((r) => r.json() as Promise<{ revision: number }>);
    const before = (await profile()).revision;
    for (const accept of [undefined, 'application/vnd.pay+json']) {
      const signed = handSign(target, 'merchant', { method: 'HMAC-SHA1', controlKey }, [['payload', headerlessPayload()]]);
      const response = await fetch(target, {
        method: 'POST',
        headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded', ...(accept && { Accept: accept }) },
        body: signed.body,
      });
      const text = await response.text();
      const serial = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g; // random: may hold "987" by chance
      expectNoCardData(text.replace(serial, 'SERIAL'), `reply body (${accept ?? 'form'})`);
      const headers: string[] = [];
      response.headers.forEach((value, name) => {
        headers.push(`${name}: ${value}`);
      });
      expectNoCardData(headers.join('\n').replace(serial, 'SERIAL'), 'reply headers');
      if (accept === undefined) {
        const reply = readReply(text);
        expect(reply.type).toBe('validation-error');
        expect(reply['error-message']).toBe(
          "payload: the header row's column 1 is not a known column name; the first row must name the columns (first expected: client-orderid, recurring-payment-id, payment-description, ...)",
        );
      }
    }
    expect(events.some((event) => event.kind === 'accepted' && event.outcome === 'validation-error')).toBe(true);
    const log = JSON.stringify(events).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'SERIAL');
    expectNoCardData(log, 'log events');
    expectNoCardData(lines.join('\n').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'SERIAL'), 'log lines');
    // Nothing was stored.
    expect((await profile()).revision).toBe(before);
  });
});
