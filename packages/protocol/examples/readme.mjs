// The README's example (packages/protocol/README.md), run by the test suite.
import { checkOperation, maskPan } from '@paysign/protocol';
import { operationUrl } from '@paysign/protocol/wire';
import { previewSchedule } from '@paysign/protocol/schedule';

console.log(operationUrl('https://sandbox.gate.example', 'transfer', '1234'));
const transfer = { client_orderid: 'order-1', amount: '10.5', currency: 'eur', 'destination-card-no': '4111111111111112' };
console.log(checkOperation('transfer', transfer).map((issue) => `${issue.field}: ${issue.rule}`));
console.log(maskPan('4111111111111111'));
const payment = { amount: '9.99', period: 'month', interval: 1, startDate: '31.01.2030' };
console.log(previewSchedule(payment, { count: 3, today: '01.01.2030' }).map((charge) => charge.date));
