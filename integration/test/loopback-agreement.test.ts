// One loopback, one answer (RFC 1122: 127.0.0.0/8; RFC 4291: ::1; RFC 6761: localhost), in every
// package that asks: the client's plain-http baseUrl, the edge proxy's gatewayUrl, the CLI's "is this
// a local emulator", the emulator's admin callers and admin Host header. Before @paysign/protocol's
// isLoopbackHost was the one definition, http://127.0.0.2 was loopback to the CLI and the emulator
// and refused by the client and the proxy; and the proxy took a gatewayUrl with user:pass@.
import { describe, expect, it } from 'vitest';
import { createSigningProxy, EdgeError, type SigningProxyOptions } from '@paysign/edge';
import { createGatewayClient, GatewayValidationError } from '@paysign/gateway';
import { isLoopbackUrl } from '../../packages/cli/src/commands/explain-emulator.js';
import { adminHostAllowed } from '../../packages/emulator/src/admin/host-check.js';
import { adminAllowed } from '../../packages/emulator/src/admin/loopback.js';

const CONTROL_KEY = 'control-key-loopback-agreement-3f9a1c7e5b2d4086';

// [host as a URL writes it, is it loopback]
const HOSTS: [string, boolean][] = [
  ['127.0.0.1', true],
  ['127.0.0.2', true],
  ['127.255.255.254', true],
  ['localhost', true],
  ['[::1]', true],
  ['[::ffff:7f00:2]', true],
  ['128.0.0.1', false],
  ['10.0.0.7', false],
  ['0.0.0.0', false],
  ['localhost.example', false],
  ['127.0.0.1.example', false],
  ['[::2]', false],
];

/** Whether the client refuses the URL: an issue on its baseUrl. */
function clientRefuses(baseUrl: string): boolean {
  try {
    createGatewayClient({ baseUrl, endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY });
    return false;
  } catch (error) {
    if (!(error instanceof GatewayValidationError)) throw error;
    return error.issues.some((issue) => issue.field === 'baseUrl');
  }
}

function proxyRefuses(gatewayUrl: string): boolean {
  const options: SigningProxyOptions = {
    gatewayUrl,
    merchant: { login: 'm', signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
    callers: { bearerTokens: ['caller-token-loopback-agreement-7d2e9b41c6a85f30'] },
    allow: { transfer: ['1234'] },
  };
  try {
    createSigningProxy(options);
    return false;
  } catch (error) {
    if (!(error instanceof EdgeError)) throw error;
    expect(error.message).toMatch(/^gatewayUrl: /);
    return true;
  }
}

describe('every package gives loopback the same answer', () => {
  for (const [host, loopback] of HOSTS) {
    it(`${host} is ${loopback ? '' : 'not '}loopback to the client, the proxy, the CLI and the emulator`, () => {
      const url = `http://${host}:8080`;
      const hostname = new URL(url).hostname;
      const address = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
      expect({
        client: !clientRefuses(url),
        proxy: !proxyRefuses(url),
        cli: isLoopbackUrl(url),
        emulatorCaller: adminAllowed('loopback', { remoteAddress: address }),
        emulatorHost: adminHostAllowed(new Request(`${url}/emulator/clock`, { headers: { Host: `${host}:8080` } }), { remoteAddress: '127.0.0.1' }, undefined),
      }).toEqual({ client: loopback, proxy: loopback, cli: loopback, emulatorCaller: loopback, emulatorHost: loopback });
    });
  }

  it('the client and the proxy both accept https to any host, and both refuse credentials in the URL', () => {
    expect([clientRefuses('https://sandbox.gate.example'), proxyRefuses('https://sandbox.gate.example')]).toEqual([false, false]);
    for (const url of ['https://user:pass@sandbox.gate.example', 'https://user@sandbox.gate.example', 'http://user:pass@127.0.0.1:8080']) {
      expect([clientRefuses(url), proxyRefuses(url)], url).toEqual([true, true]);
    }
  });
});
