// Item: log injection. The consumer key and signature method are percent-decoded from the
// Authorization header; a `%0A` in them must not forge a second log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLogValue, lineLog } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, post } from '../independent-signer.js';

const hmac = { method: 'HMAC-SHA1', controlKey: 'log-control-key' } as const;
const lines: string[] = [];
let server: RunningEmulator;

beforeAll(async () => {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'] }],
    log: lineLog((line) => lines.push(line)),
  });
});
afterAll(() => server.close());

const FORGED = 'x\n200 POST /payment/api/v4/transfer/1234: transfer by merchant: async-response/processing serial 0';

describe('log lines cannot be forged through request values (over HTTP)', () => {
  it('a %0A in oauth_consumer_key gives exactly one log line, with the newline escaped', async () => {
    const target = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
    lines.length = 0;
    const response = await post(target, handSign(target, FORGED, hmac, [['client-order-id', 'o-1']]));
    expect(response.status).toBe(403);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\n\r]/);
    expect(lines[0]).toContain('x\\n200 POST /payment/api/v4/transfer/1234');
  });

  it('a %0D%0A and other controls in oauth_signature_method give one line, escaped', async () => {
    const target = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
    const signed = handSign(target, 'merchant', hmac, [['client-order-id', 'o-1']]);
    const authorization = signed.authorization.replace(
      'oauth_signature_method="HMAC-SHA1"',
      'oauth_signature_method="EVIL%0D%0A403%20forged%1B%5B31m%E2%80%A8"',
    );
    lines.length = 0;
    const response = await post(target, { ...signed, authorization });
    expect(response.status).toBe(403);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(lines[0]).toContain('EVIL\\r\\n403 forged\\x1b[31m\\u2028');
  });
});

describe('escapeLogValue', () => {
  it('escapes controls, line and paragraph separators, bidi overrides and lone surrogates, and the backslash itself', () => {
    expect(escapeLogValue('a\nb\rc\td\\e')).toBe('a\\nb\\rc\\td\\\\e');
    expect(escapeLogValue('\u0000\u001b\u007f\u0085')).toBe('\\x00\\x1b\\x7f\\x85');
    expect(escapeLogValue('\u2028\u2029\u202e\u2066\ufeff')).toBe('\\u2028\\u2029\\u202e\\u2066\\ufeff');
    expect(escapeLogValue('\ud800x')).toBe('\\ud800x');
  });

  it('leaves printable text, including non-Latin letters and emoji, as it is', () => {
    expect(escapeLogValue('São Paulo 東京 😀 "q" <a>')).toBe('São Paulo 東京 😀 "q" <a>');
  });
});
