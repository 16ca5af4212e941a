// Node KeyObjects as RSA keys (the types accept them; the conformance suites cannot make them
// outside Node): each entry signs with one as with the PEM it came from, the verifier checks with
// a public one, and wrong KeyObjects (public for private, secret, EC, too short) are refused with
// the stable code and a message that names the problem, never the key.
import { createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import rsaVectors from '../../../conformance/vectors/rsa-published.json' with { type: 'json' };
import * as js from '../src/entries/js.js';
import * as node from '../src/entries/node.js';
import * as webcrypto from '../src/entries/webcrypto.js';

const oauthlib = (rsaVectors.cases as { id: string; privateKeyPem: string; publicKeyPem?: string }[]).find((c) => c.id === 'oauthlib-rsa-sha256')!;
const PEM = oauthlib.privateKeyPem;
const privateKey = createPrivateKey(PEM);
const publicKey = createPublicKey(PEM);
const BASE = 'POST&https%3A%2F%2Fgate.example%2Fpayment&amount%3D10.00';
const entries = { node, webcrypto, js };

function codeOf(fn: () => unknown): Promise<unknown> {
  return Promise.resolve()
    .then(fn)
    .then(
      () => 'no error',
      (error: unknown) => [(error as { code?: string }).code, String((error as Error).message)],
    );
}

describe('a Node KeyObject as the RSA key', () => {
  for (const [name, core] of Object.entries(entries)) {
    it(`[${name}] signs as the PEM it came from, and verifies with the public KeyObject`, async () => {
      const fromPem = await core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: PEM, minimumRsaKeyBits: 1024 });
      const fromKeyObject = await core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey, minimumRsaKeyBits: 1024 });
      expect(fromKeyObject).toBe(fromPem);
      expect(await core.verifyBaseString(BASE, fromKeyObject, { signatureMethod: 'RSA-SHA256', publicKey, minimumRsaKeyBits: 1024 })).toBe(true);
      expect(await core.verifyBaseString(`${BASE}x`, fromKeyObject, { signatureMethod: 'RSA-SHA256', publicKey, minimumRsaKeyBits: 1024 })).toBe(false);
    });

    it(`[${name}] refuses a public KeyObject to sign, a private one to verify, a secret or EC one, naming the problem`, async () => {
      const sign =
        (key: unknown, minimumRsaKeyBits = 1024) =>
        () =>
          core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: key as never, minimumRsaKeyBits });
      const verify = (key: unknown) => () =>
        core.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: key as never, minimumRsaKeyBits: 1024 });
      expect(await codeOf(sign(publicKey))).toEqual(['INVALID_KEY', expect.stringContaining('expected a private KeyObject, got a public one')]);
      expect(await codeOf(verify(privateKey))).toEqual(['INVALID_KEY', expect.stringContaining('expected a public KeyObject, got a private one')]);
      expect(await codeOf(sign(createSecretKey(Buffer.from('secret-bytes'))))).toEqual(['INVALID_KEY', expect.stringContaining('got a secret one')]);
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      expect(await codeOf(sign(ec.privateKey))).toEqual(['INVALID_KEY', expect.stringContaining('not an RSA key (ec)')]);
      expect(await codeOf(verify(ec.publicKey))).toEqual(['INVALID_KEY', expect.stringContaining('not an RSA key (ec)')]);
      for (const [code, message] of [await codeOf(sign(publicKey)), await codeOf(sign(ec.privateKey))] as [string, string][]) {
        expect(code).toBe('INVALID_KEY');
        expect(message).not.toContain('MII');
      }
    });

    it(`[${name}] minimumRsaKeyBits: 2048 by default, the key's own size passes, one bit more fails, a bad value is refused`, async () => {
      const sign = (minimumRsaKeyBits?: number) => () =>
        core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey, ...(minimumRsaKeyBits !== undefined && { minimumRsaKeyBits }) });
      expect(await codeOf(sign())).toEqual(['WEAK_KEY', 'the RSA key has 1024 bits; at least 2048 are required (minimumRsaKeyBits)']);
      expect(await codeOf(sign(1025))).toEqual(['WEAK_KEY', expect.stringContaining('at least 1025')]);
      expect(typeof (await sign(1024)())).toBe('string');
      expect(typeof (await sign(0)())).toBe('string');
      for (const bad of [-1, 1.5, Number.NaN])
        expect(await codeOf(sign(bad))).toEqual(['INVALID_PARAMETER', 'minimumRsaKeyBits must be a non-negative integer']);
      const verify = (minimumRsaKeyBits: number) => () => core.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey, minimumRsaKeyBits });
      expect(await codeOf(verify(-1))).toEqual(['INVALID_PARAMETER', 'minimumRsaKeyBits must be a non-negative integer']);
      expect(await codeOf(verify(1025))).toEqual(['WEAK_KEY', expect.stringContaining('1024 bits')]);
    });
  }

  it('createSigner and createVerifier take KeyObjects end to end', async () => {
    const signer = node.createSigner({
      consumerKey: 'merchant',
      signatureMethod: 'RSA-SHA256',
      privateKey,
      minimumRsaKeyBits: 1024,
      nonce: () => 'n',
      timestamp: () => 1_700_000_000,
    });
    const signed = signer.signSync({ url: 'https://gate.example/payment', params: { amount: '10.00' } });
    const verifier = node.createVerifier({ lookup: () => ({ publicKey, minimumRsaKeyBits: 1024 }), now: () => 1_700_000_000 });
    const result = await verifier.verify({ method: 'POST', url: signed.url, authorization: signed.authorization, body: signed.body });
    expect(result.ok).toBe(true);
  });
});
