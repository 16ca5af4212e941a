import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEmulator, EmulatorError, encodeGatewayReply } from '@paysign/emulator';

describe('createEmulator options', () => {
  it.each([
    [{ merchants: [{ login: '', controlKey: 'k', endpointIds: ['1'] }] }, 'merchant.login must be a non-empty string'],
    [{ merchants: [{ login: 'm', controlKey: 'k', endpointIds: [] }] }, 'merchant m: endpointIds must be a non-empty list'],
    [{ merchants: [{ login: 'm', endpointIds: ['1'] }] }, 'merchant m: needs a controlKey (HMAC-SHA1) or publicKeys (RSA-SHA256)'],
    [{ merchants: [{ login: 'm', publicKeys: ['not a key'], endpointIds: ['1'] }] }, 'merchant m: publicKeys[0] is not a usable RSA public key (INVALID_KEY)'],
    [{ merchants: [{ login: 'm', controlKey: 'k', endpointIds: ['1'] }, { login: 'm', controlKey: 'k', endpointIds: ['1'] }] }, 'merchant m is already registered'],
    [{ pathPrefix: 'payment' }, 'pathPrefix must be empty or /segment'],
    [{ publicOrigin: 'nowhere' }, 'publicOrigin must be an absolute URL'],
  ])('refuses %j', (options, message) => {
    expect(() => createEmulator({ log: () => {}, ...options })).toThrow(EmulatorError);
    expect(() => createEmulator({ log: () => {}, ...options })).toThrow(message);
  });

  it('refuses RSA keys under 2048 bits without echoing the key', () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(() => createEmulator({ merchants: [{ login: 'm', publicKeys: [weak], endpointIds: ['1'] }] })).toThrow('(WEAK_KEY)');
  });

  it('answers unknown paths with an empty 404 carrying the gateway headers, through the fetch handler alone', async () => {
    const emulator = createEmulator({ log: () => {} });
    const response = await emulator.fetch(new Request('http://gate.test/payment/api/v9/nothing/1', { method: 'POST' }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('honours a custom path prefix', async () => {
    const emulator = createEmulator({ pathPrefix: '/gate/v', log: () => {}, profiles: [{ 'recurring-payment-id': 'x', 'credit-card-number': '4111111111111111' }] });
    const response = await emulator.fetch(new Request('http://gate.test/gate/v/emulator/recurring-payments/x'));
    expect(await response.json()).toEqual({ id: 'x', revision: 0, fields: { 'recurring-payment-id': 'x', 'credit-card-number': '411111******1111' } });
  });
});

describe('encodeGatewayReply', () => {
  it('ends every value with a raw \\n and writes spaces as +, as the real reply does (shared/reference/real-status-response.txt)', () => {
    expect(encodeGatewayReply([['type', 'status-response'], ['original-gate-descriptor', 'Callkey LP TEST EUR'], ['email', 'john.smith@gmail.com']])).toBe(
      'type=status-response\n&original-gate-descriptor=Callkey+LP+TEST+EUR\n&email=john.smith%40gmail.com\n',
    );
  });
});
