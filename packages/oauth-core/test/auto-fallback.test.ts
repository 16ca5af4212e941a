// The automatic entry on a runtime with neither node:crypto nor crypto.subtle: pure-JS HMAC, and
// never pure-JS RSA (not constant-time) unless chosen by importing /js.
import { randomFillSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY_PEM = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----';

async function autoEntryWithoutSubtle() {
  // The entry reads `crypto.subtle` when it loads: load a fresh copy with only getRandomValues left.
  vi.resetModules();
  vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => randomFillSync(bytes) });
  return import('../src/entries/auto.js');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the automatic entry without crypto.subtle', () => {
  it('signs HMAC with pure JS, byte for byte as the node entry', async () => {
    const auto = await autoEntryWithoutSubtle();
    expect(
      auto.createSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1' }).sign({ url: 'https://gate.example/' }),
    ).toBeInstanceOf(Promise);
    const options = { consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1', nonce: () => 'n', timestamp: () => 1 } as const;
    const request = { url: 'https://gate.example/payment/api/v4/transfer/42', params: { amount: '10.00' } };
    expect(auto.defaultAdapter.name).toBe('js');
    const viaAuto = await auto.createSigner(options).sign(request);
    vi.unstubAllGlobals();
    const node = await import('@paysign/oauth-core/node');
    expect(viaAuto).toEqual(node.createSigner(options).signSync(request));
  });

  it('refuses RSA signing and verifying with ADAPTER_UNAVAILABLE, pointing at /js', async () => {
    const auto = await autoEntryWithoutSubtle();
    // The refusal is thrown by the adapter itself, so it comes when the signer is made.
    let signing: unknown;
    try {
      auto.createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: KEY_PEM });
    } catch (error) {
      signing = error;
    }
    expect(signing).toMatchObject({ code: 'ADAPTER_UNAVAILABLE', message: expect.stringContaining('@paysign/oauth-core/js') });
    const verifying = await auto.verifyBaseString('b', 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: KEY_PEM }).catch((e: unknown) => e);
    expect(verifying).toMatchObject({ code: 'ADAPTER_UNAVAILABLE' });
  });
});
