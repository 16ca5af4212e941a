// paysign bulk and paysign send send with @paysign/gateway/node's createNodeFetch (node:http), not
// Node's global fetch (undici): seen at a real server by what undici adds to every request and
// node:http does not (its fetch-metadata header and the compression it would decode).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysignAsync } from './run-cli.js';
import { stubGateway } from './stub-gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-transport-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = (url: string) => ({ PAYSIGN_BASE_URL: url, PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: 'key' });

describe('the transport of paysign bulk and send', () => {
  it('bulk sends over node:http with a kept-alive connection', async () => {
    const csv = join(dir, 'rows.csv');
    writeFileSync(
      csv,
      'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount\norder-1;rp-1;4111111111111111;JOHN DOE;2031;2;1.00\n',
    );
    const gateway = await stubGateway(403);
    try {
      const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--concurrency', '1'], env(gateway.url));
      expect(run.code).not.toBe(0);
      expect(gateway.received.length).toBeGreaterThan(0);
      const { headers } = gateway.received[0]!;
      expect(headers.authorization).toMatch(/^OAuth /);
      expect(headers.connection).toBe('keep-alive');
      expect(headers['sec-fetch-mode']).toBeUndefined();
      expect(headers['accept-encoding']).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });

  it('send sends over node:http', async () => {
    const file = join(dir, 'pan-eligibility.json');
    writeFileSync(file, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));
    const gateway = await stubGateway(403);
    try {
      const run = await paysignAsync(['send', 'pan-eligibility', '--file', file], env(gateway.url));
      expect(run.code).not.toBe(0);
      expect(gateway.received).toHaveLength(1);
      const { headers } = gateway.received[0]!;
      expect(headers.authorization).toMatch(/^OAuth /);
      expect(headers['sec-fetch-mode']).toBeUndefined();
      expect(headers['accept-encoding']).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });
});
