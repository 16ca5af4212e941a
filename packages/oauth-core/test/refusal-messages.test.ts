// Every refusal's message, exactly: a message names the field and the rule (and never a secret),
// so a change to one is a change to the API's documentation. Also the verifier's default method
// list per record, the result's shape per refusal, and the signer's URL checks.
import { describe, expect, it } from 'vitest';
import * as node from '../src/entries/node.js';
import { thrown as refusal } from './_support.js';

const URL_ = 'https://gate.example/payment/api/v4/transfer/42';
const T0 = 1_700_000_000;
const SECRET = 'control-key';
const signerOptions = { consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' as const, nonce: () => 'n1', timestamp: () => T0 };
const oauth = { oauth_consumer_key: 'merchant', oauth_nonce: 'n1', oauth_signature_method: 'HMAC-SHA1', oauth_timestamp: String(T0), oauth_version: '1.0' };

async function signedRequest(overrides: Record<string, string> = {}, body = 'amount=1') {
  const params = { ...oauth, ...overrides };
  const baseString = node.signatureBaseString('POST', URL_, [...new URLSearchParams(body), ...Object.entries(params)] as [string, string][]);
  const signature = await node.signBaseString(baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: SECRET });
  return { method: 'POST', url: URL_, body, authorization: node.formatAuthorizationHeader({ ...params, oauth_signature: signature }) };
}

describe('the signer refuses, naming the field', () => {
  it('options, consumer key, token, RSA key, request, URL, oauthParams', async () => {
    expect(refusal(() => node.createSigner(null as never))).toEqual({ code: 'INVALID_PARAMETER', message: 'the signer options must be an object' });
    expect(refusal(() => node.createSigner({ ...signerOptions, consumerKey: '' }))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'consumerKey must be a non-empty string',
    });
    expect(refusal(() => node.createSigner({ ...signerOptions, token: '' }))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'token must be a non-empty string',
    });
    expect(refusal(() => node.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA1' } as never))).toEqual({
      code: 'MISSING_KEY',
      message: 'privateKey is required for RSA-SHA1',
    });
    const signer = node.createSigner(signerOptions);
    expect(refusal(() => signer.signSync(null as never))).toEqual({ code: 'INVALID_PARAMETER', message: 'the request must be an object' });
    expect(refusal(() => signer.signSync({} as never))?.code).toBe('INVALID_URL');
    expect(refusal(() => signer.signSync({ url: 'ftp://gate.example/' }))).toEqual({
      code: 'INVALID_URL',
      message: 'the request URL must be an absolute http(s) URL',
    });
    expect(refusal(() => signer.signSync({ url: 'https://u:secret-pw@gate.example/' }))).toEqual({
      code: 'INVALID_URL',
      message: 'the request URL must not carry a user name or password',
    });
    expect(refusal(() => signer.signSync({ url: URL_, oauthParams: { oauth_nonce: 'x' } }))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'oauthParams may add protocol parameters, not oauth_nonce',
    });
    expect(refusal(() => signer.signSync({ url: URL_, params: { oauth_nonce: 'x' } }))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'params carries "oauth_nonce", a protocol parameter set by the signer',
    });
    expect(refusal(() => signer.signSync({ url: `${URL_}?oauth_signature=x` }))).toEqual({
      code: 'INVALID_PARAMETER',
      message: `the URL's query carries "oauth_signature", a protocol parameter set by the signer`,
    });
  });
});

describe('the verifier says why, exactly', () => {
  const verifier = (record: object = { consumerSecret: SECRET }) =>
    node.createVerifier({ lookup: (key) => (key === 'merchant' ? record : undefined), now: () => T0 });

  it('each refusal message, and a base string only once the request was read', async () => {
    const valid = await signedRequest();
    expect(await verifier().verify({ ...valid, body: 'amount=1&oauth_nonce=other' })).toEqual({
      ok: false,
      reason: 'protocol_parameters_in_several_places',
      message: 'the oauth_* parameters are in more than one of the Authorization header, the query and the form body (RFC 5849 §3.5: one and only one)',
    });
    const gatewayLayout = node.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0, allowParametersInHeaderAndBody: true });
    expect(await gatewayLayout.verify({ ...valid, body: 'amount=1&oauth_nonce=other' })).toEqual({
      ok: false,
      reason: 'duplicate_parameter',
      message: 'oauth_nonce is given twice with different values',
    });
    const v2 = await signedRequest({ oauth_version: '2.0' });
    expect(await verifier().verify(v2)).toEqual({ ok: false, reason: 'unsupported_version', message: 'oauth_version must be 1.0' });
    const method = await signedRequest({ oauth_signature_method: 'HMAC-MD5' });
    expect(await verifier().verify(method)).toEqual({
      ok: false,
      reason: 'unsupported_signature_method',
      message: 'oauth_signature_method HMAC-MD5 is not supported',
    });
    const stranger = await signedRequest({ oauth_consumer_key: 'stranger' });
    const unknown = await verifier().verify(stranger);
    expect(unknown).toMatchObject({ ok: false, reason: 'unknown_consumer', message: 'no consumer is registered as stranger' });
    expect(Object.keys(unknown)).toEqual(['ok', 'reason', 'message', 'baseString']);
    expect(await verifier().verify({ ...valid, body: 'amount=2' })).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
      message: 'the signature does not match the request',
    });
    const full = node.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0, nonceStore: { remember: () => 'full' } });
    expect(await full.verify(valid)).toMatchObject({ ok: false, reason: 'nonce_store_full', message: 'the nonce store is full; try again later' });
    const missing = await verifier().verify({ method: 'POST', url: URL_, authorization: null });
    expect(Object.keys(missing)).toEqual(['ok', 'reason', 'message']);
    for (const options of [null, {}, { lookup: 'x' }]) {
      expect(refusal(() => node.createVerifier(options as never))).toEqual({
        code: 'INVALID_PARAMETER',
        message: 'the verifier options must be an object with a lookup function',
      });
    }
    expect(refusal(() => node.createVerifier({ lookup: () => undefined, timestampWindowSeconds: -1 }))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'timestampWindowSeconds must be a non-negative number',
    });
  });

  it('a null body is no body', async () => {
    const signed = await signedRequest({}, '');
    expect((await verifier().verify({ ...signed, body: null })).ok).toBe(true);
  });

  it('the default methods: HMAC-SHA1 only with a secret, RSA-SHA256 only with a key', async () => {
    const hmac = await signedRequest();
    expect(await verifier({ publicKey: 'unused' }).verify(hmac)).toMatchObject({
      reason: 'signature_method_not_allowed',
      message: 'HMAC-SHA1 is not allowed for consumer merchant',
    });
    const rsa = await signedRequest({ oauth_signature_method: 'RSA-SHA256' });
    expect(await verifier({ consumerSecret: SECRET }).verify(rsa)).toMatchObject({
      reason: 'signature_method_not_allowed',
      message: 'RSA-SHA256 is not allowed for consumer merchant',
    });
  });

  it('the nonce key without a token has an empty token field', async () => {
    const keys: string[] = [];
    const v = node.createVerifier({
      lookup: () => ({ consumerSecret: SECRET }),
      now: () => T0,
      nonceStore: { remember: (key: string) => (keys.push(key), true) },
    });
    expect((await v.verify(await signedRequest())).ok).toBe(true);
    expect(keys).toEqual([`merchant\u0000\u0000${T0}\u0000n1`]);
  });
});
