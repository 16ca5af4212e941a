import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's examples are files; each runs as a user would run it (against the built package).
const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const run = (file: string) => execFileSync(process.execPath, [examples + file], { encoding: 'utf8' });

describe('README examples', () => {
  it('sign-sample.mjs prints an HMAC-SHA1 and an RSA-SHA256 Authorization header', () => {
    const out = run('sign-sample.mjs');
    expect(out).toMatch(/== HMAC-SHA1 \(adapter: node\) ==/);
    expect(out).toMatch(/Authorization: OAuth oauth_consumer_key="merchant-login", .*oauth_signature_method="RSA-SHA256"/);
    expect(out).toMatch(
      /base string: {3}POST&https%3A%2F%2Fsandbox\.gateway\.example%2Fpayment%2Fapi%2Fv2%2Fpan-eligibility%2Fsend%2F1234&client-order-id%3Dorder-0001/,
    );
  });

  it('verify-sample.mjs verifies the request as sent and refuses it tampered', () => {
    const out = run('verify-sample.mjs');
    expect(out).toContain('as sent:   verified');
    expect(out).toContain('tampered:  refused (invalid_signature)');
  });

  it('x-get-with-user-token.mjs reproduces RFC 5849 §1.2: realm, token, no oauth_version, its signature', () => {
    const out = run('x-get-with-user-token.mjs');
    expect(out).toContain('signature: MdpQcU8iPSUjWoN/UDMsK2sui9I=\n');
    expect(out).toContain(
      'Authorization: OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_nonce="chapoH", oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_token="nnch734d00sl2jdk", oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"\n',
    );
    expect(out).toContain(': same\n');
  });

  it('mastercard-json-body-hash.mjs: oauth_body_hash is the SHA-256 of the body printed; verified as sent, refused changed', () => {
    const out = run('mastercard-json-body-hash.mjs');
    const body = /^body: (.*)$/m.exec(out)?.[1] ?? '';
    expect(body).toMatch(/^\{"TerminationInquiryRequest"/);
    expect(out).toContain(`oauth_body_hash: ${createHash('sha256').update(body).digest('base64')}\n`);
    expect(out).toMatch(/oauth_signature_method="RSA-SHA256"/);
    expect(out).toContain('Content-Type: application/json; charset=utf-8\n');
    expect(out).toContain('as sent:  verified');
    expect(out).toContain('changed:  refused (body_hash_mismatch)');
  });

  it('netsuite-hmac-sha256-realm.mjs: HMAC-SHA256, the account as realm, a token, no body hash, verified', () => {
    const out = run('netsuite-hmac-sha256-realm.mjs');
    expect(out).toMatch(/^Authorization: OAuth realm="1234567_SB1", oauth_consumer_key="ef40afdd/m);
    expect(out).toMatch(/oauth_signature_method="HMAC-SHA256"/);
    expect(out).toMatch(/oauth_token="2b0ce516/);
    expect(out).not.toContain('oauth_body_hash');
    expect(out).toContain('verified: yes, for token 2b0ce516...');
  });

  it('woocommerce-query-string.mjs: the protocol parameters in the URL, no Authorization header, verified', () => {
    const out = run('woocommerce-query-string.mjs');
    const url = new URL(/^GET (\S+)$/m.exec(out)?.[1] ?? '');
    expect(url.searchParams.get('oauth_signature_method')).toBe('HMAC-SHA256');
    expect(url.searchParams.get('oauth_signature')).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(out).toContain('Authorization header: (none)');
    expect(out).toContain('verified: yes; parameters: per_page=5 status=processing');
  });

  it('three-legged-flow.mjs: temporary credentials, approval, token credentials, then the resource', () => {
    const out = run('three-legged-flow.mjs');
    expect(out).toMatch(/^1\. temporary token [0-9a-f]{32} \(callback confirmed: true\)$/m);
    expect(out).toMatch(/^2\. send the browser to http:\/\/127\.0\.0\.1:\d+\/authorize\?oauth_token=[0-9a-f]{32}$/m);
    expect(out).toContain('back at http://127.0.0.1/callback with oauth_verifier');
    expect(out).toMatch(/^3\. token credentials for jane: [0-9a-f]{32}$/m);
    expect(out).toContain('GET /photos: 200 {"params":[["file","vacation.jpg"]],"bodyHash":null}');
  });

  it('oauth-fetch.mjs: a GET, a form and a JSON body signed by createOAuthFetch and verified; a redirect not followed', () => {
    const out = run('oauth-fetch.mjs');
    expect(out).toContain('GET  /photos?album=summer: 200 {"params":[["album","summer"]],"bodyHash":null}');
    expect(out).toContain('POST /photos/tags (a form): 200 {"params":[["tag","sea & sun"]],"bodyHash":null}');
    const bodyHash = createHash('sha1')
      .update(JSON.stringify({ title: 'Vacation' }))
      .digest('base64');
    expect(out).toContain(`POST /photos/upload (JSON): 200 {"params":[],"bodyHash":"${bodyHash}"}`);
    expect(out).toContain('GET  /old-photos: 301, Location https://elsewhere.example/photos (not followed)');
  });
});
