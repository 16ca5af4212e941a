import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeIssue,
  GatewayValidationError,
  maskPan,
  redactCardData,
  checkPanEligibilitySend,
  checkRecurringPayments,
  checkTransfer,
  type RecurringPaymentUpdate,
  type TransferRequest,
  type ValidationIssue,
  checkOperation,
  checkRecurringPaymentRows,
  type CheckOptions,
} from '../src/index.js';
import { luhnValid } from '../src/redact/luhn.js';
import { TEST_PAN, validPayment } from '@paysign/test-fixtures';

// One payment (or wire row) through the public check of a batch, its issues without the batch index.
const withoutRow = (issues: readonly ValidationIssue[]): ValidationIssue[] => issues.map(({ row: _row, ...issue }) => issue);
const checkPayment = (payment: RecurringPaymentUpdate, options?: CheckOptions): ValidationIssue[] => withoutRow(checkRecurringPayments([payment], options));
const checkRow = (row: Readonly<Record<string, string | undefined>>, options?: CheckOptions): ValidationIssue[] =>
  withoutRow(checkRecurringPaymentRows([row], options));

const found = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.field} ${issue.rule}`);
const withChange = (change: Record<string, unknown>) => ({ ...validPayment(), ...change }) as unknown as RecurringPaymentUpdate;
const _remove = (...names: string[]) => {
  const payment = validPayment() as unknown as Record<string, unknown>;
  for (const name of names) delete payment[name];
  return payment as unknown as RecurringPaymentUpdate;
};

describe('checkRecurringPayments: the valid baseline', () => {
  it('accepts a payment that breaks no rule', () => {
    expect(checkPayment(validPayment())).toEqual([]);
  });
});

// Each case: [what the spec says, a failing change, the issue it must raise, a passing change].
type RuleCase = [string, Record<string, unknown>, string, Record<string, unknown>];

const fieldTableCases: RuleCase[] = [
  ['client-orderid is R', { clientOrderId: undefined }, 'client-orderid required', { clientOrderId: 'o' }],
  ['recurring-payment-id is R', { recurringPaymentId: '' }, 'recurring-payment-id required', { recurringPaymentId: '1' }],
  ['credit-card-number is R', { creditCardNumber: undefined }, 'credit-card-number required', { creditCardNumber: TEST_PAN }],
  ['card-printed-name is R', { cardPrintedName: undefined }, 'card-printed-name required', { cardPrintedName: 'A B' }],
  ['expire-year is R', { expireYear: undefined }, 'expire-year required', { expireYear: 2031 }],
  ['expire-month is R', { expireMonth: undefined }, 'expire-month required', { expireMonth: 1 }],
  ['client-orderid: 128', { clientOrderId: 'x'.repeat(129) }, 'client-orderid max-length', { clientOrderId: 'x'.repeat(128) }],
  ['recurring-payment-id: 128', { recurringPaymentId: '1'.repeat(129) }, 'recurring-payment-id max-length', { recurringPaymentId: '1'.repeat(128) }],
  ['card-printed-name: 128', { cardPrintedName: 'é'.repeat(129) }, 'card-printed-name max-length', { cardPrintedName: 'é'.repeat(128) }],
  ['credit-card-number: Numeric', { creditCardNumber: '4111-1111-1111-1111' }, 'credit-card-number digits', { creditCardNumber: '4111111111111111' }],
  [
    'credit-card-number: 19 (both Luhn-valid)',
    { creditCardNumber: '41111111111111111115' },
    'credit-card-number max-length',
    { creditCardNumber: '4111111111111111110' },
  ],
  ['credit-card-number: Luhn', { creditCardNumber: '4111111111111112' }, 'credit-card-number luhn', { creditCardNumber: '5555555555554444' }],
  ['expire-year: Numeric', { expireYear: '20x0' }, 'expire-year digits', { expireYear: '2030' }],
  ['expire-year: 4', { expireYear: '20300' }, 'expire-year max-length', { expireYear: '2030' }],
  ['expire-month: Numeric', { expireMonth: 'ab' }, 'expire-month digits', { expireMonth: '09' }],
  ['expire-month: 2', { expireMonth: '012' }, 'expire-month max-length', { expireMonth: '12' }],
  ['expire-month: 1-12 (13)', { expireMonth: 13 }, 'expire-month expire-month-range', { expireMonth: 12 }],
  ['expire-month: 1-12 (0)', { expireMonth: '00' }, 'expire-month expire-month-range', { expireMonth: '01' }],
  ['amount: Numeric', { amount: '9,99' }, 'amount decimal', { amount: '9.99' }],
  ['amount: no exponent', { amount: '1e3' }, 'amount decimal', { amount: '1000' }],
  ['amount: a leading digit', { amount: '.5' }, 'amount decimal', { amount: '0.5' }],
  ['amount: 10', { amount: '12345678.90' }, 'amount max-length', { amount: '1234567.90' }],
  ['amount: a string, not a float', { amount: 9.99 }, 'amount type', { amount: '9.99' }],
  [
    'amount-sequence: decimals',
    { amount: undefined, amountSequence: ['1.00', 'x'] },
    'amount-sequence decimal',
    { amount: undefined, amountSequence: ['1.00', '2'] },
  ],
  [
    'amount-sequence: 10 per amount',
    { amount: undefined, amountSequence: ['1', '12345678.90'] },
    'amount-sequence max-length',
    { amount: undefined, amountSequence: ['1', '1234567.90', '1234567.90'] },
  ],
  ['amount-sequence: no empty list', { amount: undefined, amountSequence: [] }, 'amount-sequence type', { amount: undefined, amountSequence: ['1'] }],
  [
    'amount-from: Numeric',
    { amount: undefined, amountFrom: 'one', amountTo: '2' },
    'amount-from decimal',
    { amount: undefined, amountFrom: '1', amountTo: '2' },
  ],
  [
    'amount-to: 10',
    { amount: undefined, amountFrom: '1', amountTo: '12345678901' },
    'amount-to max-length',
    { amount: undefined, amountFrom: '1', amountTo: '1234567890' },
  ],
  ['period: 32', { period: 'd'.repeat(33) }, 'period max-length', { period: 'week' }],
  ['interval: Int', { interval: '1.5' }, 'interval integer', { interval: '2' }],
  ['interval: a whole number', { interval: 1.5 }, 'interval type', { interval: 3 }],
  ['country: 2', { country: 'DEU' }, 'country max-length', { country: 'DE' }],
  ['city: 128', { city: 'c'.repeat(129) }, 'city max-length', { city: 'c'.repeat(128) }],
  ['address1: 256', { address1: 'a'.repeat(257) }, 'address1 max-length', { address1: 'a'.repeat(256) }],
  ['first-name: 128', { firstName: 'f'.repeat(129) }, 'first-name max-length', { firstName: 'f'.repeat(128) }],
  ['last-name: 128', { lastName: 'l'.repeat(129) }, 'last-name max-length', { lastName: 'l'.repeat(128) }],
  ['customer-ip: 45', { customerIp: '1'.repeat(46) }, 'customer-ip max-length', { customerIp: '2001:db8::1' }],
  ['order_desc: 65K', { orderDesc: 'd'.repeat(65_536) }, 'order_desc max-length', { orderDesc: 'd'.repeat(65_535) }],
  ['zip-code: 10', { zipCode: '12345678901' }, 'zip-code max-length', { zipCode: '1234567890' }],
  ['birthday: DD.MM.YYYY', { birthday: '1990-01-31' }, 'birthday date-format', { birthday: '31.01.1990' }],
  ['birthday: on the calendar', { birthday: '31.06.1990' }, 'birthday calendar-date', { birthday: '30.06.1990' }],
  ['email: 128', { email: `${'e'.repeat(120)}@x.example` }, 'email max-length', { email: 'john@x.example' }],
  ['ssn: 32', { ssn: '1'.repeat(33) }, 'ssn max-length', { ssn: '1'.repeat(32) }],
  ['phone: 128', { phone: `+${'1'.repeat(128)}` }, 'phone max-length', { phone: '+12063582043' }],
  ['state: 2-3 (short)', { country: 'US', state: 'N' }, 'state min-length', { country: 'US', state: 'NY' }],
  ['state: 2-3 (long)', { country: 'AU', state: 'NSWX' }, 'state max-length', { country: 'AU', state: 'NSW' }],
  ['start-date: DD.MM.YYYY', { startDate: '1.1.2030' }, 'start-date date-format', { startDate: '01.01.2030' }],
  ['start-date: 29.02 of a common year', { startDate: '29.02.2030' }, 'start-date calendar-date', { startDate: '29.02.2028' }],
  ['start-date: 1900 was not leap', { startDate: '29.02.2100', finishDate: undefined }, 'start-date calendar-date', { startDate: '29.02.2000' }],
  ['finish-date: on the calendar', { finishDate: '31.04.2030' }, 'finish-date calendar-date', { finishDate: '30.04.2030' }],
  ['start-date: a valid Date', { startDate: new Date(Number.NaN) }, 'start-date type', { startDate: new Date('2030-01-31') }],
  ['max-repeats-number: Int', { maxRepeatsNumber: '-1' }, 'max-repeats-number integer', { maxRepeatsNumber: 0 }],
  ['purpose: 128', { purpose: 'p'.repeat(129) }, 'purpose max-length', { purpose: 'p'.repeat(128) }],
  ['notify_url: 1024', { notifyUrl: `https://m.example/${'a'.repeat(1008)}` }, 'notify_url max-length', { notifyUrl: `https://m.example/${'a'.repeat(1006)}` }],
  ['notify_url: a URL', { notifyUrl: 'ftp://m.example/cb' }, 'notify_url url', { notifyUrl: 'https://m.example/cb' }],
  [
    'server_callback_url: 128',
    { serverCallbackUrl: `https://m.example/${'a'.repeat(111)}` },
    'server_callback_url max-length',
    { serverCallbackUrl: `https://m.example/${'a'.repeat(110)}` },
  ],
  ['current-repeats-number: Int', { currentRepeatsNumber: 'one' }, 'current-repeats-number integer', { currentRepeatsNumber: '0' }],
  ['cvv2: 3 or 4 digits', { cvv2: '12' }, 'cvv2 cvv-format', { cvv2: '123' }],
  ['cvv2: digits', { cvv2: '12a' }, 'cvv2 cvv-format', { cvv2: '1234' }],
  ['currency: ISO 4217', { currency: 'eur' }, 'currency currency-format', { currency: 'EUR' }],
  ['text has a UTF-8 form', { cardPrintedName: 'A\uD800B' }, 'card-printed-name well-formed-text', { cardPrintedName: 'A\uD83D\uDE00B' }],
  ['unknown fields would be lost', { clientOrderID: 'typo' }, 'clientOrderID unknown-field', { clientOrderId: 'fixed' }],
];

const ruleCases: RuleCase[] = [
  ['rule 1: an amount mode is required', { amount: undefined }, 'amount amount-mode', { amount: '1' }],
  ['rule 1: only one amount mode', { amountSequence: ['1'] }, 'amount amount-mode', { amountSequence: undefined }],
  [
    'rule 1: amount-from needs amount-to',
    { amount: undefined, amountFrom: '1' },
    'amount-to amount-mode',
    { amount: undefined, amountFrom: '1', amountTo: '1' },
  ],
  [
    'rule 1: amount-to needs amount-from',
    { amount: undefined, amountTo: '1' },
    'amount-from amount-mode',
    { amount: undefined, amountFrom: '0.5', amountTo: '1' },
  ],
  [
    'rule 2: a range lowest first',
    { amount: undefined, amountFrom: '10.5', amountTo: '10.25' },
    'amount-from amount-range',
    { amount: undefined, amountFrom: '10.25', amountTo: '10.5' },
  ],
  ['rule 2: compared as decimals', { amount: undefined, amountFrom: '9', amountTo: '10' }, '', { amount: undefined, amountFrom: '10.00', amountTo: '10' }],
  ['rule 4: period needs interval', { interval: undefined }, 'interval period-interval', { period: undefined, interval: undefined }],
  ['rule 4: interval needs period', { period: undefined }, 'period period-interval', { period: 'day' }],
  ['rule 5: day, week or month', { period: 'daily' }, 'period period-value', { period: 'day' }],
  ['rule 6: interval multiplies, so at least 1', { interval: 0 }, 'interval interval-positive', { interval: 1 }],
  ['rule 7: the project currency', { currency: 'USD' }, 'currency currency-project', { currency: 'EUR' }],
  [
    'rule 8: notify_url xor server_callback_url',
    { notifyUrl: 'https://m.example/n', serverCallbackUrl: 'https://m.example/s' },
    'server_callback_url callback-exclusive',
    { serverCallbackUrl: 'https://m.example/s' },
  ],
  ['DST: period not supported', { type: 'DST' }, 'period not-for-dst', { type: 'SRC' }],
  ['DST: interval not supported', { type: 'DST', period: undefined }, 'period period-interval', { type: 'DST', period: undefined, interval: undefined }],
  ['DST: phone not supported', { type: 'DST', period: undefined, interval: undefined, phone: '+1206' }, 'phone not-for-dst', { type: 'SRC', phone: '+1206' }],
  [
    'DST: state not supported',
    { type: 'DST', period: undefined, interval: undefined, state: 'NY' },
    'state not-for-dst',
    { type: 'DST', period: undefined, interval: undefined, country: 'US' },
  ],
  ['state required for the USA', { country: 'US' }, 'state state-required', { country: 'US', state: 'CA' }],
  ['state required for Canada', { country: 'CA' }, 'state state-required', { country: 'CA', state: 'ON' }],
  ['state required for Australia', { country: 'au' }, 'state state-required', { country: 'DE' }],
  [
    'finish-date not before start-date',
    { startDate: '15.01.2030', finishDate: '14.01.2030' },
    'finish-date date-order',
    { startDate: '15.01.2030', finishDate: '15.01.2030' },
  ],
];

describe.each([
  ['field table', fieldTableCases],
  ['rules', ruleCases],
])('checkRecurringPayments: %s', (_, cases) => {
  it.each(cases)('%s', (_rule, failing, expected, passing) => {
    const payment = withChange(failing);
    if (expected !== '') expect(found(checkPayment(payment, { projectCurrency: 'EUR' }))).toContain(expected);
    expect(found(checkPayment(withChange(passing), { projectCurrency: 'EUR' }))).toEqual([]);
  });
});

describe('checkRecurringPayments: all issues at once', () => {
  it('reports every broken rule in one call, each naming the field and the rule', () => {
    const issues = checkPayment(withChange({ creditCardNumber: '4111111111111112', expireMonth: 13, period: 'daily', currency: 'USD' }), {
      projectCurrency: 'EUR',
    });
    expect(found(issues)).toEqual(['credit-card-number luhn', 'expire-month expire-month-range', 'currency currency-project', 'period period-value']);
    // The message says what is wrong; the field is the issue's own (the formatters put it in front).
    for (const issue of issues) expect(issue.message.startsWith(issue.field)).toBe(false);
    expect(issues.map((issue) => describeIssue(issue))).toContain('expire-month: must be a month 1-12');
    expect(issues.find((issue) => issue.rule === 'currency-project')?.specRule).toBe(7);
    expect(issues.find((issue) => issue.rule === 'period-value')?.specRule).toBe(5);
  });

  it('reports a wrongly typed field once, not again as missing', () => {
    expect(found(checkPayment(withChange({ creditCardNumber: 4111111111111111 })))).toEqual(['credit-card-number type']);
  });

  it('refuses something that is not an object', () => {
    expect(found(checkPayment(null as unknown as RecurringPaymentUpdate))).toEqual(['(request) type']);
  });

  it('never writes the card number or the CVV into an issue (an invalid one is not shown at all)', () => {
    const luhnInvalid = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 25 })
      .map((digits) => digits.join(''))
      .filter((pan) => !luhnValid(pan) || pan.length > 19);
    fc.assert(
      fc.property(luhnInvalid, fc.stringMatching(/^\d{5,8}$/), (pan, cvv) => {
        const issues = checkPayment(withChange({ creditCardNumber: pan, cvv2: cvv }));
        const text = JSON.stringify(issues) + new GatewayValidationError(issues).message;
        expect(text).not.toContain(pan);
        expect(text).not.toContain(cvv);
        expect(found(issues)).toContain('cvv2 cvv-format');
        // A value that breaks the card-number rule shows none of its digits (it may end with a CVV).
        expect(text).not.toContain(pan.slice(0, 6));
        expect(text).not.toContain(pan.slice(-4));
      }),
      { numRuns: 200 },
    );
  });
});

describe('checkRecurringPaymentRows: wire-named rows, as an emulator decodes them', () => {
  const row = {
    'client-orderid': 'order-1',
    'recurring-payment-id': '7701',
    'credit-card-number': TEST_PAN,
    'card-printed-name': 'JOHN DOE',
    'expire-year': '2030',
    'expire-month': '12',
    amount: '9.99',
    'amount-from': '',
    'amount-to': '',
    'amount-sequence': '',
  };

  it('reads empty cells as not given', () => {
    expect(checkRow(row)).toEqual([]);
  });

  it('reads amount-sequence as comma-separated decimals', () => {
    expect(found(checkRow({ ...row, amount: '', 'amount-sequence': '1.00,2.50' }))).toEqual([]);
    expect(found(checkRow({ ...row, amount: '', 'amount-sequence': '1.00,,2.50' }))).toEqual(['amount-sequence decimal']);
  });

  it('accepts notify-url, the CSV header spelling, but not together with notify_url', () => {
    expect(checkRow({ ...row, 'notify-url': 'https://m.example/n' })).toEqual([]);
    expect(found(checkRow({ ...row, 'notify-url': 'https://m.example/n', notify_url: 'https://m.example/n' }))).toEqual(['notify-url callback-alias']);
    expect(found(checkRow({ ...row, 'notify-url': 'https://m.example/n', server_callback_url: 'https://m.example/s' }))).toEqual([
      'server_callback_url callback-exclusive',
    ]);
  });

  it('refuses a column the spec does not have, when it holds a value', () => {
    expect(found(checkRow({ ...row, 'client-order-id': 'x', extra: '' }))).toEqual(['client-order-id unknown-field']);
  });

  it('checks the project currency (rule 7) when one is given', () => {
    expect(found(checkRow({ ...row, currency: 'USD' }, { projectCurrency: 'EUR' }))).toEqual(['currency currency-project']);
    expect(checkRow({ ...row, currency: 'USD' })).toEqual([]);
  });
});

describe('Luhn and masking', () => {
  it('accepts the published test numbers and refuses their one-digit changes', () => {
    // Test card numbers published by Visa, Mastercard and American Express for integration testing.
    for (const pan of ['4111111111111111', '5555555555554444', '378282246310005', '4012888888881881']) {
      expect(luhnValid(pan)).toBe(true);
      const last = Number(pan.at(-1));
      expect(luhnValid(pan.slice(0, -1) + String((last + 1) % 10))).toBe(false);
    }
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111')).toBe(false);
  });

  it('detects every single-digit error (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((digit) => luhnValid(body + digit)) as number;
        const pan = body + check;
        const i = at % pan.length;
        const changed = pan.slice(0, i) + String((Number(pan[i]) + delta) % 10) + pan.slice(i + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('masks as first 6 + last 4, and hides short numbers entirely', () => {
    expect(maskPan('4111111111111111')).toBe('411111******1111');
    expect(maskPan('1234567890123')).toBe('*************');
    expect(redactCardData('card 4111111111111111 and 4111 1111 1111 1111 declined')).toBe('card 411111******1111 and 411111******1111 declined');
    expect(redactCardData('serial 00000000-0000-0000-0000-0000043b64d7')).toBe('serial 00000000-0000-0000-0000-0000043b64d7');
  });
});

describe('checkTransfer', () => {
  const base = (): TransferRequest => ({
    clientOrderId: 'order-9',
    amount: '10.00',
    currency: 'EUR',
    creditCardNumber: TEST_PAN,
    expireMonth: '12',
    expireYear: '2030',
    cvv2: '123',
    destinationCardNo: '5555555555554444',
  });
  const change = (patch: Record<string, unknown>) => ({ ...base(), ...patch }) as unknown as TransferRequest;

  it.each([
    ['client_orderid required', { clientOrderId: undefined }, 'client_orderid required'],
    ['amount required', { amount: undefined }, 'amount required'],
    ['amount decimal', { amount: '10,00' }, 'amount decimal'],
    ['currency required', { currency: undefined }, 'currency required'],
    ['one source: none', { creditCardNumber: undefined, expireMonth: undefined, expireYear: undefined, cvv2: undefined }, 'credit_card_number transfer-source'],
    ['one source: not both', { cardRecurringPaymentId: 'src-1' }, 'credit_card_number transfer-source'],
    ['expiry with a card number', { expireYear: undefined }, 'expire_year required'],
    ['one destination: none', { destinationCardNo: undefined }, 'destination-card-no transfer-destination'],
    ['one destination: not both', { destinationCardRecurringPaymentId: 'dst-1' }, 'destination-card-no transfer-destination'],
    ['destination Luhn', { destinationCardNo: '5555555555554445' }, 'destination-card-no luhn'],
    ['source Luhn', { creditCardNumber: '4111111111111112' }, 'credit_card_number luhn'],
    ['expire_month 1-12', { expireMonth: '13' }, 'expire_month expire-month-range'],
    ['cvv2 3-4 digits', { cvv2: '12345' }, 'cvv2 cvv-format'],
    ['deposit2card boolean', { deposit2card: 'yes' }, 'deposit2card type'],
    ['redirect_url URL', { redirectUrl: 'not a url' }, 'redirect_url url'],
    ['unknown fields', { destinationCardNumber: '1' }, 'destinationCardNumber unknown-field'],
  ])('%s', (_, patch, expected) => {
    expect(found(checkTransfer(change(patch), { projectCurrency: 'EUR' }))).toContain(expected);
  });

  it('accepts a card-to-card and a reference-to-reference transfer', () => {
    expect(checkTransfer(base(), { projectCurrency: 'EUR' })).toEqual([]);
    expect(
      checkTransfer({
        clientOrderId: 'o',
        amount: '1',
        currency: 'EUR',
        cardRecurringPaymentId: 's',
        destinationCardRecurringPaymentId: 'd',
        deposit2card: true,
        redirectUrl: 'https://m.example/r',
      }),
    ).toEqual([]);
  });

  it('checks the project currency (rule 7)', () => {
    expect(found(checkTransfer(change({ currency: 'USD' }), { projectCurrency: 'EUR' }))).toEqual(['currency currency-project']);
  });

  it('validates wire-named params, ignoring the oauth_* parameters of the HMAC layout', () => {
    const params = { client_orderid: 'o', amount: '1', currency: 'EUR', card_recurring_payment_id: 's', 'destination-card-no': TEST_PAN, oauth_nonce: 'n' };
    expect(checkOperation('transfer', params)).toEqual([]);
    expect(found(checkOperation('transfer', { ...params, deposit2card: 'yes' }))).toEqual(['deposit2card boolean']);
  });
});

describe('checkPanEligibilitySend', () => {
  it('requires client-order-id and sending-card-ref-id', () => {
    expect(checkPanEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' })).toEqual([]);
    expect(found(checkPanEligibilitySend({ clientOrderId: '', sendingCardRefId: 'r' }))).toEqual(['client-order-id required']);
    expect(found(checkOperation('pan-eligibility/send', { 'client-order-id': 'o' }))).toEqual(['sending-card-ref-id required']);
    expect(found(checkOperation('pan-eligibility/send', { 'client-order-id': 'o', 'sending-card-ref-id': 'r', client_orderid: 'x' }))).toEqual([
      'client_orderid unknown-field',
    ]);
  });
});

describe('checkRecurringPaymentRows never echoes a column name that may be card data (finding 5)', () => {
  const row = {
    'client-orderid': 'order-1',
    'recurring-payment-id': '77',
    'credit-card-number': '4111111111111111',
    'card-printed-name': 'JOHN DOE',
    'expire-year': '2030',
    'expire-month': '12',
    amount: '9.99',
  };
  it('a header-less CSV row: card number and CVV keys are reported by position only', () => {
    // What decodeCsv with any names would make of a CSV whose header row is missing.
    const keyedByData = { ...row, '4111111111111111': 'x', '987': 'y', 'JOHN DOE': 'z', '4111 1111 1111 1111': 'w' };
    const issues = checkRow(keyedByData);
    expect(issues.map((issue) => [issue.field, issue.rule])).toEqual([
      ['(unknown column)', 'unknown-field'],
      ['(unknown column)', 'unknown-field'],
      ['(unknown column)', 'unknown-field'],
      ['(unknown column)', 'unknown-field'],
    ]);
    const text = JSON.stringify(issues);
    for (const secret of ['4111', '987', 'JOHN DOE', '1111']) expect(text).not.toContain(secret);
    expect(issues.map((issue) => describeIssue(issue))).toContain(
      '(unknown column): column 1 of the row is not a field of update-recurring-payments (its name is not shown: it may be card data from a missing CSV header row)',
    );
  });
  it('a mistyped name made of letters, - and _ is still named', () => {
    expect(checkRow({ ...row, client_orderid: 'x' }).map((issue) => describeIssue(issue))).toEqual([
      'client_orderid: is not a field of update-recurring-payments',
    ]);
  });
});
