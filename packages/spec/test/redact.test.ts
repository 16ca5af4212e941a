// The one masking rule of every package: card numbers as 6 + 4 only when valid-shaped, CVVs never.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isShowablePan, luhnValid, maskPan, maskPansInText, redactCardData, validateTransfer } from '../src/index.js';

const PAN = '4111111111111111';
const CVV = '987';

/** A Luhn-valid PAN of `length` digits, from any digits before the check digit. */
const luhnPan = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }).map((body) => {
    const head = body.join('');
    const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((digit) => luhnValid(head + digit)) as number;
    return head + check;
  });
const anyPan = fc.integer({ min: 13, max: 19 }).chain((length) => fc.oneof(luhnPan(length), fc.stringMatching(new RegExp(`^\\d{${length}}$`))));
const separator = fc.constantFrom('', ' ', '.', '-');

/** Writes the digits with a separator (or none) before each digit but the first, chosen per position. */
const written = (digits: string) =>
  fc
    .array(separator, { minLength: digits.length - 1, maxLength: digits.length - 1 })
    .map((seps) => [...digits].map((d, i) => (i === 0 ? d : seps[i - 1] + d)).join(''));

describe('redactCardData: the issue table', () => {
  const cases: [string, string][] = [
    [`card ${PAN} refused`, 'card 411111******1111 refused'],
    ['card 4111.1111.1111.1111 refused', 'card 411111******1111 refused'],
    ['card 4111-1111-1111-1111 refused', 'card 411111******1111 refused'],
    ['card 4111 1111 1111 1111 refused', 'card 411111******1111 refused'],
    ['card 4111 1111.1111-1111 refused', 'card 411111******1111 refused'],
    ['wrong cvv2=987', 'wrong cvv2=***'],
    ['wrong cvv 987', 'wrong cvv ***'],
    ['wrong CVV2: 987', 'wrong CVV2: ***'],
    ['wrong cvc=9876', 'wrong cvc=****'],
    ['wrong cvc2 987.', 'wrong cvc2 ***.'],
    ['cid:987', 'cid:***'],
    ['{"cvv2":"987"}', '{"cvv2":"***"}'],
    ['cvv2%3D987%26x', 'cvv2%3D***%26x'],
    ['a%3D4111111111111111%26b', 'a%3D411111******1111%26b'],
    // A failed check digit or a CVV typed after the PAN: nothing of it is shown.
    ['bad 4111111111111112', 'bad ****************'],
    [`bad ${PAN}${CVV}`, 'bad *******************'],
    [`bad ${PAN} ${CVV}`, 'bad **************** ***'],
    ['13 digits 4222222222222', '13 digits *************'],
  ];
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () => {
      const out = redactCardData(text);
      expect(out).toBe(expected);
      expect(out).not.toContain(PAN);
      expect(out.replace(/[ .-]/g, '')).not.toContain(PAN);
      if (/cvv|cvc|cid/i.test(text)) expect(out).not.toMatch(/98[67]/);
    });
  }

  it('a PAN followed by a separated CVV shows no digit of either', () => {
    const out = redactCardData(`bad ${PAN} ${CVV} end`);
    expect(out).not.toMatch(/\d/);
  });

  it('leaves amounts, dates, phone numbers, IPv4 addresses, ids and hex alone', () => {
    for (const text of [
      'amount 10.42 EUR on 01.02.2026',
      'phone +351 912 345 678',
      'from 192.168.100.200',
      'serial 00000000-0000-0000-0000-0000043b64d7',
      'nonce a4111111111111111b',
      'Base64 QUJD4111111111111111RUY=',
      'error-code 200',
    ]) {
      expect(redactCardData(text)).toBe(text);
    }
  });

  it('keeps its former name, maskPansInText', () => {
    expect(maskPansInText(`card ${PAN}`)).toBe('card 411111******1111');
  });
});

describe('redactCardData: properties', () => {
  it('no PAN of 13-19 digits, written with any of space, dot, hyphen or nothing between digits, survives unmasked', () => {
    fc.assert(
      fc.property(
        anyPan.chain((pan) => written(pan).map((text) => [pan, text] as const)),
        fc.constantFrom('', 'card ', 'x=', '%3D', '('),
        fc.constantFrom('', ' ok', '&y', ')', '.'),
        ([pan, text], before, after) => {
          const whole = redactCardData(`${before}${text}${after}`);
          expect(whole.startsWith(before) && whole.endsWith(after)).toBe(true);
          const out = whole.slice(before.length, whole.length - after.length);
          expect(out).not.toContain(pan);
          expect(out).not.toContain(text);
          // At most first 6 + last 4 of its digits remain, and only for a valid-shaped PAN.
          const shown = out.replace(/\D/g, '');
          expect(shown.length).toBeLessThanOrEqual(isShowablePan(pan) ? 10 : 0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('no CVV of 3-4 digits after cvv, cvv2, cvc, cvc2 or cid with =, : or a space survives', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('cvv', 'cvv2', 'CVV2', 'cvc', 'Cvc2', 'cid', 'CID'),
        fc.constantFrom('=', ':', ' ', ' = ', ': ', '  '),
        fc.stringMatching(/^\d{3,4}$/),
        (word, sep, cvv) => {
          const out = redactCardData(`declined: ${word}${sep}${cvv}, retry`);
          expect(out).toBe(`declined: ${word}${sep}${'*'.repeat(cvv.length)}, retry`);
        },
      ),
    );
  });
});

describe('maskPan: 6 + 4 only for a valid-shaped PAN', () => {
  it('shows 6 + 4 of a 14-19 digit Luhn-valid number, separators dropped', () => {
    expect(maskPan(PAN)).toBe('411111******1111');
    expect(maskPan('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskPan('4111.1111.1111.1111')).toBe('411111******1111');
  });

  it('masks everything else entirely: failed check digit, too long (a CVV pasted after), 13 digits, letters', () => {
    expect(maskPan('4111111111111112')).toBe('*'.repeat(16));
    expect(maskPan(`${PAN}${CVV}`)).toBe('*'.repeat(19));
    expect(maskPan(`${PAN}9870`)).toBe('*'.repeat(20));
    expect(maskPan('4222222222222')).toBe('*'.repeat(13));
    expect(maskPan('4111x1111')).toBe('*'.repeat(9));
  });
});

describe('client validation shows no digit of a value that fails the card-number rule', () => {
  const base = { clientOrderId: 'o', amount: '1.00', currency: 'EUR', cardRecurringPaymentId: 's' };
  for (const [name, value] of [
    ['too long: a CVV pasted after the PAN', `${PAN}9870`],
    ['a failed check digit', '4111111111111112'],
    ['not digits only', `${PAN} ${CVV}`],
  ] as const) {
    it(name, () => {
      const issues = validateTransfer({ ...base, destinationCardNo: value });
      expect(issues.length).toBeGreaterThan(0);
      const text = JSON.stringify(issues);
      expect(text).not.toContain('9870');
      expect(text).not.toContain('411111');
      expect(text).not.toContain('1112');
      expect(text).not.toMatch(/\*{4}/);
    });
  }
});
