// Every benchmarked signer must produce a signature that verifies: a fast peer or adapter that
// signs the wrong bytes would make the benchmark meaningless. Checked with a public key or by
// recomputing the MAC, never by comparing two outputs of the same code.
import { createPublicKey, createHmac, generateKeyPairSync, sign as cryptoSign, verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifier } from '@paysign/oauth-core/node';
import { CONSUMER_KEY, CONTROL_KEY, specRequests, transfer, updateRecurringPayments, recurringCsv } from '../src/fixtures/requests.js';
import { buildMatrix } from '../src/signers/matrix.js';
import { floorCase, precomputedBaseString, HMAC_KEY } from '../src/signers/floors.js';
import { nodeCryptoPrimitives } from '../src/signers/primitives-node.js';
import { webCryptoPrimitives } from '../src/signers/primitives-webcrypto.js';
import { mastercardCase, oauth10aCase, oauthSignCase } from '../src/signers/peers.js';
import { HOST_ADAPTERS } from '../src/suites/signing-host.js';
import { fixedSignerOptions } from '../src/signers/paysign.js';
import type { GroupSpec } from '../src/signers/types.js';

let pkcs1Pem = '';
const NOW = 1_767_225_600; // the fixed oauth_timestamp of fixedSignerOptions, in seconds
beforeAll(() => {
  // 2048 bits keeps the test fast; the benchmark itself uses 4096.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  pkcs1Pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
});

const hmacSpec: GroupSpec = { algorithm: 'HMAC-SHA1', request: transfer };
const rsaSpec: GroupSpec = { algorithm: 'RSA-SHA256', request: transfer };
const independentHmac = async (base: string) => createHmac('sha1', `${CONTROL_KEY}&`).update(base, 'utf8').digest('base64');

describe('fixtures', () => {
  it('build the spec requests: a Base64 CSV payload, 2 and 15 parameters', () => {
    const [one, hundred, pan, xfer] = specRequests();
    expect(Buffer.from(one!.params[0]![1], 'base64').toString('utf8')).toBe(recurringCsv(1));
    expect(recurringCsv(100).split('\r\n')).toHaveLength(102);
    expect(hundred!.params).toHaveLength(1);
    expect(pan!.params.map(([name]) => name)).toEqual(['client-order-id', 'sending-card-ref-id']);
    expect(xfer!.params).toHaveLength(15);
    expect(updateRecurringPayments(1).url).toMatch(/\/payment\/api\/v4\/update-recurring-payments\/1234$/);
  });
});

describe('every benchmarked signer produces a signature that verifies', () => {
  it('oauth-core adapters: HMAC-SHA1 accepted by the verifier', async () => {
    for (const adapter of HOST_ADAPTERS) {
      const verifier = createVerifier({ lookup: () => ({ consumerSecret: CONTROL_KEY, signatureMethods: ['HMAC-SHA1'] }), now: () => NOW });
      const signed = await adapter.createSigner(fixedSignerOptions(hmacSpec, pkcs1Pem)).sign({ url: transfer.url, params: transfer.params });
      expect(await independentHmac(signed.baseString), adapter.name).toBe(signed.signature);
      const result = await verifier.verify({ method: 'POST', url: transfer.url, authorization: signed.authorization, body: signed.body });
      expect(result.ok, adapter.name).toBe(true);
    }
  });

  it('oauth-core adapters: RSA-SHA256 verifies with the public key', async () => {
    const publicKey = createPublicKey(pkcs1Pem);
    for (const adapter of HOST_ADAPTERS) {
      const options = { ...fixedSignerOptions(rsaSpec, pkcs1Pem), minimumRsaKeyBits: 2048 };
      const signed = await adapter.createSigner(options).sign({ url: transfer.url, params: transfer.params });
      expect(verify('sha256', Buffer.from(signed.baseString), publicKey, Buffer.from(signed.signature, 'base64')), adapter.name).toBe(true);
    }
  });

  it('the floors sign the precomputed base string', async () => {
    const base = precomputedBaseString(hmacSpec);
    expect(base.startsWith('POST&https%3A%2F%2Fsandbox.gateway.example%2Fpayment%2Fapi%2Fv4%2Ftransfer%2F1234&')).toBe(true);
    expect(await (await nodeCryptoPrimitives.hmacSha1(HMAC_KEY))(base)).toBe(await independentHmac(base));
    expect(await (await webCryptoPrimitives.hmacSha1(HMAC_KEY))(base)).toBe(await independentHmac(base));
    const rsaBase = precomputedBaseString(rsaSpec);
    const publicKey = createPublicKey(pkcs1Pem);
    for (const primitives of [nodeCryptoPrimitives, webCryptoPrimitives]) {
      const signature = await (await primitives.rsaSha256(pkcs1Pem))(rsaBase)();
      expect(verify('sha256', Buffer.from(rsaBase), publicKey, Buffer.from(signature, 'base64')), primitives.id).toBe(true);
    }
    await expect((await floorCase(nodeCryptoPrimitives, hmacSpec, pkcs1Pem)).check()).resolves.toBeUndefined();
  });

  it('the peers: each signature matches an independent HMAC or verifies with the public key', async () => {
    await expect(oauth10aCase(hmacSpec, pkcs1Pem, independentHmac).check()).resolves.toBeUndefined();
    await expect(oauthSignCase(hmacSpec, independentHmac).check()).resolves.toBeUndefined();
    const publicKey = createPublicKey(pkcs1Pem);
    // RSASSA-PKCS1-v1_5 is deterministic, so the expected signature is the one that verifies.
    const expectedRsa = async (base: string) => {
      const signature = cryptoSign('sha256', Buffer.from(base), pkcs1Pem).toString('base64');
      expect(verify('sha256', Buffer.from(base), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
      return signature;
    };
    await expect(oauth10aCase(rsaSpec, pkcs1Pem, expectedRsa).check()).resolves.toBeUndefined();
    await expect(mastercardCase(rsaSpec, pkcs1Pem, expectedRsa).check()).resolves.toBeUndefined();
  });

  it('a case that signs other bytes is caught before anything is timed', async () => {
    const wrong = async () => 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    await expect(oauthSignCase(hmacSpec, wrong).check()).rejects.toThrow(/does not verify/);
    await expect(
      buildMatrix({
        adapters: HOST_ADAPTERS.slice(0, 1),
        primitives: [{ ...nodeCryptoPrimitives, hmacSha1: async () => () => 'wrong' }],
        pkcs1Pem,
        requests: [transfer],
        algorithms: ['HMAC-SHA1'],
      }),
    ).rejects.toThrow(/differently from the floor/);
  });

  it('the consumer key of the fixtures is the one signed', () => {
    expect(CONSUMER_KEY).toBe('merchant-login');
  });
});
