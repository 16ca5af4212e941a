// The README's example, runnable: node packages/payload-codec/examples/readme.mjs
import { decodeForm, encodeForm, encodePayload, recurringPaymentExampleColumns } from '@paysign/payload-codec';

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
  { columns: recurringPaymentExampleColumns },
);

const body = encodeForm({ payload }); // 'payload=Y2xpZW50LW9yZGVyaWQ7cmVjdXJyaW5n...MDI5DQo%3D'
console.log(body);
console.log(JSON.stringify(decodeForm('type=validation-error&error-message=Invalid+amount&error-code=200')));
// [['type', 'validation-error'], ['error-message', 'Invalid amount'], ['error-code', '200']]
