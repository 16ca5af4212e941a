// A credentials reply (RFC 5849 §2.1, §2.3) that a server ends with a newline, as
// dghubble/oauth1's TestConfigRequestToken serves one ("servers that return extra whitespace").
// A form-encoded reply never holds raw whitespace (a space is "+", a newline "%0A"), so whitespace
// around it is not part of any value: the token secret must come out as the server meant it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../src/entries/node.js';
import { type ServedHandler, serveHandler } from './_serve-handler.js';

const { createSigner, parseCredentials, requestTemporaryCredentials, requestTokenCredentials } = core;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('a credentials reply with whitespace around it', () => {
  it.each(['\n', '\r\n', ' \t\n'])('token credentials ending in %j keep the secret exact', (tail) => {
    expect(parseCredentials(`oauth_token=access_token&oauth_token_secret=access_secret${tail}`)).toEqual({
      token: 'access_token',
      tokenSecret: 'access_secret',
      extra: {},
    });
  });

  it('temporary credentials ending in a newline are confirmed', () => {
    expect(parseCredentials('oauth_token=request_token&oauth_token_secret=request_secret&oauth_callback_confirmed=true\n', { temporary: true })).toEqual({
      token: 'request_token',
      tokenSecret: 'request_secret',
      callbackConfirmed: true,
      extra: {},
    });
  });

  it('a leading newline is not part of the first name', () => {
    expect(parseCredentials('\noauth_token=t&oauth_token_secret=s').token).toBe('t');
  });

  it('an encoded newline inside a value is kept: only raw whitespace at the ends goes', () => {
    expect(parseCredentials('oauth_token=t&oauth_token_secret=s%0A\n').tokenSecret).toBe('s\n');
  });

  describe('over HTTP, from a server that appends a newline', () => {
    let server: ServedHandler;
    beforeAll(async () => {
      server = await serveHandler(async (request) => {
        const path = new URL(request.url).pathname;
        const reply =
          path === '/initiate'
            ? 'oauth_token=request_token&oauth_token_secret=request_secret&oauth_callback_confirmed=true'
            : 'oauth_token=access_token&oauth_token_secret=access_secret';
        return new Response(`${reply}\n`, { headers: FORM });
      });
    });
    afterAll(() => server.close());

    it('requestTemporaryCredentials and requestTokenCredentials read the credentials as sent', async () => {
      const signer = createSigner({ consumerKey: 'consumer_key', consumerSecret: 'consumer_secret', signatureMethod: 'HMAC-SHA1' });
      const temporary = await requestTemporaryCredentials({ signer, url: `${server.origin}/initiate`, callback: 'http://127.0.0.1/ready' });
      expect([temporary.token, temporary.tokenSecret, temporary.callbackConfirmed]).toEqual(['request_token', 'request_secret', true]);
      const credentials = await requestTokenCredentials({
        signer,
        url: `${server.origin}/token`,
        token: { key: temporary.token, secret: temporary.tokenSecret },
        verifier: 'some_verifier',
      });
      expect([credentials.token, credentials.tokenSecret]).toEqual(['access_token', 'access_secret']);
    });
  });
});
