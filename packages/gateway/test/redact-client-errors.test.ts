// Issue #19 item 11: a gateway message echoing a card number glued to text, or written with `_` or
// `/` separators, reaches nothing the client throws. Over real HTTP, from a server on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayResponseError } from '../src/index.js';
import { startServer, validPayment } from './fixtures.js';

const PAN = '4111111111111111';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function thrownBy(reply: { status: number; body: string; headers?: Record<string, string> }): Promise<GatewayResponseError> {
  const server = await startServer((_, res) => res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.body));
  close = server.close;
  const client = createGatewayClient({ baseUrl: server.url, endpointId: '1', login: 'merchant', controlKey: 'key' });
  const error = await client.updateRecurringPayments([validPayment()]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GatewayResponseError);
  return error as GatewayResponseError;
}

/** Everything a caller could print or log of the error. */
const everything = (error: GatewayResponseError) => `${error.message}\n${error.stack}\n${JSON.stringify(error.details)}\n${String(error)}`;

describe('the client masks card numbers the gateway echoes, whatever surrounds them', () => {
  const echoes = [`pan=${PAN}x`, `card${PAN}declined`, `id_${PAN}_bad`, '4111_1111_1111_1111', '4111/1111/1111/1111', `ORD${PAN}`];
  for (const echo of echoes) {
    it(`error-message "${echo}" (type=error)`, async () => {
      const error = await thrownBy({ status: 200, body: `type=error&error-code=2&error-message=${encodeURIComponent(`refused: ${echo} is wrong`)}` });
      const text = everything(error);
      expect(text).not.toContain(PAN);
      expect(text).not.toContain(echo);
      expect(error.details.gatewayMessage).toContain('411111******1111');
    });
  }

  it('in a field of a validation-error and in the error ID of a 500', async () => {
    const validation = await thrownBy({ status: 200, body: `type=validation-error&error-message=bad&card-ref=x${PAN}y` });
    expect(everything(validation)).not.toContain(PAN);
    expect(validation.details.fields['card-ref']).toBe('x411111******1111y');
    const server = await thrownBy({ status: 500, body: `err${PAN}` });
    expect(everything(server)).not.toContain(PAN);
    expect(server.details.errorId).toBe('err411111******1111');
  });
});
