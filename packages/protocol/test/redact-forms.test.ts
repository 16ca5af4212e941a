// Issue #30 item 2 and #27 items 1-2: one home for every masked form, isMasked beside them, and a
// card number masked whatever its separators and however many times it was percent-encoded.
import { percentEncode, signatureBaseString } from '@paysign/oauth-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMasked, maskCardVerification, maskPan, REDACTED, redactBaseString, redactCardData } from '../src/index.js';
import { luhnValid } from '../src/redact/luhn.js';
import { maskParameter } from '../src/redact/mask-parameter.js';
import { maskPayload } from '../src/redact/masked-forms.js';
import { redactFormBody, redactRequest, redactUrl } from '../src/diagnose.js';

const luhnPan = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }).map((body) => {
    const head = body.join('');
    return head + [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((digit) => luhnValid(head + digit));
  });
const anyPan = fc.integer({ min: 13, max: 19 }).chain((length) => fc.oneof(luhnPan(length), fc.stringMatching(new RegExp(`^\\d{${length}}$`))));
const SEPARATORS = ['', ' ', '+', '-', '.', '_', '/'];
/** The digits with one separator (the same everywhere, as people write it, or chosen per gap). */
const writtenPan = anyPan.chain((pan) =>
  fc.oneof(
    fc.constantFrom(...SEPARATORS).map((sep) => ({ pan, text: pan.replace(/\d{4}(?=\d)/g, (group) => group + sep) })),
    fc
      .array(fc.constantFrom(...SEPARATORS), { minLength: pan.length - 1, maxLength: pan.length - 1 })
      .map((seps) => ({ pan, text: [...pan].map((d, i) => (i === 0 ? d : seps[i - 1] + d)).join('') })),
  ),
);
const encodeTimes = (text: string, depth: number): string => (depth === 0 ? text : encodeTimes(percentEncode(text), depth - 1));
/** Every digit left in the text, separators of any encoding depth read away. */
const digitsOf = (text: string): string => text.replace(/%(?:25)*(?:20|2B|2D|2E|2F|5F)/gi, '').replace(/[ +._/-]/g, '');

describe('redactCardData: every separator, every encoding depth', () => {
  it('the issue 27 forms: spaces as %2520, plus signs as %252B', () => {
    expect(redactCardData('credit_card_number%3D4111%25201111%25201111%25201111')).toBe('credit_card_number%3D411111******1111');
    expect(redactCardData('credit_card_number%3D4111%252B1111%252B1111%252B1111')).toBe('credit_card_number%3D411111******1111');
    expect(redactCardData('pan=4111+1111+1111+1111')).toBe('pan=411111******1111');
    expect(redactCardData('pan=4111%25252B1111%25252B1111%25252B1111')).toBe('pan=411111******1111');
    expect(redactCardData('cvv2%25253D987')).toBe('cvv2%25253D***');
  });

  it('no card number, written with any separators and percent-encoded 0-4 times, survives in any text', () => {
    fc.assert(
      fc.property(writtenPan, fc.integer({ min: 0, max: 4 }), fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), ({ pan, text }, depth, head, tail) => {
        const shown = redactCardData(`${head}${encodeTimes(`credit_card_number=${text}`, depth)}${tail}`);
        expect(digitsOf(shown)).not.toContain(pan);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the masked forms and isMasked: a round trip per form', () => {
  it('maskPan: any value masked is recognised as masked, and so is it masked again', () => {
    fc.assert(
      fc.property(fc.oneof(anyPan, fc.string({ minLength: 3 })), (value) => {
        expect(isMasked(maskPan(value))).toBe(true);
        expect(isMasked(maskPan(maskPan(value)))).toBe(true);
      }),
    );
  });
  it('maskCardVerification: every CVV', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3,4}$/), (cvv) => {
        expect(isMasked(maskCardVerification(cvv))).toBe(true);
      }),
    );
  });
  it('REDACTED', () => expect(isMasked(REDACTED)).toBe(true));
  it('maskPayload: any Base64, plain or encoded, shows its length only', () => {
    fc.assert(
      fc.property(fc.base64String({ minLength: 4 }), fc.integer({ min: 0, max: 3 }), (payload, depth) => {
        const masked = maskPayload(encodeTimes(payload, depth));
        expect(masked).toBe(`[payload, ${payload.length} Base64 characters]`);
        expect(isMasked(masked)).toBe(true);
        expect(isMasked(redactCardData(`payload=${masked}`))).toBe(true);
      }),
    );
  });
  it('redactCardData: a text whose card number was masked is recognised as masked', () => {
    fc.assert(
      fc.property(writtenPan, ({ text }) => {
        expect(isMasked(redactCardData(`card ${text}`))).toBe(true);
      }),
    );
  });
  it('values as sent are not masked', () => {
    for (const value of ['4111111111111111', '987', '10.00', 'order-1', 'a b', 'Y2xpZW50LW9yZGVyLWlk', '**', 'https://x.example/a*b'])
      expect(isMasked(value)).toBe(false);
  });
  it('maskParameter: by the field tables, payload by length, free text by shape', () => {
    expect(maskParameter('credit_card_number', '4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskParameter('credit-card-number', '4111111111111111')).toBe('411111******1111');
    expect(maskParameter('cvv2', '987')).toBe('***');
    expect(maskParameter('email', 'a@b.example')).toBe(REDACTED);
    expect(maskParameter('payload', 'Y2xpZW50')).toBe('[payload, 8 Base64 characters]');
    expect(maskParameter('order_desc', 'card 4111-1111-1111-1111')).toBe('card 411111******1111');
    expect(maskParameter('amount', '10.00')).toBe('10.00');
  });
});

describe('a request as it may be shown', () => {
  const csv = 'client-order-id;recurring-payment-id;credit-card-number;cvv2;amount\no-1;rp-x;4111111111111111;987;10.00\n';
  const payload = btoa(csv);
  const params: [string, string][] = [
    ['payload', payload],
    ['credit_card_number', '4111 1111 1111 1111'],
    ['cvv2', '987'],
    ['amount', '10.00'],
    ['oauth_consumer_key', 'merchant'],
  ];
  const baseString = signatureBaseString('POST', 'https://sandbox.example/payment/api/v2/update-recurring-payments/1234', params);

  it('a base string: card number 6 + 4, CVV stars, payload its length, everything else as computed', () => {
    const shown = redactBaseString(baseString);
    expect(shown).toBe(
      `POST&https%3A%2F%2Fsandbox.example%2Fpayment%2Fapi%2Fv2%2Fupdate-recurring-payments%2F1234&amount%3D10.00%26credit_card_number%3D411111******1111%26cvv2%3D***%26oauth_consumer_key%3Dmerchant%26payload%3D[payload, ${payload.length} Base64 characters]`,
    );
    expect(shown).not.toContain(payload.slice(0, 12));
    expect(isMasked(shown)).toBe(true);
  });

  it('a form body and a URL: each pair by its name, the others as sent', () => {
    const body = params.map(([n, v]) => `${n}=${encodeURIComponent(v).replace(/%20/g, '+')}`).join('&');
    expect(redactFormBody(body)).toBe(
      `payload=[payload, ${payload.length} Base64 characters]&credit_card_number=411111******1111&cvv2=***&amount=10.00&oauth_consumer_key=merchant`,
    );
    expect(redactUrl('https://g.example/p?cvv2=987&pan=4111%201111%201111%201111#x')).toBe('https://g.example/p?cvv2=***&pan=411111******1111#x');
    const shown = redactRequest({ method: 'POST', url: 'https://g.example/p', headers: { Authorization: 'OAuth oauth_nonce="4111111111111111"' }, body });
    expect(JSON.stringify(shown)).not.toMatch(/4111111111111111|987|Y2xp/);
  });

  it('any card number with any separator, in a base string of any depth, shows none whole', () => {
    fc.assert(
      fc.property(writtenPan, fc.stringMatching(/^\d{3,4}$/), ({ pan, text }, cvv) => {
        const base = signatureBaseString('POST', 'https://g.example/p', [
          ['order_desc', `card ${text} cvv ${cvv}`],
          ['payload', btoa(`o-1;${pan};${cvv}`)],
          ['credit_card_number', text],
        ]);
        const shown = redactBaseString(base);
        expect(digitsOf(shown)).not.toContain(pan);
        expect(digitsOf(redactCardData(base))).not.toContain(pan);
        expect(shown).not.toContain(btoa(`o-1;${pan};${cvv}`).slice(0, 8));
      }),
    );
  });
});

describe('the payload rule reads parameters, not prose', () => {
  it('masks payload=, payload%3D, payload%253D and "payload":"..."; leaves "payload: the header row" alone', () => {
    expect(redactCardData('payload=Y2xpZW50&x=1')).toBe('payload=[payload, 8 Base64 characters]&x=1');
    expect(redactCardData('%26payload%3DY2xp%252B%26x')).toBe('%26payload%3D[payload, 5 Base64 characters]%26x');
    expect(redactCardData('{"payload":"Y2xpZW50"}')).toBe('{"payload":"[payload, 8 Base64 characters]"}');
    expect(redactCardData("payload: the header row's column 1")).toBe("payload: the header row's column 1");
  });
});
