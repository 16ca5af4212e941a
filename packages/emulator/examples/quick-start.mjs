// The README's quick start, runnable: node packages/emulator/examples/quick-start.mjs
// Serves the emulator on a free loopback port, sends it one signed request with the gateway
// client, reads a profile back, and stops.
import { serve } from '@paysign/emulator/node';
import { createGatewayClient } from '@paysign/gateway';

const server = await serve({
  merchants: [{ login: 'merchant', controlKey: 'control-key', endpointIds: ['1234'], currency: 'EUR' }],
  profiles: [{ 'recurring-payment-id': 'rp-1', 'client-orderid': 'order-1', 'credit-card-number': '4111111111111111', amount: '10.00', currency: 'EUR' }],
});
console.log(`listening on ${server.url}`);

const client = createGatewayClient({ baseUrl: server.url, endpointId: '1234', login: 'merchant', controlKey: 'control-key' });
const result = await client.panEligibilitySend({ clientOrderId: 'order-2', sendingCardRefId: 'card-ref-7' });
console.log(`pan-eligibility/send: ${result.type} ${result.status}`);

const profile = await fetch(`${server.url}/payment/emulator/recurring-payments/rp-1`).then((response) => response.json());
console.log(`rp-1 card: ${profile.fields['credit-card-number']} (revision ${profile.revision})`);
await server.close();
