// Runnable: `pnpm --filter @paysign/gateway build && node packages/gateway/examples/local-roundtrip.mjs`
// Starts a stand-in gateway on 127.0.0.1, validates a recurring payment, previews its schedule,
// sends it signed with HMAC-SHA1, and prints what the server received.
import { createServer } from 'node:http';
import { createGatewayClient } from '@paysign/gateway';
import { previewSchedule } from '@paysign/protocol/schedule';
import { checkRecurringPayments } from '@paysign/protocol';

const payment = {
  clientOrderId: 'order-1',
  recurringPaymentId: '7701',
  creditCardNumber: '4111111111111111',
  cardPrintedName: 'JOHN DOE',
  expireYear: 2030,
  expireMonth: 12,
  amountSequence: ['9.99', '19.99'],
  period: 'month',
  interval: 1,
  startDate: '31.01.2030',
  maxRepeatsNumber: 4,
  type: 'auto',
};

console.log('issues:', checkRecurringPayments([payment], { projectCurrency: 'EUR' }));
console.log('schedule:', previewSchedule(payment, { count: 6, today: '31.01.2030' }));

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    console.log(req.method, req.url);
    console.log('Authorization:', req.headers.authorization);
    const payload = new URLSearchParams(body).get('payload');
    console.log('CSV:', JSON.stringify(`${Buffer.from(payload, 'base64').toString('utf8').slice(0, 120)}...`));
    res.writeHead(200, { 'Content-Length': '0' }).end();
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const client = createGatewayClient({
  baseUrl: `http://127.0.0.1:${server.address().port}`,
  endpointId: '1234',
  login: 'merchant-login',
  controlKey: 'control-key-from-the-gateway',
  timeoutMs: 5_000,
});
console.log('result:', await client.updateRecurringPayments([payment]));
server.close();
