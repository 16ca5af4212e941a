// Transfer fields that had no rule: amount as the recurring amounts, ipaddress an IP address,
// every string capped (attack finding 18).
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPanEligibilitySend, checkTransfer, type TransferRequest } from '../src/index.js';
import { transferFields } from '../src/wire.js';
import { isIpAddress, isIpv4Address, isIpv6Address } from '../src/validation/ip-address.js';

const base: TransferRequest = {
  clientOrderId: 'o',
  amount: '10.00',
  currency: 'EUR',
  cardRecurringPaymentId: 'src-1',
  destinationCardRecurringPaymentId: 'dst-1',
};
const found = (request: TransferRequest) => checkTransfer(request).map((issue) => `${issue.field} ${issue.rule}`);

describe('transfer amount', () => {
  it('has the decimal rule and the length of the recurring amounts (10)', () => {
    expect(found({ ...base, amount: '1234567.89' })).toEqual([]);
    expect(found({ ...base, amount: '12345678.90' })).toEqual(['amount max-length']);
    expect(found({ ...base, amount: '1e3' })).toEqual(['amount decimal']);
    expect(found({ ...base, amount: '-5.00' })).toEqual(['amount decimal']);
    expect(found({ ...base, amount: '10.' })).toEqual(['amount decimal']);
  });
});

describe('transfer ipaddress', () => {
  it('accepts IPv4 and IPv6 (with :: and an embedded IPv4 address)', () => {
    for (const ip of [
      '192.0.2.1',
      '0.0.0.0',
      '255.255.255.255',
      '2001:db8::1',
      '::',
      '::1',
      '1::',
      'fe80::1:2',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '::ffff:192.0.2.1',
      '64:ff9b::198.51.100.7',
      '1:2:3:4:5:6:192.0.2.1',
      '1:2:3:4:5:6:7::',
    ]) {
      expect(found({ ...base, ipaddress: ip }), ip).toEqual([]);
    }
  });

  it('refuses anything else, leading zeros in IPv4 octets included', () => {
    for (const ip of [
      '01.2.3.4',
      '1.2.3.04',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.',
      ' 1.2.3.4',
      '1.2.3.4 ',
      '１.2.3.4',
      'localhost',
      '2001:db8:::1',
      '2001::db8::1',
      ':1::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '12345::1',
      'g::1',
      'fe80::1%eth0',
      '[::1]',
      '::ffff:01.2.3.4',
      '::1.2.3',
      '1:2:3:4:5:6:7:1.2.3.4',
      '2001:db8::1/64',
      '',
    ]) {
      const issues = found({ ...base, ipaddress: ip });
      if (ip === '')
        expect(issues).toEqual([]); // empty counts as not given
      else expect(issues, JSON.stringify(ip)).toContain('ipaddress ip-address');
    }
    expect(found({ ...base, ipaddress: '1'.repeat(46) })).toEqual(['ipaddress max-length', 'ipaddress ip-address']);
  });

  it('agrees with the generators of fast-check, and never accepts what node:net refuses', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => isIpv4Address(ip) && isIpAddress(ip)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.ipV6(), (ip) => isIpv6Address(ip) && isIpAddress(ip)),
      { numRuns: 300 },
    );
    const ipish = fc.string({ unit: fc.constantFrom('0', '1', '9', 'a', 'f', 'g', ':', '.', '2', '5'), maxLength: 24 });
    fc.assert(
      fc.property(ipish, (text) => {
        if (isIpAddress(text)) expect(isIP(text)).not.toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('every transfer string field has a length cap', () => {
  it('lists a maxLength for each field', () => {
    expect(transferFields.filter((field) => !('maxLength' in field) || field.maxLength === undefined)).toEqual([]);
  });

  it('refuses a value over the cap for fields that had none', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(found({ ...base, cardRecurringPaymentId: long(129) })).toEqual(['card_recurring_payment_id max-length']);
    expect(found({ ...base, destinationCardRecurringPaymentId: long(129) })).toEqual(['destination_card_recurring_payment_id max-length']);
    expect(found({ ...base, redirectUrl: `https://m.example/${long(1024)}` })).toEqual(['redirect_url max-length']);
    expect(found({ ...base, currency: 'EURO' })).toEqual(['currency max-length', 'currency currency-format']);
    expect(found({ ...base, cardRecurringPaymentId: long(128), destinationCardRecurringPaymentId: long(128) })).toEqual([]);
    expect(checkPanEligibilitySend({ clientOrderId: long(129), sendingCardRefId: long(129) }).map((issue) => `${issue.field} ${issue.rule}`)).toEqual([
      'client-order-id max-length',
      'sending-card-ref-id max-length',
    ]);
  });
});
