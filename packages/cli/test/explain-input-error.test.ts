// explainRequest refuses credentials that cannot check the request with a typed error whose
// `code` is stable (the CLI and library callers branch on it, never on the message).
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ExplainInputError, explainRequest } from '@paysign/cli';
import { clientSign } from './hand-sign.js';

const url = 'https://sandbox.gate.example/payment/api/v4/transfer/1234';
const sent: [string, string][] = [['amount', '10.00']];

async function refusal(run: () => Promise<unknown>): Promise<ExplainInputError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExplainInputError);
    return error as ExplainInputError;
  }
  throw new Error('expected an ExplainInputError');
}

describe('ExplainInputError', () => {
  it('says MISSING_CONTROL_KEY for an HMAC request explained without the control key', async () => {
    const signed = clientSign({ url, sent, key: { controlKey: 'control-key' } });
    const error = await refusal(() => explainRequest({ url, authorization: signed.authorization, body: signed.body, publicKey: 'unused' }));
    expect(error.code).toBe('MISSING_CONTROL_KEY');
    expect(error.message).toBe('the request is signed with HMAC-SHA1: give the control key');
  });

  it('says MISSING_PUBLIC_KEY for an RSA request explained without the public key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const signed = clientSign({ url, sent, key: { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string } });
    const error = await refusal(() => explainRequest({ url, authorization: signed.authorization, body: signed.body, controlKey: 'control-key' }));
    expect(error.code).toBe('MISSING_PUBLIC_KEY');
    expect(error.message).toBe('the request is signed with RSA-SHA256: give the public key');
  });

  it('says UNUSABLE_PUBLIC_KEY for a public key that cannot be read, without echoing it', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const signed = clientSign({ url, sent, key: { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string } });
    const garbage = '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n';
    const error = await refusal(() => explainRequest({ url, authorization: signed.authorization, body: signed.body, publicKey: garbage }));
    expect(error.code).toBe('UNUSABLE_PUBLIC_KEY');
    expect(error.message).toMatch(/^the public key cannot be used \((INVALID_KEY|WEAK_KEY|MISSING_KEY)\)$/);
    expect(JSON.stringify(error) + error.message).not.toContain('bm90IGEga2V5');
  });
});
