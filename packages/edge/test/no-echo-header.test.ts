// Attack finding 5 at the edge: an update-recurring-payments CSV without its header row. Its first
// data row became the "header", so the card number and CVV came back as field names in the
// proxy's 422 issues. Over real HTTP: neither may appear in the reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFetch, type Served } from './http.js';
import { CALLER_TOKEN, harness, UPDATE_PATH, type Harness } from './helpers.js';

const PAN = '4111111111111111';
const CVV = '987';

let served: Served;
let setup: Harness;
beforeAll(async () => {
  setup = harness();
  served = await serveFetch((request) => setup.proxy.fetch(request));
});
afterAll(() => served.close());

function headerlessPayload(): string {
  const row = (id: string) => [PAN, CVV, `order-${id}`, 'rp-1', 'JOSE MULLER', '2030', '12', '10.00', 'EUR'].join(';');
  return Buffer.from(`${row('1')}\r\n${row('2')}\r\n${row('3')}\r\n`, 'utf8').toString('base64');
}

describe('a header-less CSV sent through the proxy over HTTP', () => {
  it('is refused 422 before signing, the header column named by position; no card data in the body or headers', async () => {
    const response = await fetch(`${served.url}${UPDATE_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${CALLER_TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payload: headerlessPayload() }).toString(),
    });
    const text = await response.text();
    const headers: string[] = [];
    response.headers.forEach((value, name) => {
      headers.push(`${name}: ${value}`);
    });
    for (const where of [text, headers.join('\n')]) {
      expect(where).not.toContain(PAN);
      expect(where).not.toContain('411111******1111');
      expect(where).not.toContain('411111');
      expect(where).not.toContain(CVV);
    }
    expect(response.status).toBe(422);
    const { error } = JSON.parse(text) as { error: { code: string; issues: { field: string; rule: string; message: string }[] } };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([
      {
        field: 'payload',
        rule: 'unknown-header',
        message:
          "payload: the header row's column 1 is not a known column name; the first row must name the columns (first expected: client-orderid, recurring-payment-id, payment-description, ...)",
      },
    ]);
    expect(setup.upstream).toHaveLength(0);
    expect(JSON.stringify(setup.events)).not.toContain(PAN);
  });
});
