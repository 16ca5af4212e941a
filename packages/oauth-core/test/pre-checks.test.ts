// The verifier's pre-checks, exported so that a server (the emulator) and `paysign explain` apply
// the verifier's own rules and constants instead of copies (issue #20 item 4): the timestamp as a
// signer writes it and as a verifier reads it, the 300 s window, the timestamp and consumer
// checks. Each is held to what the real verifier and signer do with the same input.
import { describe, expect, it } from 'vitest';
import {
  checkConsumer,
  checkTimestamp,
  createSigner,
  createVerifier,
  DEFAULT_TIMESTAMP_WINDOW_SECONDS,
  OAUTH_TIMESTAMP_PATTERN,
  OAUTH_TIMESTAMP_RECEIVED_PATTERN,
} from '../src/entries/node.js';

const T0 = 1_700_000_000;
const URL_ = 'https://gate.example/payment/api/v4/transfer/1';
const SECRET = 'control-key';

/** The verifier's result for a request signed with `timestamp`, checked at `now`, with the default window. */
async function verified(timestamp: string, now: number, consumerKey = 'merchant') {
  const signed = createSigner({ consumerKey, consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', timestamp: () => T0 });
  const request = await signed.sign({ url: URL_ });
  // The signed timestamp replaced by hand, then signed again over the new base string.
  const authorization = request.authorization.replace(`oauth_timestamp="${T0}"`, `oauth_timestamp="${encodeURIComponent(timestamp)}"`);
  const verifier = createVerifier({ lookup: (key) => (key === 'merchant' ? { consumerSecret: SECRET } : undefined), now: () => now });
  return verifier.verify({ method: 'POST', url: URL_, authorization, body: '' });
}

describe('the timestamp patterns', () => {
  it('a signer writes Unix seconds above 0 without leading zeros, at most 12 digits', () => {
    for (const good of ['1', '9', String(T0), '999999999999']) expect(OAUTH_TIMESTAMP_PATTERN.test(good), good).toBe(true);
    for (const bad of ['0', '012', '1700000000000', '-1', '1.5', '1e9', ' 1', '', 'x']) expect(OAUTH_TIMESTAMP_PATTERN.test(bad), bad).toBe(false);
  });

  it('the signer refuses exactly what the pattern refuses', async () => {
    for (const value of ['0', '012', '1700000000000', String(T0), '1']) {
      const signer = createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', timestamp: () => value });
      const refused = await signer.sign({ url: URL_ }).then(
        () => false,
        () => true,
      );
      expect(refused, value).toBe(!OAUTH_TIMESTAMP_PATTERN.test(value));
    }
  });

  it('a verifier reads 1 to 12 digits, leading zeros included (the time they name is then checked)', () => {
    for (const good of ['0', '1', `0${T0}`, String(T0)]) expect(OAUTH_TIMESTAMP_RECEIVED_PATTERN.test(good), good).toBe(true);
    for (const bad of ['1700000000000', '-1', '1.5', ' 1', '', 'x']) expect(OAUTH_TIMESTAMP_RECEIVED_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('checkTimestamp and checkConsumer agree with the verifier', () => {
  it('the default window is 300 s, boundaries included', async () => {
    expect(DEFAULT_TIMESTAMP_WINDOW_SECONDS).toBe(300);
    expect(checkTimestamp(String(T0), T0 + 300)).toBeUndefined();
    expect(checkTimestamp(String(T0), T0 - 300)).toBeUndefined();
    expect(checkTimestamp(String(T0), T0 + 301)?.reason).toBe('stale_timestamp');
  });

  it('the same reason and message as the verifier for each timestamp', async () => {
    for (const [timestamp, now] of [
      [String(T0), T0 + 301],
      [String(T0), T0 - 301],
      [`0${T0}`, T0 + 400],
      [`${T0}x`, T0],
      ['1700000000000', T0],
    ] as const) {
      const expected = checkTimestamp(timestamp, now);
      const result = await verified(timestamp, now);
      expect(result.ok, timestamp).toBe(false);
      expect(expected, timestamp).toBeDefined();
      expect(result.ok ? undefined : { reason: result.reason, message: result.message }, timestamp).toEqual({
        reason: expected?.reason,
        message: expected?.message,
      });
    }
    expect(checkTimestamp(undefined, T0)).toEqual({ ok: false, reason: 'missing_parameter', message: 'oauth_timestamp is missing' });
  });

  it('an unknown consumer: the same reason and message as the verifier', async () => {
    const result = await verified(String(T0), T0, 'someone-else');
    const expected = checkConsumer('someone-else', false);
    expect(result.ok ? undefined : { reason: result.reason, message: result.message }).toEqual({ reason: expected?.reason, message: expected?.message });
    expect(checkConsumer('merchant', true)).toBeUndefined();
    expect(checkConsumer(undefined, false)).toEqual({ ok: false, reason: 'missing_parameter', message: 'oauth_consumer_key is missing' });
  });

  // The comparisons above hold the helpers equal to the verifier, which calls them: a failure they
  // both get wrong (`ok: true`, an empty message) passes there. A server that answers from these
  // helpers alone (the emulator, `paysign explain`) relies on each failure as written here.
  it('each failure in full: ok false, its reason, and a message naming the rule and the value', () => {
    expect(checkTimestamp(`${T0}x`, T0)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
      message: 'oauth_timestamp is not Unix seconds (a whole number above 0, at most 12 digits)',
    });
    expect(checkTimestamp(String(T0), T0 + 301)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
      message: `oauth_timestamp ${T0} is more than 300 s from the server's time ${T0 + 301}`,
    });
    expect(checkTimestamp(String(T0), T0 - 61, 60)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
      message: `oauth_timestamp ${T0} is more than 60 s from the server's time ${T0 - 61}`,
    });
    expect(checkConsumer('someone-else', false)).toEqual({ ok: false, reason: 'unknown_consumer', message: 'no consumer is registered as someone-else' });
  });
});
