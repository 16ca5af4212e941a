// The spec's Headers table shows `Content-Type: application/x-www-form-urlencoded; charset=ISO-8859-1`:
// such a body is read as Latin-1, and signed as the spec's base string does (UTF-8, percent-encoded).
// The signature is made by the independent signer (node:crypto and the spec's steps only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, readReply } from '../independent-signer.js';

const merchant = { login: 'merchant', controlKey: 'control-key', endpointIds: ['1234'] };
let emulator: RunningEmulator;
let target: string;
const refusals: string[] = [];

beforeAll(async () => {
  emulator = await serve({ merchants: [merchant], log: (event) => event.kind === 'refused' && refusals.push(event.reason) });
  target = `${emulator.url}/payment/api/v2/pan-eligibility/send/1234`;
});
afterAll(() => emulator.close());

async function send(contentType: string, body: Uint8Array<ArrayBuffer> | string, authorization: string) {
  const response = await fetch(target, { method: 'POST', headers: { Authorization: authorization, 'Content-Type': contentType }, body });
  return { status: response.status, text: await response.text() };
}

// Signed over the characters: "café" is `caf%C3%A9` in the parameter string, as the spec's steps say.
const signed = () =>
  handSign(target, merchant.login, { method: 'HMAC-SHA1', controlKey: merchant.controlKey }, [
    ['client-order-id', 'café'],
    ['sending-card-ref-id', 'ré-1'],
  ]);

describe('charset of a form body, over HTTP', () => {
  it('the base string carries é as %C3%A9 (the UTF-8 percent-encoding), encoded once more', () => {
    expect(signed().baseString).toContain('client-order-id%3Dcaf%25C3%25A9');
  });

  it.each(['ISO-8859-1', 'iso-8859-1', '"ISO-8859-1"'])('charset=%s: %E9 is Latin-1 "é" and the request verifies', async (charset) => {
    const { authorization } = signed();
    const reply = await send(`application/x-www-form-urlencoded; charset=${charset}`, 'client-order-id=caf%E9&sending-card-ref-id=r%E9-1', authorization);
    expect(reply.status).toBe(200);
    expect(readReply(reply.text)['merchant-order-id']).toBe('café');
  });

  it('charset=ISO-8859-1: a raw byte 0xE9 is "é" too', async () => {
    const { authorization } = signed();
    const body = new Uint8Array([
      ...Buffer.from('client-order-id=caf', 'latin1'),
      0xe9,
      ...Buffer.from('&sending-card-ref-id=r', 'latin1'),
      0xe9,
      ...Buffer.from('-1'),
    ]);
    const reply = await send('application/x-www-form-urlencoded; charset=ISO-8859-1', body, authorization);
    expect(reply.status).toBe(200);
    expect(readReply(reply.text)['merchant-order-id']).toBe('café');
  });

  it('charset=UTF-8: %C3%A9 is "é" and verifies; the Latin-1 %E9 is no UTF-8 and is refused', async () => {
    const ok = await send(
      'application/x-www-form-urlencoded; charset=UTF-8',
      'client-order-id=caf%C3%A9&sending-card-ref-id=r%C3%A9-1',
      signed().authorization,
    );
    expect(ok.status).toBe(200);
    refusals.length = 0;
    const latin = await send('application/x-www-form-urlencoded; charset=UTF-8', 'client-order-id=caf%E9&sending-card-ref-id=r%E9-1', signed().authorization);
    expect(latin.status).toBe(403);
    expect(refusals).toEqual(['malformed_request']);
  });

  it('charset=ISO-8859-1: %C3%A9 is two Latin-1 characters ("Ã©"), so a signature over "é" does not verify', async () => {
    refusals.length = 0;
    const reply = await send(
      'application/x-www-form-urlencoded; charset=ISO-8859-1',
      'client-order-id=caf%C3%A9&sending-card-ref-id=r%C3%A9-1',
      signed().authorization,
    );
    expect(reply.status).toBe(403);
    // A signature refusal is logged once its cause is found, after the reply.
    await expect.poll(() => refusals).toEqual(['invalid_signature']);
  });

  it.each(['windows-1252', 'latin1', 'utf-16', 'us-ascii'])('any other charset (%s) is 415, before the signature', async (charset) => {
    refusals.length = 0;
    const reply = await send(`application/x-www-form-urlencoded; charset=${charset}`, 'client-order-id=cafe&sending-card-ref-id=r-1', signed().authorization);
    expect(reply.status).toBe(415);
    expect(refusals).toEqual(['unsupported_media_type']);
  });
});
