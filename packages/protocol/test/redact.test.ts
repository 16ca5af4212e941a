// The one masking rule of every package: card numbers as 6 + 4 only when valid-shaped, CVVs never.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isShowablePan } from '../src/redact/mask-pan.js';
import { luhnValid } from '../src/redact/luhn.js';
import { maskPan, redactCardData, checkTransfer } from '../src/index.js';

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
const separator = fc.constantFrom('', ' ', '.', '-', '_', '/');

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
    // Issue #19 item 11: glued to letters, `_`, `=`, or written with `_` or `/` separators.
    ['pan=4111111111111111x', 'pan=411111******1111x'],
    ['pan=4111111111111111', 'pan=411111******1111'],
    ['card4111111111111111declined', 'card411111******1111declined'],
    ['id_4111111111111111_ok', 'id_411111******1111_ok'],
    ['card 4111_1111_1111_1111 refused', 'card 411111******1111 refused'],
    ['card 4111/1111/1111/1111 refused', 'card 411111******1111 refused'],
    ['nonce a4111111111111111b', 'nonce a411111******1111b'],
    ['Base64 QUJD4111111111111111RUY=', 'Base64 QUJD411111******1111RUY='],
    // The digits of a percent-escape glued before it (%22 is `"`) join the run: masked with it.
    ['%224111111111111111%22', '%******************%22'],
    // Not Luhn-valid but card-shaped and glued: masked entirely (a mistyped PAN is still a card number).
    ['order ORD4111111111111112x', 'order ORD****************x'],
    ['pan=4111111111111111987x', 'pan=*******************x'],
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
      'serial=00000000-0000-0000-0000-000000000001;',
      'request 5f0c4a2e-9b1d-4c3e-8f7a-2d6b1e0c9a84 ok',
      'nonce a41111111111b',
      'on 25/11/2026 at 14:05',
      'error-code 200',
    ]) {
      expect(redactCardData(text)).toBe(text);
    }
  });

  it('a UUID is kept whole unless a Luhn-valid card number hides in an unversioned one', () => {
    // The gateway's serial numbers (counters written as UUIDs) and random UUIDs stay whole...
    for (const uuid of ['00000000-0000-0000-0000-0000043b64d7', '00000000-0000-0000-0000-000000000001', '5f0c4a2e-9b1d-4c3e-8f7a-2d6b1e0c9a84']) {
      expect(redactCardData(`serial ${uuid}`)).toBe(`serial ${uuid}`);
    }
    // ...also one with a long digit run that fails the Luhn check (1234567812341234)...
    expect(redactCardData('12345678-1234-1234-abcd-1234567890ab')).toBe('12345678-1234-1234-abcd-1234567890ab');
    // ...and a generated (version 4, variant 9) UUID whose digits happen to hold a Luhn-valid run
    // (81602471408091): the serial number a CI run once saw masked in a span.
    expect(redactCardData('56ff8160-2471-4080-91a8-52f7ac90b8bb')).toBe('56ff8160-2471-4080-91a8-52f7ac90b8bb');
    // ...but not a hyphen-written PAN laid out as an unversioned UUID, nor one with a CVV after it.
    expect(redactCardData('x abcd4111-1111-1111-1111-abcdef012345')).toBe('x abcd411111******1111-abcdef012345');
    expect(redactCardData('5f0c4a2e-4111-1111-1111-1111abcdef01')).toBe('5f0c4a2e-411111******1111abcdef01');
    expect(redactCardData('12345678-1234-0234-abcd-1234567890ab')).toBe('123456******0234-abcd-1234567890ab');
    expect(redactCardData('41111111-1111-1111-1870-abcdef012345')).toBe('********-****-****-****-abcdef012345');
  });

  it('every UUID a generator makes (RFC 9562 versions 1-8) is kept whole, alone or in a line', () => {
    fc.assert(
      fc.property(fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }), fc.constantFrom('', 'serial-number=', 'serial '), (uuid, before) => {
        expect(redactCardData(`${before}${uuid}`)).toBe(`${before}${uuid}`);
      }),
      // One random UUID in about 360 holds a Luhn-valid 13+ digit run: 5,000 runs meet ~14 of them.
      { numRuns: 5000 },
    );
  });
});

describe('redactCardData: properties', () => {
  it('no PAN of 13-19 digits, written with any of space, dot, hyphen, underscore, slash or nothing between digits, survives unmasked', () => {
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

/** Any text: letters, digits, `_`, `=`, `%`, control characters, any Unicode. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: fc.constantFrom('a', 'Z', 'x', '_', '=', '%', '3', 'D', '&', ';', '"', ' ', '\t', '-', '/', '.', '9'), maxLength: 12 }),
  fc.constantFrom('pan=', 'card', 'id_', '%3D', 'x', 'ORD', '=', '"', '\u001b[31m', 'é'),
);
// Text around a card number that is not part of its digit run: no digit (or digit and separator) touching it.
const before = anyText.filter((text) => !/\d[ ._/-]?$/.test(text));
const after = anyText.filter((text) => !/^[ ._/-]?\d/.test(text));
const showablePan = fc.integer({ min: 14, max: 19 }).chain(luhnPan).filter(isShowablePan);

describe('redactCardData: a card number whatever surrounds it (issue #19 item 11)', () => {
  it('a valid PAN in any surrounding text, written with any separators, never appears; its first 6 + last 4 are kept', () => {
    fc.assert(
      fc.property(
        showablePan.chain((pan) => written(pan).map((text) => [pan, text] as const)),
        before,
        after,
        ([pan, text], head, tail) => {
          const out = redactCardData(`${head}${text}${tail}`);
          expect(out).not.toContain(pan);
          expect(out).not.toContain(text);
          expect(out).toContain(`${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('any 13-19 digit run, Luhn-valid or not, glued to any text, is masked: entirely unless a valid-shaped PAN', () => {
    fc.assert(
      fc.property(
        anyPan.chain((digits) => written(digits).map((text) => [digits, text] as const)),
        before,
        after,
        ([digits, text], head, tail) => {
          const out = redactCardData(`${head}${text}${tail}`);
          expect(out).not.toContain(text);
          expect(out).toContain(isShowablePan(digits) ? maskPan(digits) : text.replace(/\d/g, '*'));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('masking twice changes nothing (a journal compares the ids it recorded, masked, with the input masked again)', () => {
    fc.assert(
      fc.property(anyText, showablePan, anyText, fc.uuid(), (head, pan, tail, uuid) => {
        for (const text of [`${head}${pan}${tail}`, `${head}${uuid}${tail}`, `${head}cvv=${pan.slice(0, 3)}${tail}`]) {
          const once = redactCardData(text);
          expect(redactCardData(once)).toBe(once);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a valid PAN in any text at all, digits touching it included, never appears whole', () => {
    fc.assert(
      fc.property(showablePan, anyText, anyText, (pan, head, tail) => {
        const out = redactCardData(`${head}${pan}${tail}`);
        expect(out).not.toContain(pan);
        // No run of 13 or more digits (single separators allowed) survives: at most 6 + 4 of one.
        expect(out).not.toMatch(/\d(?:[ ._/-]?\d){12}/);
      }),
      { numRuns: 3000 },
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
      const issues = checkTransfer({ ...base, destinationCardNo: value });
      expect(issues.length).toBeGreaterThan(0);
      const text = JSON.stringify(issues);
      expect(text).not.toContain('9870');
      expect(text).not.toContain('411111');
      expect(text).not.toContain('1112');
      expect(text).not.toMatch(/\*{4}/);
    });
  }
});
