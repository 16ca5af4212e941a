// The client writes update-recurring-payments' CSV: NUL is refused in every cell (quoted or
// not), and formula-looking cells reach the gateway verbatim (attack finding 13). Over HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayValidationError, type GatewayClientSettings } from '../src/index.js';
import { readBody, startServer, validPayment } from './fixtures.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function gateway() {
  const server = await startServer((_, res) => res.writeHead(200, { 'Content-Length': '0' }).end());
  close = server.close;
  return server;
}

const client = (url: string, extra: Partial<GatewayClientSettings> = {}) =>
  createGatewayClient({ baseUrl: url, endpointId: '1234', login: 'merchant', controlKey: 'control-key', ...extra });

describe('the CSV the client writes', () => {
  for (const csvQuoting of ['reject', 'rfc4180'] as const) {
    it(`refuses a NUL in any cell before sending (csvQuoting: '${csvQuoting}'), naming the row and field, not the value`, async () => {
      const server = await gateway();
      let error: unknown;
      try {
        await client(server.url, { csvQuoting }).updateRecurringPayments([
          validPayment(),
          { ...validPayment(), cardPrintedName: 'JOHN\0DOE', city: 'Lis\0bon' },
        ]);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(GatewayValidationError);
      const issues = (error as GatewayValidationError).issues;
      expect(issues.map((issue) => [issue.row, issue.field, issue.rule])).toEqual([
        [1, 'card-printed-name', 'csv-character'],
        [1, 'city', 'csv-character'],
      ]);
      expect((error as Error).message).not.toMatch(/JOHN|Lis/);
      expect(server.seen).toHaveLength(0);
    });
  }

  it('sends formula-looking cells (=, +, -, @ first) byte for byte', async () => {
    const server = await gateway();
    const payment = { ...validPayment(), phone: '+351 912 345 678', paymentDescription: '=SUM(A1:A9)', email: '@user', city: '-', address1: '+-=@' };
    await client(server.url).updateRecurringPayments([payment]);
    const csv = Buffer.from(readBody(server.seen[0]!.body).get('payload')!, 'base64').toString('utf8');
    const [header, row] = csv.split('\r\n').map((line) => line.split(';'));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('phone'), cell('payment-description'), cell('email'), cell('city'), cell('address1')]).toEqual([
      '+351 912 345 678',
      '=SUM(A1:A9)',
      '@user',
      '-',
      '+-=@',
    ]);
  });
});
