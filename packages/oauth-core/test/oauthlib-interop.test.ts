// Interop with Python oauthlib (Debian's python3-oauthlib, ensured by `pnpm services:ensure`):
// its own endpoints (RequestTokenEndpoint, AuthorizationEndpoint, AccessTokenEndpoint,
// ResourceEndpoint, test/oauthlib/provider.py) verify what this package sends over real HTTP:
// the three-legged flow and each transmission (header, query, body), a JSON body with its
// oauth_body_hash, HMAC-SHA256 with a realm. And oauthlib's own Client, given the same inputs
// (nonce, timestamp, body), signs the same oauth_body_hash and oauth_signature.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOauthlibPython } from '../../../scripts/services/find-python-oauthlib.mjs';
import {
  authorizationUrl,
  createOAuthFetch,
  createSigner,
  parseAuthorizationHeader,
  requestTemporaryCredentials,
  requestTokenCredentials,
} from '../src/entries/node.js';

const PROVIDER = fileURLToPath(new URL('./oauthlib/provider.py', import.meta.url));
const CLIENT = { key: 'paysignInteropClient01', secret: 'paysign-interop-client-secret' };
const python = findOauthlibPython();
if (python === undefined) throw new Error('Python 3 with oauthlib is needed: run `pnpm services:ensure` (Debian: apt-get install python3-oauthlib)');

let child: ChildProcess;
let origin: string;
beforeAll(async () => {
  child = spawn(python, [PROVIDER, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`provider.py exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
  });
});
afterAll(() => {
  child.stdin!.end(); // provider.py serves until its standard input closes
});

const hmacSha1 = createSigner({ consumerKey: CLIENT.key, consumerSecret: CLIENT.secret, signatureMethod: 'HMAC-SHA1' });
const hmacSha256 = createSigner({ consumerKey: CLIENT.key, consumerSecret: CLIENT.secret, signatureMethod: 'HMAC-SHA256', realm: 'photos' });

async function tokenCredentials(transmission: 'header' | 'query' | 'body') {
  const temporary = await requestTemporaryCredentials({ signer: hmacSha1, url: `${origin}/request_token`, callback: 'http://127.0.0.1/ready', transmission });
  const approval = await fetch(authorizationUrl(`${origin}/authorize`, temporary), { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const verifier = new URL(approval.headers.get('location') ?? '').searchParams.get('oauth_verifier') ?? '';
  const credentials = await requestTokenCredentials({
    signer: hmacSha1,
    url: `${origin}/access_token`,
    token: { key: temporary.token, secret: temporary.tokenSecret },
    verifier,
    transmission,
  });
  return { key: credentials.token, secret: credentials.tokenSecret };
}

interface Seen {
  valid: boolean;
  log: Record<string, boolean>;
  oauth_params?: Record<string, string>;
  params?: [string, string][];
  body_hash_ok?: boolean;
}

describe("oauthlib's endpoints verify what the signer sends", () => {
  for (const transmission of ['header', 'query', 'body'] as const) {
    it(`the three-legged flow (RequestTokenEndpoint, AuthorizationEndpoint, AccessTokenEndpoint), protocol parameters in the ${transmission}`, async () => {
      const token = await tokenCredentials(transmission);
      expect(token.key).toMatch(/^[A-Za-z0-9]{30}$/);
      // ResourceEndpoint, in the same transmission: a GET for the header and the query, a form POST for the body.
      const oauthFetch = createOAuthFetch(hmacSha1, { token, transmission });
      const response =
        transmission === 'body'
          ? await oauthFetch(`${origin}/resource/photos?size=original`, { method: 'POST', body: new URLSearchParams({ file: 'vacation.jpg' }) })
          : await oauthFetch(`${origin}/resource/photos?file=vacation.jpg&size=original`);
      const seen = (await response.json()) as Seen;
      expect(seen).toMatchObject({ valid: true });
      expect(response.status).toBe(200);
      expect(seen.oauth_params?.oauth_token).toBe(token.key);
    });
  }

  it('a JSON POST: ResourceEndpoint verifies the signature over oauth_body_hash, which is the SHA-1 of the bytes sent', async () => {
    const token = await tokenCredentials('header');
    const oauthFetch = createOAuthFetch(hmacSha1, { token });
    const response = await oauthFetch(`${origin}/resource/photos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Vacation', caption: 'é 😀 & more' }),
    });
    const seen = (await response.json()) as Seen;
    expect(seen).toMatchObject({ valid: true, body_hash_ok: true });
    expect(seen.oauth_params?.oauth_body_hash).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('HMAC-SHA256 with realm="photos" in the header', async () => {
    const token = await tokenCredentials('header');
    const response = await createOAuthFetch(hmacSha256, { token })(`${origin}/resource/albums?year=2026`);
    expect(((await response.json()) as Seen).valid).toBe(true);
  });

  it('a changed signature is refused by oauthlib (the harness can fail)', async () => {
    const token = await tokenCredentials('header');
    const wrong = createOAuthFetch(hmacSha1, { token: { key: token.key, secret: `${token.secret}x` } });
    const response = await wrong(`${origin}/resource/photos?file=vacation.jpg`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as Seen).log.signature).toBe(false);
  });
});

/** oauthlib's Client signing one request (provider.py sign). */
function oauthlibSigns(request: { client: Record<string, string>; uri: string; method: string; body?: string; headers?: Record<string, string> }) {
  const out = execFileSync(python as string, [PROVIDER, 'sign'], { input: JSON.stringify(request), encoding: 'utf8' });
  return JSON.parse(out) as { uri: string; headers: Record<string, string>; body: string | null };
}

describe("oauthlib's Client signs the same bytes for the same inputs", () => {
  const nonce = 'a1b2c3d4e5f60718293a4b5c';
  const timestamp = '1764620000';
  const cases = [
    {
      what: 'a JSON POST with a token',
      token: { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' },
      body: '{"amount":"10.00","currency":"EUR","note":"é"}',
      type: 'application/json',
    },
    { what: 'a JSON POST without a token', token: undefined, body: '[1,2,3]', type: 'application/json' },
    // (oauthlib's Client refuses an empty body that is not a form: "Body contains parameters")
    { what: 'an XML POST', token: undefined, body: '<payment amount="10.00" currency="EUR"/>', type: 'application/xml' },
  ];
  for (const { what, token, body, type } of cases) {
    it(`HMAC-SHA1, ${what}: oauth_body_hash and oauth_signature equal oauthlib's`, async () => {
      const uri = 'https://api.example.com/v1/payments?mode=live';
      const theirs = oauthlibSigns({
        client: {
          client_key: CLIENT.key,
          client_secret: CLIENT.secret,
          nonce,
          timestamp,
          ...(token ? { resource_owner_key: token.key, resource_owner_secret: token.secret } : {}),
        },
        uri,
        method: 'POST',
        body,
        headers: { 'Content-Type': type },
      });
      const signer = createSigner({
        consumerKey: CLIENT.key,
        consumerSecret: CLIENT.secret,
        signatureMethod: 'HMAC-SHA1',
        nonce: () => nonce,
        timestamp: () => timestamp,
      });
      const ours = await signer.sign({ url: uri, body, contentType: type, ...(token ? { token } : {}) });
      const theirParams = { ...parseAuthorizationHeader(theirs.headers.Authorization ?? '').params };
      const ourParams = { ...parseAuthorizationHeader(ours.authorization).params };
      expect(theirParams.oauth_body_hash).toBeDefined();
      expect(ourParams.oauth_body_hash).toBe(theirParams.oauth_body_hash);
      expect(ourParams.oauth_signature).toBe(theirParams.oauth_signature);
      expect(ourParams).toEqual(theirParams);
      expect(ours.body).toBe(theirs.body);
    });
  }
});
