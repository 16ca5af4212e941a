// The signer's output byte for byte against RFC 5849 written here from its text (§3.4.1 base
// string, §3.4.2 HMAC-SHA1 with node:crypto, §3.5.1 header, §3.5.2 body), request after request
// with one signer: long values (Base64 payloads, 8192-byte chunk boundaries, non-ASCII), URLs
// changed in place, caller-added protocol parameters; the node and /hmac entries alike.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacSigner } from '../src/entries/hmac.js';
import { createSigner, signBaseString, verifyBaseString } from '../src/entries/node.js';
import { rfcEncode as rfc } from './_support.js';

/** Ascending byte order of ASCII strings (§3.4.1.3.2). */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Pairs = [string, string][];

/** §3.4.1: method, base string URI (scheme and host lowercase, default port dropped, path), and the query and parameters, encoded, sorted, joined. */
function referenceBaseString(method: string, url: string, params: Pairs): string {
  const parsed = new URL(url);
  const uri = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  const all = [...new URLSearchParams(parsed.search), ...params].map(([n, v]) => [rfc(n), rfc(v)] as const);
  all.sort((x, y) => byteOrder(x[0], y[0]) || byteOrder(x[1], y[1]));
  return `${method}&${rfc(uri)}&${rfc(all.map(([n, v]) => `${n}=${v}`).join('&'))}`;
}

/** The `name="value"` members of an OAuth Authorization header, decoded. */
function headerParams(header: string): Record<string, string> {
  expect(header.startsWith('OAuth ')).toBe(true);
  const params: Record<string, string> = {};
  for (const [, name, value] of header.slice(6).matchAll(/([^=,\s]+)="([^"]*)"/g))
    params[decodeURIComponent(name as string)] = decodeURIComponent(value as string);
  return params;
}

const SECRET = 'control key/é';
const T0 = 1_700_000_000;

interface Case {
  method?: string;
  url: string;
  params?: Pairs;
  oauthParams?: Record<string, string>;
}

type AnySigner = {
  sign(
    request: Case,
  ): Promise<{ method: string; url: string; baseString: string; signature: string; authorization: string; body: string; oauthParams: Record<string, string> }>;
};

/** The node entry's signer and the /hmac entry's, with the same options. */
function signers(options: { token?: string; version?: false; nonce?: () => string } = {}): [string, AnySigner][] {
  const common = { consumerKey: 'merchant é', consumerSecret: SECRET, nonce: options.nonce ?? (() => 'n0'), timestamp: () => T0, ...options };
  return [
    ['node', createSigner({ ...common, signatureMethod: 'HMAC-SHA1' })],
    ['hmac', createHmacSigner(common)],
  ];
}

/** Signs `request` and checks every part of the result against the reference. */
async function expectSignedAsRfc(signer: AnySigner, request: Case, label: string): Promise<void> {
  const signed = await signer.sign(request);
  const method = (request.method ?? 'POST').toUpperCase();
  const params = request.params ?? [];
  const baseString = referenceBaseString(method, request.url, [...params, ...Object.entries(signed.oauthParams)]);
  expect(signed.baseString, `${label}: base string`).toBe(baseString);
  expect(signed.signature, `${label}: signature`).toBe(
    createHmac('sha1', `${rfc(SECRET)}&`)
      .update(baseString)
      .digest('base64'),
  );
  expect(headerParams(signed.authorization), `${label}: header`).toEqual({ ...signed.oauthParams, oauth_signature: signed.signature });
  const form = params.map(([n, v]) => `${rfc(n)}=${rfc(v)}`).join('&');
  if (method === 'GET') {
    expect(signed.body, `${label}: no body`).toBe('');
    const sent = new URL(request.url);
    expect(signed.url, `${label}: URL`).toBe(form === '' ? sent.href : `${sent.origin}${sent.pathname}${sent.search === '' ? '?' : `${sent.search}&`}${form}`);
  } else {
    expect(signed.body, `${label}: body`).toBe(form);
    expect(signed.url, `${label}: URL`).toBe(new URL(request.url).href);
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** A Base64 text of `length` characters with its padding, as the gateway's CSV payloads are sent. */
const base64Text = (length: number, seed = 1) => {
  let out = '';
  for (let i = 0; i < length - 2; i++) out += BASE64[(i * 37 + seed * 11) % 64];
  return `${out}==`;
};

describe('a reused signer, request after request, signs as RFC 5849 says', () => {
  it('long values (Base64 payloads, 8192-byte chunks, non-ASCII) in the parameters, the query and oauthParams', async () => {
    const URL_ = 'https://Gate.example:443/payment/api/v4/update-recurring-payments/42';
    const requests: Case[] = [
      { url: URL_, params: [['payload', base64Text(30_000)]] },
      {
        url: URL_,
        params: [
          ['payload', base64Text(8192, 2)],
          ['amount', '10.00'],
        ],
      },
      { url: URL_, params: [['payload', `${'a'.repeat(8191)}é${'b'.repeat(300)}`]] },
      { url: URL_, params: [['note', `${'x'.repeat(8190)}😀 ${'€'.repeat(3000)}`]] },
      {
        url: URL_,
        params: [
          [`long name ${'n'.repeat(300)}`, 'v'],
          ['payload', 'short'],
        ],
      },
      { url: `${URL_}?q=${encodeURIComponent(`${'q'.repeat(8192)}+/ é`)}&r=1`, params: [['payload', base64Text(400, 3)]] },
      { url: URL_, params: [['payload', 'A'.repeat(256)]], oauthParams: { oauth_callback: `https://merchant.example/cb?x=${'c'.repeat(9000)}` } },
      { method: 'GET', url: `${URL_}?lang=en`, params: [['filter', `${'f'.repeat(8200)} é`]] },
      { url: URL_, params: [['payload', base64Text(30_000)]] },
    ];
    for (const [entry, signer] of signers()) {
      for (const [i, request] of requests.entries()) await expectSignedAsRfc(signer, request, `${entry} #${i}`);
    }
  });

  it('a URL object changed in place between two requests is signed and sent as it is at each request', async () => {
    for (const [entry, signer] of signers()) {
      const url = new URL('https://gate.example/payment/api/v4/transfer/42?lang=en');
      await expectSignedAsRfc(signer, { url: url.href, params: [['amount', '1']] }, `${entry}: first`);
      const first = await signer.sign({ url: url as never, params: [['amount', '1']] });
      url.pathname = '/payment/api/v4/transfer/43';
      url.search = '?lang=fr';
      const second = await signer.sign({ url: url as never, params: [['amount', '1']] });
      expect(second.url).toBe('https://gate.example/payment/api/v4/transfer/43?lang=fr');
      expect(second.baseString).toBe(referenceBaseString('POST', url.href, [['amount', '1'], ...Object.entries(second.oauthParams)]));
      expect(second.baseString).not.toBe(first.baseString);
    }
  });

  it('protocol parameters a caller adds where the options set none (oauth_version with version: false, oauth_token without token) are signed with their values', async () => {
    for (const [entry, signer] of signers({ version: false })) {
      await expectSignedAsRfc(signer, { url: 'https://gate.example/a', oauthParams: { oauth_version: '1.0' } }, `${entry}: oauth_version`);
      await expectSignedAsRfc(signer, { url: 'https://gate.example/a', oauthParams: { oauth_token: 'tok en' } }, `${entry}: oauth_token`);
      const plain = await signer.sign({ url: 'https://gate.example/a' });
      expect(Object.keys(plain.oauthParams)).toEqual(['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp']);
    }
    for (const [entry, signer] of signers({ token: 'tök', nonce: () => 'nonce with space' })) {
      await expectSignedAsRfc(
        signer,
        {
          url: 'https://gate.example/a',
          params: [
            ['b', '2'],
            ['a', '1'],
          ],
        },
        `${entry}: with token`,
      );
      await expectSignedAsRfc(
        signer,
        {
          url: 'https://gate.example/a',
          params: [
            ['b', '3'],
            ['a', '4'],
          ],
        },
        `${entry}: with token, same names`,
      );
    }
  });

  it('a lone surrogate in a parameter name or value, or an oauthParams value, is refused with INVALID_STRING', async () => {
    const refusal = { code: 'INVALID_STRING', message: 'a value holds a lone surrogate: it has no UTF-8 form' };
    for (const [entry, signer] of signers()) {
      for (const request of [
        { url: 'https://gate.example/a', params: [['a', 'x\ud800']] as Pairs },
        { url: 'https://gate.example/a', params: [[`${'n'.repeat(300)}\udc00`, 'x']] as Pairs },
        { url: 'https://gate.example/a', params: [['a', `${'v'.repeat(9000)}\ud800`]] as Pairs },
        { url: 'https://gate.example/a', oauthParams: { oauth_callback: 'x\udfff' } },
      ]) {
        await expect(signer.sign(request), entry).rejects.toMatchObject(refusal);
      }
    }
  });

  it('parameters named like members of Object.prototype (constructor, toString, __proto__...) are ordinary parameters, in the body and the query', async () => {
    const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
    const query = names.map((name, i) => `${name}=q${i}`).join('&');
    for (const [entry, signer] of signers()) {
      await expectSignedAsRfc(signer, { url: `https://gate.example/a?${query}`, params: names.map((name, i) => [name, `p${i}`]) }, `${entry}: prototype names`);
    }
  });
});

describe('verifyBaseString: a signature that is not a string', () => {
  it('is false for every method, whatever it looks like (an array of strings, a number, null, an object with a length)', async () => {
    const base = 'POST&https%3A%2F%2Fgate.example%2F&a%3D1';
    const credentials = [
      { signatureMethod: 'PLAINTEXT', consumerSecret: SECRET },
      { signatureMethod: 'HMAC-SHA1', consumerSecret: SECRET },
      { signatureMethod: 'HMAC-SHA256', consumerSecret: SECRET },
    ] as const;
    for (const credential of credentials) {
      const signature = await signBaseString(base, credential);
      expect(await verifyBaseString(base, signature, credential), credential.signatureMethod).toBe(true);
      for (const notText of [[signature], [signature, signature], 7, null, undefined, { length: signature.length }, new String(signature)]) {
        expect(await verifyBaseString(base, notText as never, credential), `${credential.signatureMethod}: ${String(notText)}`).toBe(false);
      }
    }
  });
});
