// A request's nonce survives the masking every log applies (@paysign/protocol's redactCardData), so a
// request printed by the CLI or logged by a server can be checked again from what was printed.
import { createSigner } from '@paysign/oauth-core';
import { redactCardData } from '@paysign/protocol';
import { describe, expect, it } from 'vitest';

describe('default nonces and card-number masking', () => {
  it('leaves 20,000 default nonces as they are', async () => {
    const signer = createSigner({ signatureMethod: 'HMAC-SHA1', consumerKey: 'merchant', consumerSecret: 'control' });
    for (let i = 0; i < 20_000; i++) {
      const signed = signer.signSync({ url: 'https://gate.example/payment/api/v2/pan-eligibility/send/1', params: { a: '1' } });
      const nonce = /oauth_nonce="([^"]+)"/.exec(signed.headers.Authorization ?? '')?.[1] ?? '';
      expect(nonce).toMatch(/^[a-p]{32}$/);
      expect(redactCardData(nonce)).toBe(nonce);
    }
  });
});
