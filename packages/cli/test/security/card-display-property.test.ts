// Issue #27 medium 2 and #30 item 2: a card number written with any separator (space, +, -, .)
// and percent-encoded any number of times never reaches the terminal whole through explain's
// output (text and JSON, base strings included).
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withLuhnCheckDigit } from '@paysign/test-fixtures';
import { paysign } from '../run-cli.js';

const enc = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const URL_ = 'https://sandbox.example/payment/api/v4/transfer/1234';
const digitsOf = (text: string): string => text.replace(/%(?:25)*(?:20|2B|2D|2E|2F|5F)/gi, '').replace(/[ +._/\\-]/g, '');

function signedWith(params: [string, string][], key: string) {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', 'merchant'],
    ['oauth_nonce', 'n1'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const pairs = [...params, ...oauth].map(([n, v]) => `${enc(n)}=${enc(v)}`).sort();
  const base = `POST&${enc(URL_)}&${enc(pairs.join('&'))}`;
  const signature = createHmac('sha1', `${key}&`).update(base).digest('base64');
  const authorization = `OAuth ${[...oauth, ['oauth_signature', signature]].map(([n, v]) => `${n}="${enc(v as string)}"`).join(', ')}`;
  return { authorization, body: params.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&') };
}

const luhn = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }).map((body) => withLuhnCheckDigit(body.join('')));

describe('paysign explain shows no card number whole, whatever its separators and encoding depth', () => {
  it('property over the text and the JSON output', () => {
    fc.assert(
      fc.property(luhn, fc.constantFrom(' ', '+', '-', '.', ''), fc.integer({ min: 0, max: 3 }), fc.boolean(), (pan, sep, depth, json) => {
        let written = pan.replace(/\d{4}(?=\d)/g, (group) => group + sep);
        for (let i = 0; i < depth; i++) written = encodeURIComponent(written);
        const request = signedWith(
          [
            ['credit_card_number', written],
            ['order_desc', `card ${written}`],
            ['payload', btoa(`o-1;${pan};987`)],
          ],
          'another-key',
        );
        const result = paysign([
          'explain',
          '--url',
          URL_,
          '--authorization',
          request.authorization,
          '--body',
          request.body,
          '--control-key',
          'the-key',
          ...(json ? ['--json'] : []),
        ]);
        expect(result.code).toBe(1);
        const shown = `${result.stdout}${result.stderr}`;
        expect(digitsOf(shown)).not.toContain(pan);
        expect(shown).not.toContain(btoa(`o-1;${pan};987`).slice(0, 8));
      }),
      { numRuns: 16 },
    );
  });
});
