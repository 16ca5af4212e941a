import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainRequest, type CauseCode } from '@paysign/cli';
import { clientSign, rfc3986 } from './hand-sign.js';

const url = 'https://gate.example/payment/api/v4/transfer/1234';
const now = 1_800_000_000;

// Values that give every mistake something to act on: a space and one of !*'() in each.
const value = fc
  .tuple(fc.string({ minLength: 0, maxLength: 8 }), fc.constantFrom('!', '*', "'", '(', ')'), fc.string({ maxLength: 8 }))
  .map(([a, r, b]) => `${a} ${r}${b}`);
const params = fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z_-]{0,10}$/), value), { minLength: 1, maxLength: 5, selector: ([name]) => name });

type Mistake = { code: CauseCode; apply: (sent: [string, string][]) => Parameters<typeof clientSign>[0] };
const mistakes: Mistake[] = [
  { code: 'plus_for_space', apply: (sent) => ({ url, sent, key: { controlKey: 'k' }, encode: (v) => rfc3986(v).replace(/%20/g, '+') }) },
  { code: 'unescaped_reserved', apply: (sent) => ({ url, sent, key: { controlKey: 'k' }, encode: encodeURIComponent }) },
  { code: 'parameter_missing', apply: (sent) => ({ url, sent: [...sent, ['added', 'later']], signed: sent, key: { controlKey: 'k' } }) },
  { code: 'url_port', apply: (sent) => ({ url, signedUri: 'https://gate.example:443/payment/api/v4/transfer/1234', sent, key: { controlKey: 'k' } }) },
  { code: 'wrong_key', apply: (sent) => ({ url, sent, key: { controlKey: 'not-k' } }) },
];

describe('explainRequest finds the mistake a client made (property)', () => {
  it('names the one cause for any parameters, and says valid when there is none', async () => {
    await fc.assert(
      fc.asyncProperty(params, fc.option(fc.constantFrom(...mistakes), { nil: undefined }), async (sent, mistake) => {
        const request = mistake ? mistake.apply(sent) : { url, sent, key: { controlKey: 'k' } };
        const { authorization, body } = clientSign({ ...request, timestamp: String(now) });
        const diagnosis = await explainRequest({ url, authorization, body, controlKey: 'k', now });
        if (!mistake) {
          expect(diagnosis.verdict).toBe('valid');
          return;
        }
        expect(diagnosis.verdict).toBe('mismatch');
        expect(diagnosis.causes.map((c) => c.code)).toEqual([mistake.code]);
        if (mistake.code !== 'wrong_key') expect(diagnosis.signedBaseString).not.toBe(diagnosis.expectedBaseString);
      }),
      { numRuns: 150 },
    );
  });
});
