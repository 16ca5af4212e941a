// Item: the media type of an operation request is read properly: type/subtype exactly
// `application/x-www-form-urlencoded` (any case), then optional `;` parameters, a charset only utf-8.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorEvent } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign } from '../independent-signer.js';

const hmac = { method: 'HMAC-SHA1', controlKey: 'media-control-key' } as const;
const events: EmulatorEvent[] = [];
let server: RunningEmulator;
beforeAll(async () => {
  server = await serve({ merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'] }], log: (event) => events.push(event) });
});
afterAll(() => server.close());

async function send(contentType: string | undefined, body = 'client-order-id=o-1&sending-card-ref-id=r-1') {
  const target = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
  const signed = handSign(target, 'merchant', hmac, [
    ['client-order-id', 'o-1'],
    ['sending-card-ref-id', 'r-1'],
  ]);
  const headers: Record<string, string> = { Authorization: signed.authorization };
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  const response = await fetch(target, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe('Content-Type of operation requests, over HTTP', () => {
  it.each([
    'application/x-www-form-urlencodedEVIL',
    'application/x-www-form-urlencoded-evil; charset=utf-8',
    'application/x-www-form-urlencoded,text/plain',
    'application/x-www-form-urlencoded; charset=windows-1252',
    'application/x-www-form-urlencoded; charset=latin1',
    'application/x-www-form-urlencoded; charset=utf-16',
    'application/x-www-form-urlencoded; charset',
    'application/x-www-form-urlencoded; charset="utf-8',
    'text/plain',
    'application/json',
    'multipart/form-data; boundary=x',
  ])('refuses %j with 415 and an empty body, before verifying', async (contentType) => {
    const before = events.length;
    const response = await send(contentType);
    expect(response.status).toBe(415);
    expect(response.text).toBe('');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(events.slice(before)).toEqual([expect.objectContaining({ kind: 'refused', status: 415, reason: 'unsupported_media_type' })]);
  });

  it.each([
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=UTF-8',
    'APPLICATION/X-WWW-FORM-URLENCODED;charset=utf-8',
    'application/x-www-form-urlencoded ; charset="utf-8"',
    'application/x-www-form-urlencoded; foo=bar; charset=Utf-8',
  ])('accepts %j', async (contentType) => {
    const response = await send(contentType);
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/^type=async-response\n/);
  });

  it('refuses a body sent without a Content-Type with 415', async () => {
    const target = `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
    const signed = handSign(target, 'merchant', hmac, [
      ['client-order-id', 'o-1'],
      ['sending-card-ref-id', 'r-1'],
    ]);
    // A Blob without a type makes fetch send no Content-Type.
    const response = await fetch(target, { method: 'POST', headers: { Authorization: signed.authorization }, body: new Blob([signed.body]) });
    expect(response.status).toBe(415);
  });
});
