import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEmulator, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_PARAMETERS, EmulatorError, type EmulatorEvent } from '@paysign/emulator';
import { encodeGatewayReply } from '@paysign/protocol/wire';
import { handSign } from './independent-signer.js';

describe('createEmulator options', () => {
  it.each([
    [{ merchants: [{ login: '', controlKey: 'k', endpointIds: ['1'] }] }, 'merchant.login must be a non-empty string'],
    [{ merchants: [{ login: 'm', controlKey: 'k', endpointIds: [] }] }, 'merchant m: endpointIds must be a non-empty list'],
    [{ merchants: [{ login: 'm', endpointIds: ['1'] }] }, 'merchant m: needs a controlKey (HMAC-SHA1) or publicKeys (RSA-SHA256)'],
    [{ merchants: [{ login: 'm', publicKeys: ['not a key'], endpointIds: ['1'] }] }, 'merchant m: publicKeys[0] is not a usable RSA public key (INVALID_KEY)'],
    [
      {
        merchants: [
          { login: 'm', controlKey: 'k', endpointIds: ['1'] },
          { login: 'm', controlKey: 'k', endpointIds: ['1'] },
        ],
      },
      'merchant m is already registered',
    ],
    [{ pathPrefix: 'payment' }, 'pathPrefix must be empty or /segment'],
    [{ publicOrigin: 'nowhere' }, 'publicOrigin must be an absolute URL'],
    [{ maxBodyBytes: 0 }, 'maxBodyBytes must be a positive integer'],
    [{ maxBodyBytes: Number.POSITIVE_INFINITY }, 'maxBodyBytes must be a positive integer'],
    [{ maxParameters: 1.5 }, 'maxParameters must be a positive integer'],
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

  it('logs an unknown path with the path called (a doubled /payment shows), the version the command lives at, or the command not played', async () => {
    const events: EmulatorEvent[] = [];
    const emulator = createEmulator({ log: (event) => events.push(event) });
    for (const [method, path] of [
      ['POST', '/payment/payment/api/v4/transfer/1'],
      ['POST', '/payment/api/v4/pan-eligibility/send/1'],
      ['GET', '/payment/api/v4/transfer/1'],
      ['POST', '/payment/api/v4/status/1'],
    ] as const) {
      const response = await emulator.fetch(new Request(`http://gate.test${path}`, { method }));
      expect(response.status).toBe(404);
    }
    expect(events).toEqual([
      {
        kind: 'refused',
        status: 404,
        method: 'POST',
        path: '/payment/payment/api/v4/transfer/1',
        reason: 'unknown_route',
        message: 'no operation at /payment/payment/api/v4/transfer/1: check the base URL and the path (/payment/api/{version}/{command}/{endpoint id})',
      },
      // pan-eligibility/send is v2 in the spec (docs/gateway-api.md, "Versioning"): v4 is no operation.
      {
        kind: 'refused',
        status: 404,
        method: 'POST',
        path: '/payment/api/v4/pan-eligibility/send/1',
        reason: 'unknown_route',
        message:
          'no operation at /payment/api/v4/pan-eligibility/send/1: pan-eligibility/send is v2, not v4 (/payment/api/v2/pan-eligibility/send/{endpoint id})',
      },
      {
        kind: 'refused',
        status: 404,
        method: 'GET',
        path: '/payment/api/v4/transfer/1',
        reason: 'unknown_route',
        message: 'no operation at /payment/api/v4/transfer/1: transfer (v4) takes POST, not GET',
      },
      // A command of the gateway the emulator does not play: named with the version called (#35).
      {
        kind: 'refused',
        status: 404,
        method: 'POST',
        path: '/payment/api/v4/status/1',
        reason: 'unknown_route',
        message: 'the emulator does not play the command status (v4): it plays update-recurring-payments (v4), pan-eligibility/send (v2), transfer (v4)',
      },
    ]);
  });

  it('honours a custom path prefix', async () => {
    const emulator = createEmulator({
      pathPrefix: '/gate/v',
      log: () => {},
      profiles: [{ 'recurring-payment-id': 'x', 'credit-card-number': '4111111111111111' }],
    });
    const response = await emulator.fetch(new Request('http://gate.test/gate/v/emulator/recurring-payments/x'));
    // The profile view also carries the payment's life (state, counter, charges, callbacks).
    expect(await response.json()).toEqual({
      id: 'x',
      revision: 0,
      owner: null,
      state: 'active',
      currentRepeatsNumber: 0,
      scheduleProblem: expect.stringMatching(/no usable schedule/),
      charges: [],
      callbacks: [],
      upcoming: [],
      fields: { 'recurring-payment-id': 'x', 'credit-card-number': '411111******1111' },
    });
  });
});

describe('request caps through the fetch handler alone', () => {
  const hmac = { method: 'HMAC-SHA1', controlKey: 'caps-key' } as const;
  const target = 'http://gate.test/payment/api/v2/pan-eligibility/send/1234';
  const send = (emulator: ReturnType<typeof createEmulator>, params: [string, string][]) => {
    const signed = handSign(target, 'merchant', hmac, params);
    return emulator.fetch(
      new Request(target, {
        method: 'POST',
        headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: signed.body,
      }),
    );
  };
  const merchants = [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'] }];

  it('documents its defaults: 1 MiB and 128 parameters', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(1_048_576);
    expect(DEFAULT_MAX_PARAMETERS).toBe(128);
  });

  it('honours maxBodyBytes: one byte over is 413 with the connection closed, the cap itself passes', async () => {
    const params: [string, string][] = [
      ['client-order-id', 'o-1'],
      ['sending-card-ref-id', 'r-1'],
    ];
    const size = new TextEncoder().encode(handSign(target, 'merchant', hmac, params).body).byteLength;
    const over = await send(createEmulator({ merchants, maxBodyBytes: size - 1, log: () => {} }), params);
    expect(over.status).toBe(413);
    expect(over.headers.get('connection')).toBe('close');
    expect((await send(createEmulator({ merchants, maxBodyBytes: size, log: () => {} }), params)).status).toBe(200);
  });

  it('honours maxParameters: one more is 400, the cap itself passes', async () => {
    const params: [string, string][] = [
      ['client-order-id', 'o-1'],
      ['sending-card-ref-id', 'r-1'],
      ['x', '1'],
    ];
    expect((await send(createEmulator({ merchants, maxParameters: 2, log: () => {} }), params)).status).toBe(400);
    const atCap = await send(createEmulator({ merchants, maxParameters: 3, log: () => {} }), params);
    expect(atCap.status).toBe(200); // a validation-error reply: x is not a field, but the request got through the cap
  });
});

describe('encodeGatewayReply', () => {
  it('ends every value with a raw \\n and writes spaces as +, as the real reply does (docs/reference/real-status-response.txt)', () => {
    expect(
      encodeGatewayReply([
        ['type', 'status-response'],
        ['original-gate-descriptor', 'Callkey LP TEST EUR'],
        ['email', 'john.smith@gmail.com'],
      ]),
    ).toBe('type=status-response\n&original-gate-descriptor=Callkey+LP+TEST+EUR\n&email=john.smith%40gmail.com\n');
  });
});
