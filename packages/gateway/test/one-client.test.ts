// One client per merchant (issue 28 item 1): a merchant with its control key and its private key
// builds one client, and each operation signs with the method the gateway documents for it
// (docs/gateway-api.md, the signing examples): pan-eligibility/send with HMAC-SHA1, the v4
// operations (update-recurring-payments, transfer) with RSA-SHA256. Each signature is checked
// over real HTTP with node:crypto, from a base string built by hand.
import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeIssue } from '@paysign/protocol';
import { createGatewayClient, GatewayValidationError, type GatewayClientOptions, type TransferRequest } from '../src/index.js';
import { handBaseString, readAuthorization, readBody, startServer, validPayment, type Handler, type SeenRequest } from './fixtures.js';

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D3D7D3C1B5';
const TRANSFER: TransferRequest = {
  clientOrderId: 'order-9',
  amount: '10.00',
  currency: 'EUR',
  cardRecurringPaymentId: 'src-1',
  destinationCardRecurringPaymentId: 'dst-1',
};
const ok: Handler = (_, res) => res.writeHead(200).end('type=async-response\n&status=processing\n&serial-number=s-1\n');

let privateKey: string;
let publicKey: string;
beforeAll(() => {
  ({ privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }));
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve() {
  const server = await startServer(ok);
  close = server.close;
  return server;
}

/** The method the request was signed with, after checking its signature by hand with that method's key. */
function checkedMethod(url: string, request: SeenRequest): string {
  const auth = readAuthorization(request.headers.authorization);
  const body = readBody(request.body);
  const method = auth.get('oauth_signature_method');
  const signed = new Map([...body, ...auth]);
  signed.delete('oauth_signature');
  const base = handBaseString(`${url}${request.path}`, signed);
  const signature = auth.get('oauth_signature') as string;
  if (method === 'HMAC-SHA1') expect(signature).toBe(createHmac('sha1', `${CONTROL_KEY}&`).update(base).digest('base64'));
  else expect(verify('sha256', Buffer.from(base), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
  return method as string;
}

describe('one client holding both keys', () => {
  it('signs pan-eligibility/send with HMAC-SHA1, update-recurring-payments and transfer with RSA-SHA256', async () => {
    const server = await serve();
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY, privateKey });
    expect(client.signatureMethods).toEqual({ 'pan-eligibility/send': 'HMAC-SHA1', 'update-recurring-payments': 'RSA-SHA256', transfer: 'RSA-SHA256' });
    await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
    await client.updateRecurringPayments([validPayment()]);
    await client.transfer(TRANSFER);
    expect(server.seen.map((request) => [request.path, checkedMethod(server.url, request)])).toEqual([
      ['/payment/api/v2/pan-eligibility/send/1234', 'HMAC-SHA1'],
      ['/payment/api/v4/update-recurring-payments/1234', 'RSA-SHA256'],
      ['/payment/api/v4/transfer/1234', 'RSA-SHA256'],
    ]);
    // As the spec's examples: the HMAC request carries the oauth_* parameters in the body too, the RSA ones do not.
    expect(readBody(server.seen[0]!.body).has('oauth_signature')).toBe(true);
    expect(readBody(server.seen[2]!.body).has('oauth_signature')).toBe(false);
  });

  it('signatureMethods overrides one operation, the others keep the documented method', async () => {
    const server = await serve();
    const client = createGatewayClient({
      baseUrl: server.url,
      endpointId: '1234',
      login: 'merchant-login',
      controlKey: CONTROL_KEY,
      privateKey,
      signatureMethods: { transfer: 'HMAC-SHA1' },
    });
    await client.transfer(TRANSFER);
    await client.updateRecurringPayments([validPayment()]);
    expect(server.seen.map((request) => checkedMethod(server.url, request))).toEqual(['HMAC-SHA1', 'RSA-SHA256']);
  });

  it('with only a control key every operation is HMAC-SHA1; with only a private key, RSA-SHA256', async () => {
    const server = await serve();
    const settings = { baseUrl: server.url, endpointId: '1234', login: 'merchant-login' };
    await createGatewayClient({ ...settings, controlKey: CONTROL_KEY }).transfer(TRANSFER);
    await createGatewayClient({ ...settings, privateKey }).panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
    expect(server.seen.map((request) => checkedMethod(server.url, request))).toEqual(['HMAC-SHA1', 'RSA-SHA256']);
  });

  it('a method chosen whose key is missing is refused with INVALID_OPTIONS naming the option', () => {
    const attempt = (options: unknown) => {
      try {
        createGatewayClient(options as GatewayClientOptions);
      } catch (error) {
        expect(error).toBeInstanceOf(GatewayValidationError);
        expect((error as GatewayValidationError).code).toBe('INVALID_OPTIONS');
        expect((error as Error).message).not.toContain(CONTROL_KEY);
        return (error as GatewayValidationError).issues.map((issue) => describeIssue(issue));
      }
      return [];
    };
    const settings = { baseUrl: 'https://sandbox.gate.example', endpointId: '1234', login: 'merchant-login' };
    expect(attempt({ ...settings, controlKey: CONTROL_KEY, signatureMethods: { transfer: 'RSA-SHA256' } })).toEqual([
      'signatureMethods.transfer: RSA-SHA256 signs with the privateKey, which is not given',
    ]);
    expect(attempt({ ...settings, privateKey, signatureMethods: { 'pan-eligibility/send': 'HMAC-SHA1' } })).toEqual([
      'signatureMethods.pan-eligibility/send: HMAC-SHA1 signs with the controlKey, which is not given',
    ]);
    expect(attempt({ ...settings })).toEqual(['controlKey: give controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both']);
  });
});
