// A signer's refusal is reported under the option the caller wrote, not always as the key: a
// timestamp() in milliseconds names `timestamp`, a nonce() that gives nothing names `nonce`, an
// unreadable private key names `privateKey`. Nothing is sent in any of these cases.
import { describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayValidationError } from '../src/index.js';
import { startServer } from './fixtures.js';

async function refusal(run: () => Promise<unknown>): Promise<GatewayValidationError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof GatewayValidationError) return error;
    throw error;
  }
  throw new Error('expected a GatewayValidationError');
}

describe('option errors name the option', () => {
  it.each([
    ['timestamp', { timestamp: () => Date.now() }],
    ['nonce', { nonce: () => '' }],
  ] as const)('%s: INVALID_OPTIONS on that field, and nothing sent', async (field, option) => {
    const server = await startServer((_request, response) => response.writeHead(200).end());
    try {
      const client = createGatewayClient({ baseUrl: server.url, endpointId: '1234', login: 'merchant', controlKey: 'control', ...option });
      const error = await refusal(() => client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' }));
      expect(error.code).toBe('INVALID_OPTIONS');
      expect(error.issues.map((issue) => [issue.field, issue.rule])).toEqual([[field, 'invalid-option']]);
      expect(server.seen).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('privateKey: an unreadable key is refused when the client is made, naming privateKey', async () => {
    const error = await refusal(async () => createGatewayClient({ baseUrl: 'https://gate.example', endpointId: '1', login: 'm', privateKey: 'not a key' }));
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.issues[0]?.field).toBe('privateKey');
    expect(error.message).not.toContain('not a key');
  });
});
