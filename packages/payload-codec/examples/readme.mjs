// The README's example, runnable: node packages/payload-codec/examples/readme.mjs
import { percentEncode } from '@paysign/oauth-core';
import { decodePayload, encodePayload } from '@paysign/payload-codec';

// The columns come from the caller: for update-recurring-payments, @paysign/protocol/wire's
// recurringPaymentColumns (the spec's 37); here, the ones this row uses, in the spec's order.
const columns = [
  'client-orderid',
  'recurring-payment-id',
  'first-name',
  'last-name',
  'city',
  'start-date',
  'amount',
  'currency',
  'card-printed-name',
  'credit-card-number',
  'expire-month',
  'expire-year',
];

const payload = encodePayload(
  [
    {
      'client-orderid': '902B4FF5',
      'recurring-payment-id': '1254',
      'first-name': 'José',
      'last-name': 'Müller',
      city: '東京',
      'start-date': '01.02.2026',
      amount: '10.42',
      currency: 'EUR',
      'card-printed-name': 'JOSE MULLER',
      'credit-card-number': '4111111111111111',
      'expire-month': '12',
      'expire-year': '2029',
    },
  ],
  { columns },
);

const body = `payload=${percentEncode(payload)}`; // 'payload=Y2xpZW50LW9yZGVyaWQ7cmVjdXJyaW5n...MDI5DQo%3D'
console.log(body);
console.log(JSON.stringify(decodePayload(payload, { columns }).rows[0].city)); // "東京"
// A payload whose header is not made of known columns is refused, and never quoted:
try {
  decodePayload(encodePayload([{ [columns[0]]: '1' }], { columns: [columns[0]] }), { columns: ['amount'] });
} catch (error) {
  console.log(error.code); // UNKNOWN_HEADER
}
