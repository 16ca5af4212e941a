// The debugger's paste box: a raw HTTP request, a curl command or a --save-request file, read into
// the same four fields.
import { describe, expect, it } from 'vitest';
import { readPastedRequest } from '../../src/debugger/read-pasted.js';

const AUTH = 'OAuth oauth_consumer_key="merchant", oauth_signature="a%2Bb%3D"';
const want = { method: 'POST', url: 'https://g.example/payment/api/v4/transfer/1234', authorization: AUTH, body: "a=1&b=it's" };

describe('readPastedRequest', () => {
  it('a --save-request file', () => {
    expect(readPastedRequest(JSON.stringify({ method: 'POST', url: want.url, headers: { Authorization: AUTH }, body: want.body }))).toEqual(want);
  });
  it('a curl command, single-quoted with an escaped quote, continued lines', () => {
    const curl = `curl -X POST '${want.url}' \\\n  -H 'Authorization: ${AUTH}' \\\n  --data-raw 'a=1&b=it'\\''s'`;
    expect(readPastedRequest(curl)).toEqual(want);
  });
  it('a curl command, double-quoted, -d', () => {
    expect(readPastedRequest(`curl "${want.url}" -H "Authorization: ${AUTH.replace(/"/g, '\\"')}" -d "a=1&b=it's"`)).toEqual(want);
  });
  it('a raw HTTP request: https for another host, http for a loopback one', () => {
    const raw = `POST /payment/api/v4/transfer/1234 HTTP/1.1\r\nHost: g.example\r\nAuthorization: ${AUTH}\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\na=1&b=it's`;
    expect(readPastedRequest(raw)).toEqual(want);
    expect(readPastedRequest(raw.replace('g.example', '127.0.0.1:8080'))?.url).toBe('http://127.0.0.1:8080/payment/api/v4/transfer/1234');
  });
  it('anything else: undefined', () => {
    expect(readPastedRequest('hello')).toBeUndefined();
    expect(readPastedRequest('{"no":"url"}')).toBeUndefined();
  });
});
