// Issue #27 item 3 and low: the diagnosis of a 1 MB body is bounded by a count of layouts and
// bytes (counted, not timed), and says the search was cut.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { explainRequest } from '../src/diagnose.js';

const enc = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const URL_ = 'https://sandbox.example/payment/api/v4/transfer/1234';

function signed(params: [string, string][], key: string) {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', 'merchant'],
    ['oauth_nonce', 'n1'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '1700000000'],
    ['oauth_version', '1.0'],
  ];
  const pairs = [...params, ...oauth].map(([n, v]) => `${enc(n)}=${enc(v)}`).sort();
  const base = `POST&${enc(URL_)}&${enc(pairs.join('&'))}`;
  const signature = createHmac('sha1', `${key}&`).update(base).digest('base64');
  const authorization = `OAuth ${[...oauth, ['oauth_signature', signature]].map(([n, v]) => `${n}="${enc(v as string)}"`).join(', ')}`;
  return { url: URL_, authorization, body: params.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&'), now: 1700000000 };
}

describe('the diagnosis budget', () => {
  it('a 1 MiB body signed with another key: at most 16 layouts (16 MiB of base strings), and the cut is named', async () => {
    const request = signed(
      [
        ['client_orderid', 'o-1'],
        ['order_desc', 'x'.repeat(1024 * 1024)],
      ],
      'another-key',
    );
    const diagnosis = await explainRequest({ ...request, controlKey: 'the-key' });
    expect(diagnosis.verdict).toBe('mismatch');
    expect(diagnosis.variantsTried).toBeGreaterThan(0);
    expect(diagnosis.variantsTried).toBeLessThanOrEqual(16);
    expect(diagnosis.causes.map((cause) => cause.code)).toEqual(['search_incomplete', 'wrong_key']);
  });

  it('a small request is searched in full (no cut) and a right key found in one layout', async () => {
    const request = signed([['client_orderid', 'o-1']], 'k');
    const wrong = await explainRequest({ ...request, controlKey: 'other' });
    expect(wrong.causes.map((cause) => cause.code)).toEqual(['wrong_key']);
    expect(wrong.variantsTried).toBeLessThan(400);
    const right = await explainRequest({ ...request, controlKey: 'k' });
    expect([right.verdict, right.variantsTried]).toEqual(['valid', 1]);
  });

  it('maxVariants bounds the count whatever the size', async () => {
    const request = signed([['client_orderid', 'o-1']], 'k');
    const diagnosis = await explainRequest({ ...request, controlKey: 'other', maxVariants: 3 });
    expect(diagnosis.variantsTried).toBe(3);
    expect(diagnosis.causes[0]?.code).toBe('search_incomplete');
  });

  it('with the facts of the gateway: unknown_consumer, endpoint_not_assigned, nonce_reused', async () => {
    const request = signed([['client_orderid', 'o-1']], 'k');
    expect((await explainRequest({ ...request, controlKey: 'k', facts: { merchant: null } })).causes[0]?.code).toBe('unknown_consumer');
    const notAssigned = await explainRequest({ ...request, controlKey: 'k', facts: { merchant: { endpointIds: ['9'] }, endpointId: '1234' } });
    expect([notAssigned.verdict, notAssigned.causes[0]?.code]).toEqual(['refused', 'endpoint_not_assigned']);
    const reused = await explainRequest({ ...request, controlKey: 'k', facts: { merchant: { endpointIds: ['1234'] }, endpointId: '1234', nonceSeen: true } });
    expect([reused.verdict, reused.causes[0]?.code]).toEqual(['refused', 'nonce_reused']);
  });
});
