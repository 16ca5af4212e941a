// The peers, each used as its README shows, on the same requests: full signing from the
// parameters to the Authorization header, with a fresh nonce and timestamp each time.
import { createHmac, createSign, randomUUID } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { hmacsign, rfc3986 } from 'oauth-sign';
import MastercardOAuth from 'mastercard-oauth1-signer';
import { parseAuthorizationHeader, percentEncode, signatureBaseString } from '@paysign/oauth-core/js';
import { CONSUMER_KEY, CONTROL_KEY } from '../fixtures/requests.js';
import type { GroupSpec, SigningCase } from './types.js';

interface MastercardInternals {
  toOAuthParamString(query: Map<string, Set<string>>, oauth: Map<string, string>): string;
  getSignatureBaseString(method: string, baseUri: string, paramString: string): string;
  getBaseUriString(uri: string): string;
}

type Expected = (baseString: string) => Promise<string>;

function assertSignature(peer: string, spec: GroupSpec, got: string | undefined, want: string): void {
  if (got !== want) throw new Error(`${peer} signed ${spec.request.id} with a signature that does not verify`);
}

/** oauth-1.0a with the hash function from its README (HMAC-SHA1) or createSign (RSA-SHA256). */
export function oauth10aCase(spec: GroupSpec, pkcs1Pem: string, expected: Expected): SigningCase {
  const oauth = new OAuth({
    consumer: { key: CONSUMER_KEY, secret: CONTROL_KEY },
    signature_method: spec.algorithm,
    hash_function:
      spec.algorithm === 'HMAC-SHA1'
        ? (base, key) => createHmac('sha1', key).update(base).digest('base64')
        : (base) => createSign('RSA-SHA256').update(base).sign(pkcs1Pem, 'base64'),
  });
  const request = { url: spec.request.url, method: 'POST', data: Object.fromEntries(spec.request.params) };
  // conformance/suites/peers.d.ts declares the module without toHeader; the package's own types have it.
  const toHeader = (oauth as unknown as { toHeader(data: unknown): { Authorization: string } }).toHeader.bind(oauth);
  let sink = '';
  return {
    id: 'peer:oauth-1.0a',
    kind: 'peer',
    label: 'oauth-1.0a',
    run(n) {
      for (let i = 0; i < n; i++) sink = toHeader(oauth.authorize(request)).Authorization;
      if (sink === '') throw new Error('empty header');
    },
    async check() {
      // authorize() returns the request's data merged into the protocol parameters.
      const { oauth_signature: signature, ...signed } = oauth.authorize(request) as unknown as Record<string, string>;
      const oauthParams = Object.entries(signed).filter(([name]) => name.startsWith('oauth_'));
      const base = signatureBaseString('POST', spec.request.url, [...spec.request.params, ...oauthParams.map(([n, v]) => [n, String(v)] as [string, string])]);
      assertSignature('oauth-1.0a', spec, signature, await expected(base));
    },
  };
}

/** oauth-sign (HMAC-SHA1 only), with the header built as the `request` library built it. */
export function oauthSignCase(spec: GroupSpec, expected: Expected): SigningCase {
  const params = Object.fromEntries(spec.request.params);
  function sign(): { header: string; oauth: Record<string, string>; signature: string } {
    const oauth: Record<string, string> = {
      oauth_consumer_key: CONSUMER_KEY,
      oauth_nonce: randomUUID().replace(/-/g, ''),
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(Math.floor(Date.now() / 1000)),
      oauth_version: '1.0',
    };
    const signature = hmacsign('POST', spec.request.url, { ...params, ...oauth }, CONTROL_KEY, '');
    let header = 'OAuth ';
    for (const [name, value] of Object.entries({ ...oauth, oauth_signature: signature })) {
      header += `${header === 'OAuth ' ? '' : ','}${name}="${rfc3986(value)}"`;
    }
    return { header, oauth, signature };
  }
  let sink = '';
  return {
    id: 'peer:oauth-sign',
    kind: 'peer',
    label: 'oauth-sign',
    run(n) {
      for (let i = 0; i < n; i++) sink = sign().header;
      if (sink === '') throw new Error('empty header');
    },
    async check() {
      const { oauth, signature } = sign();
      const base = signatureBaseString('POST', spec.request.url, [...spec.request.params, ...Object.entries(oauth)]);
      assertSignature('oauth-sign', spec, signature, await expected(base));
    },
  };
}

/**
 * mastercard-oauth1-signer (RSA-SHA256 only): it signs the query and `oauth_body_hash` (the
 * SHA-256 of the body) instead of the form parameters, and reads the PEM on every call.
 */
export function mastercardCase(spec: GroupSpec, pkcs1Pem: string, expected: Expected): SigningCase {
  const body = spec.request.params.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  let sink = '';
  return {
    id: 'peer:mastercard-oauth1-signer',
    kind: 'peer',
    label: 'mastercard-oauth1-signer',
    run(n) {
      for (let i = 0; i < n; i++) sink = MastercardOAuth.getAuthorizationHeader(spec.request.url, 'POST', body, CONSUMER_KEY, pkcs1Pem);
      if (sink === '') throw new Error('empty header');
    },
    async check() {
      const header = MastercardOAuth.getAuthorizationHeader(spec.request.url, 'POST', body, CONSUMER_KEY, pkcs1Pem);
      // The signer writes the signature percent-encoded and the other values raw, and encodes its
      // parameter string once (not twice, as RFC 5849 does): `oauth_body_hash` holds `+`, `/` and
      // `=`, so its base string is its own. Rebuild it with its own functions, then verify.
      const { oauth_signature: signature, ...oauthParams } = parseAuthorizationHeader(header).params;
      const internals = MastercardOAuth as unknown as MastercardInternals;
      const paramString = internals.toOAuthParamString(new Map(), new Map(Object.entries(oauthParams)));
      const base = internals.getSignatureBaseString('POST', internals.getBaseUriString(spec.request.url), paramString);
      assertSignature('mastercard-oauth1-signer', spec, signature, await expected(base));
    },
  };
}

/** The peers that implement a group's algorithm. */
export async function peerCases(spec: GroupSpec, pkcs1Pem: string, expected: Expected): Promise<SigningCase[]> {
  return spec.algorithm === 'HMAC-SHA1'
    ? [oauth10aCase(spec, pkcs1Pem, expected), oauthSignCase(spec, expected)]
    : [oauth10aCase(spec, pkcs1Pem, expected), mastercardCase(spec, pkcs1Pem, expected)];
}
