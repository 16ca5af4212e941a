// What a caller relies on in parameters/, the memory nonce store and the RSA key check of
// signBaseString: the refusals and their messages, and nonce expiry freeing capacity.
// Imports src, like the other unit tests.
import { describe, expect, it } from 'vitest';
import { signBaseString } from '../src/entries/node.js';
import { collectParameters } from '../src/parameters/collect.js';
import { createMemoryNonceStore } from '../src/verifier/nonce-store.js';
import { thrown } from './_support.js';

function clock(start = 1000) {
  let time = start;
  return { now: () => time, set: (t: number) => void (time = t) };
}

describe('collectParameters: what it refuses, and with which message', () => {
  it('refuses NaN, Infinity, null, objects and symbols as values, naming the parameter', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, null, {}, Symbol('s'), 10n]) {
      expect(thrown(() => collectParameters({ amount: value } as never))).toEqual({
        code: 'INVALID_PARAMETER',
        message: 'parameter "amount" must be a string, finite number or boolean',
      });
    }
    expect(thrown(() => collectParameters([[{}, 'x']] as never))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'parameter "name" must be a string, finite number or boolean',
    });
  });

  it('refuses input that is neither pairs nor a record (a string, a number), and pairs that are not [name, value]', () => {
    for (const input of ['a=1', 5, true]) {
      expect(thrown(() => collectParameters(input as never))).toEqual({ code: 'INVALID_PARAMETER', message: 'parameters must be pairs or a record' });
    }
    for (const input of [[['a']], [['a', '1', '2']], ['ab']]) {
      expect(thrown(() => collectParameters(input as never))).toEqual({ code: 'INVALID_PARAMETER', message: 'each parameter must be a [name, value] pair' });
    }
  });

  it('no parameters (undefined, null) and undefined record members give nothing', () => {
    expect(collectParameters(undefined)).toEqual([]);
    expect(collectParameters(null as never)).toEqual([]);
    expect(collectParameters({ a: undefined, b: '1', c: [1, true] } as never)).toEqual([
      ['b', '1'],
      ['c', '1'],
      ['c', 'true'],
    ]);
  });
});

describe('signBaseString: an RSA method without a private key', () => {
  it('is refused with MISSING_KEY when privateKey is absent (not only when null)', async () => {
    await expect(signBaseString('b', { signatureMethod: 'RSA-SHA256' } as never)).rejects.toMatchObject({
      code: 'MISSING_KEY',
      message: 'privateKey is required for RSA-SHA256',
    });
  });
});

describe('createMemoryNonceStore: expiry frees capacity, and keys re-filed are kept', () => {
  it('with the default clock (seconds, Date.now), a live nonce is a replay', () => {
    const store = createMemoryNonceStore();
    const expiresAt = Math.floor(Date.now() / 1000) + 300;
    expect(store.remember('k', expiresAt)).toBe(true);
    expect(store.remember('k', expiresAt)).toBe(false);
  });

  it('refuses a non-finite expiry with its rule', () => {
    expect(thrown(() => createMemoryNonceStore().remember('k', Number.NaN))).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'a nonce expiry must be a finite number of seconds',
    });
  });

  it('second by second, expired entries (several in one second) leave the store and free their scope', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ maxEntries: 3, maxEntriesPerScope: 2, now: c.now });
    expect(store.remember('a', 1001, 'm')).toBe(true);
    expect(store.remember('b', 1001, 'm')).toBe(true);
    expect(store.remember('c', 1005, 'm')).toBe('full'); // scope m holds 2
    expect(store.remember('x', 1010)).toBe(true);
    c.set(1001); // a and b expire: one second later, swept one second at a time
    expect(store.remember('c', 1005, 'm')).toBe(true);
    expect(store.remember('d', 1005, 'm')).toBe(true);
    expect(store.remember('e', 1005, 'm')).toBe('full'); // scope m full again (c, d)
    expect(store.remember('y', 1010)).toBe('full'); // the store holds x, c, d
    c.set(1005);
    expect(store.remember('e', 1006, 'm')).toBe(true);
    expect(store.remember('f', 1006, 'm')).toBe(true);
  });

  it('a key expired but not yet swept, remembered again, stays remembered when its old second is swept', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ now: c.now });
    expect(store.remember('k', 1001.5)).toBe(true); // filed under second 1002
    c.set(1001.7); // expired; second 1002 not swept yet
    expect(store.remember('k', 1100)).toBe(true);
    c.set(1002); // second 1002 swept: k, filed again under 1100, is still live
    expect(store.remember('k', 1100)).toBe(false);
  });

  it('a key remembered again in its own scope counts once; in another scope, its count moves there', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ maxEntriesPerScope: 1, maxEntries: 10, now: c.now });
    expect(store.remember('k', 1001.5, 'a')).toBe(true);
    c.set(1001.7); // expired, not swept
    expect(store.remember('k', 1050, 'a')).toBe(true); // same scope: still one entry of a
    expect(store.remember('k2', 1050, 'a')).toBe('full');
    c.set(1050);
    expect(store.remember('j', 1051.5, 'a')).toBe(true);
    c.set(1051.7); // j expired, not swept
    expect(store.remember('j', 1100, 'b')).toBe(true); // j now belongs to b
    expect(store.remember('j2', 1100, 'a')).toBe(true); // a is free again
    expect(store.remember('j3', 1100, 'b')).toBe('full'); // b holds j
  });

  it('an entry that expires leaves the rest of its scope counted (scope cap 2, one of two expires)', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ maxEntriesPerScope: 2, maxEntries: 10, now: c.now });
    expect(store.remember('a', 1001, 'm')).toBe(true);
    expect(store.remember('b', 1100, 'm')).toBe(true);
    c.set(1001); // a expires; b still counts
    expect(store.remember('c', 1100, 'm')).toBe(true);
    expect(store.remember('d', 1100, 'm')).toBe('full');
  });

  it('a key moved to another scope leaves the rest of its old scope counted', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ maxEntriesPerScope: 2, maxEntries: 10, now: c.now });
    expect(store.remember('k1', 1001.5, 'a')).toBe(true);
    expect(store.remember('k2', 1100, 'a')).toBe(true);
    c.set(1001.7); // k1 expired, not swept
    expect(store.remember('k1', 1100, 'b')).toBe(true); // a now holds k2 only
    expect(store.remember('k3', 1100, 'a')).toBe(true);
    expect(store.remember('k4', 1100, 'a')).toBe('full');
  });

  it('a key filed twice under the same second (expired, remembered again) is swept once, cleanly', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ now: c.now });
    expect(store.remember('k', 1001.5)).toBe(true); // second 1002
    c.set(1001.6);
    expect(store.remember('k', 1001.9)).toBe(true); // expired, filed again under 1002
    c.set(1002);
    expect(store.remember('k', 1100)).toBe(true); // gone, and the sweep did not throw
    expect(store.remember('k', 1100)).toBe(false);
  });
});
