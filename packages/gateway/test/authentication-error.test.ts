// A refused signature (HTTP 401/403) is thrown as a GatewayAuthenticationError that is complete
// when it is made: the client passes the signed base string, card data masked, to its constructor
// instead of setting it on the error afterwards (#20 item 6). Over real HTTP, from 127.0.0.1.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayAuthenticationError, parseGatewayResponse } from '../src/index.js';
import { rfc3986, startServer, TEST_PAN } from './fixtures.js';

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D3D7D3C1B5';
const DESTINATION_PAN = '5555555555554444';
const CVV = '987';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

// RFC 5849 writes each pair of the base string with name and value percent-encoded twice.
const twice = (text: string) => rfc3986(rfc3986(text));
const pair = (name: string, value: string) => `${twice(name)}%3D${twice(value)}`;

describe('GatewayAuthenticationError carries the redacted base string from its construction', () => {
  it('takes redactedBaseString as a constructor argument', () => {
    const details = { httpStatus: 403, fields: {} };
    const error = new GatewayAuthenticationError('HTTP 403', details, { redactedBaseString: 'POST&https%3A%2F%2Fgate.example&a%3D1' });
    expect(error.redactedBaseString).toBe('POST&https%3A%2F%2Fgate.example&a%3D1');
    expect(error.code).toBe('AUTHENTICATION_FAILED');
    expect(error.details).toBe(details);
    expect(new GatewayAuthenticationError('HTTP 403', details).redactedBaseString).toBeUndefined();
  });

  it('parseGatewayResponse alone knows no request: its error has no base string', () => {
    let thrown: unknown;
    try {
      parseGatewayResponse(403, '');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GatewayAuthenticationError);
    expect((thrown as GatewayAuthenticationError).redactedBaseString).toBeUndefined();
  });

  it("the client's error, thrown for a 403 to a transfer, has the base string masked and no card data anywhere", async () => {
    const server = await startServer((_, res) => res.writeHead(403, { 'Content-Length': '0' }).end());
    close = server.close;
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY });
    const error = await client
      .transfer({
        clientOrderId: 'order-1',
        amount: '10.00',
        currency: 'EUR',
        creditCardNumber: TEST_PAN,
        expireMonth: 1,
        expireYear: 2030,
        cvv2: CVV,
        destinationCardNo: DESTINATION_PAN,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayAuthenticationError);
    const redacted = (error as GatewayAuthenticationError).redactedBaseString;
    expect(redacted?.startsWith(`POST&${encodeURIComponent(`${server.url}/payment/api/v4/transfer/1234`)}&`)).toBe(true);
    // A masked value reads as masked (@paysign/protocol's redactBaseString), not encoded.
    expect(redacted).toContain('credit_card_number%3D411111******1111');
    expect(redacted).toContain('destination-card-no%3D555555******4444');
    expect(redacted).toContain('cvv2%3D***');
    expect(redacted).toContain(pair('amount', '10.00'));
    // Everything a caller could print or log of the error: no card number, no CVV, no key.
    const everything = `${inspect(error, { depth: Number.POSITIVE_INFINITY })}\n${JSON.stringify(error)}\n${String(error)}\n${(error as Error).stack}`;
    for (const secret of [TEST_PAN, DESTINATION_PAN, pair('cvv2', CVV), `cvv2=${CVV}`, CONTROL_KEY]) expect(everything).not.toContain(secret);
    expect(server.seen).toHaveLength(1);
  });
});
