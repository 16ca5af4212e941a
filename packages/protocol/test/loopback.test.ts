// Loopback and the gateway URL: one definition each, with the RFC's answer (127.0.0.0/8, ::1,
// localhost). integration/test/loopback-agreement.test.ts holds every package to the same table.
import { describe, expect, it } from 'vitest';
import { checkGatewayUrl, isLoopbackHost, isPositiveWholeNumber, retryDelayMs } from '../src/index.js';

const LOOPBACK = [
  'localhost',
  'LOCALHOST',
  '127.0.0.1',
  '127.0.0.2',
  '127.1.2.3',
  '127.255.255.254',
  '::1',
  '[::1]',
  '::ffff:127.0.0.1',
  '[::ffff:7f00:1]',
  '::FFFF:127.9.9.9',
];
const NOT_LOOPBACK = [
  '128.0.0.1',
  '126.255.255.255',
  '10.0.0.7',
  '0.0.0.0',
  '127.0.0.256',
  '127.0.0',
  '127.0.0.1.example',
  'localhost.example',
  'localhost.',
  'my-localhost',
  '::2',
  '[::]',
  '::ffff:10.0.0.1',
  '[::ffff:a00:1]',
  '',
];

describe('isLoopbackHost', () => {
  it('is true for localhost, 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8', () => {
    for (const host of LOOPBACK) expect(isLoopbackHost(host), host).toBe(true);
  });

  it('is false for any other host, and for a name that merely looks like one', () => {
    for (const host of NOT_LOOPBACK) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('reads a URL hostname as the URL parser writes it (127.1 is 127.0.0.1, ::ffff:127.0.0.2 is [::ffff:7f00:2])', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://[::ffff:127.0.0.2]/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f000002/').hostname)).toBe(true);
  });
});

describe('checkGatewayUrl', () => {
  const rules = (value: unknown) => checkGatewayUrl(value, 'baseUrl').map((issue) => `${issue.field} ${issue.message}`);

  it('accepts https anywhere and plain http to a loopback host only', () => {
    for (const url of ['https://sandbox.gate.example', 'https://gate.example:8443/base/', 'http://127.0.0.2:8080', 'http://localhost', 'http://[::1]:9']) {
      expect(rules(url), url).toEqual([]);
    }
    for (const url of ['http://gate.example', 'http://128.0.0.1', 'http://localhost.example', 'ftp://127.0.0.1', 'ws://127.0.0.1']) {
      expect(rules(url), url).toEqual(['baseUrl must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])']);
    }
  });

  it('refuses credentials, a query or a fragment, naming the field', () => {
    for (const url of [
      'https://user:pass@gate.example',
      'https://user@gate.example',
      'https://:secret@gate.example',
      'https://gate.example/?a=1',
      'https://gate.example/#top',
    ]) {
      expect(rules(url), url).toEqual(['baseUrl must not hold credentials, a query or a fragment']);
    }
    expect(checkGatewayUrl('http://user:pass@gate.example', 'gatewayUrl').map((issue) => issue.field)).toEqual(['gatewayUrl', 'gatewayUrl']);
  });

  it('refuses what is not an absolute URL string', () => {
    expect(rules('/payment')).toEqual(['baseUrl is not an absolute URL such as https://sandbox.gate.example']);
    expect(rules(42)).toEqual(['baseUrl must be a URL string']);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base delay, stops at the cap, and scales by the jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(retry, 200, 10_000))).toEqual([200, 400, 800, 1600, 3200, 6400, 10_000]);
    expect(retryDelayMs(3, 200, 10_000, () => 0.5)).toBe(400);
    expect(retryDelayMs(3, 200, 10_000, () => 0)).toBe(0);
    expect(retryDelayMs(1_000, 1, Number.MAX_SAFE_INTEGER)).toBe(2 ** 30);
  });
});

describe('isPositiveWholeNumber', () => {
  it('is true for 1 to 2^53 - 1, as a number or as its digits', () => {
    for (const value of [1, 42, 30_000, Number.MAX_SAFE_INTEGER, '1', '42', '9007199254740991']) expect(isPositiveWholeNumber(value), String(value)).toBe(true);
  });
  it('is false for zero, negatives, fractions, NaN, unsafe integers and any other text', () => {
    for (const value of [
      0,
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      '0',
      '042',
      '4e3',
      ' 42',
      '1.0',
      '9007199254740992',
      '',
      null,
      undefined,
      1n,
    ]) {
      expect(isPositiveWholeNumber(value), String(value)).toBe(false);
    }
  });
});
