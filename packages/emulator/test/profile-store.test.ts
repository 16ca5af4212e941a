import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryProfileStore, EmulatorError, parseProfiles } from '@paysign/emulator';
import { applyUpdateRow } from '../src/operations/apply-update.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the in-memory profile store', () => {
  it('serialises concurrent read-modify-write changes of one profile: 200 increments, none lost', async () => {
    const store = createMemoryProfileStore([{ 'recurring-payment-id': 'rp', counter: '0' }]);
    await Promise.all(
      Array.from({ length: 200 }, () =>
        store.update(['rp'], async (current) => {
          const value = Number(current.get('rp')!.fields.counter);
          await tick(); // without per-profile serialisation, every change would read the same value here
          return { store: new Map([['rp', { counter: String(value + 1) }]]), result: undefined };
        }),
      ),
    );
    const profile = await store.get('rp');
    expect(profile?.fields.counter).toBe('200');
    expect(profile?.revision).toBe(200);
  });

  it('lets changes of different profiles run side by side, and waits only where ids overlap', async () => {
    const store = createMemoryProfileStore([{ 'recurring-payment-id': 'a' }, { 'recurring-payment-id': 'b' }]);
    const order: string[] = [];
    let releaseA!: () => void;
    const holdA = new Promise<void>((resolve) => (releaseA = resolve));
    const first = store.update(['a'], async () => (await holdA, order.push('a'), { refuse: undefined }));
    const second = store.update(['b'], async () => (order.push('b'), { refuse: undefined }));
    const third = store.update(['b', 'a'], async () => (order.push('a+b'), { refuse: undefined }));
    await second;
    expect(order).toEqual(['b']);
    releaseA();
    await Promise.all([first, third]);
    expect(order).toEqual(['b', 'a', 'a+b']);
  });

  it('stores nothing when a change refuses or throws, and everything when it succeeds', async () => {
    const store = createMemoryProfileStore([
      { 'recurring-payment-id': 'a', x: '1' },
      { 'recurring-payment-id': 'b', x: '1' },
    ]);
    await store.update(['a', 'b'], () => ({ refuse: 'no' }));
    await expect(
      store.update(['a', 'b'], () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await store.get('a'))?.revision).toBe(0);
    const { stored } = await store.update(['a', 'b'], () => ({
      store: new Map([
        ['a', { x: '2' }],
        ['b', { x: '3' }],
      ]),
      result: 'ok',
    }));
    expect(stored.map((p) => [p.id, p.fields.x, p.revision])).toEqual([
      ['a', '2', 1],
      ['b', '3', 1],
    ]);
  });

  it('keeps a frozen profile without card verification data as given (a restored state is not held twice), and copies every other without cvv2', async () => {
    const restored = Object.freeze({ 'recurring-payment-id': 'rp-1', amount: '10.00' });
    const frozenWithCvv = Object.freeze({ 'recurring-payment-id': 'rp-2', cvv2: '123' });
    const caller = { 'recurring-payment-id': 'rp-3', amount: '5.00' };
    const store = createMemoryProfileStore([restored, frozenWithCvv, caller]);
    expect((await store.get('rp-1'))?.fields).toBe(restored);
    expect((await store.get('rp-2'))?.fields).toEqual({ 'recurring-payment-id': 'rp-2' });
    // The caller's own object is neither kept nor frozen.
    expect((await store.get('rp-3'))?.fields).not.toBe(caller);
    expect(Object.isFrozen(caller)).toBe(false);
  });

  it('refuses to store an id the change did not lock', async () => {
    const store = createMemoryProfileStore([{ 'recurring-payment-id': 'a' }]);
    await expect(store.update(['a'], () => ({ store: new Map([['z', {}]]), result: 0 }))).rejects.toThrow(RangeError);
    expect(await store.get('z')).toBeUndefined();
  });
});

describe('applyUpdateRow: an update changes exactly the fields sent', () => {
  const name = fc.constantFrom(
    'city',
    'period',
    'interval',
    'amount',
    'amount-from',
    'amount-to',
    'amount-sequence',
    'notify_url',
    'server_callback_url',
    'email',
    'cvv2',
  );
  const fields = fc.dictionary(name, fc.string({ maxLength: 6 }));
  const amountMode = ['amount', 'amount-from', 'amount-to', 'amount-sequence'];
  const callback = ['notify_url', 'notify-url', 'server_callback_url'];

  it('sets every non-empty cell, keeps every field not sent, drops only the replaced alternatives, never stores cvv2', () => {
    fc.assert(
      fc.property(fields, fields, (current, row) => {
        const next = applyUpdateRow(current, row);
        const sent = Object.keys(row).filter((k) => row[k] !== '' && k !== 'cvv2');
        const groups = [amountMode, callback].filter((group) => sent.some((k) => group.includes(k)));
        for (const key of new Set([...Object.keys(current), ...Object.keys(row)])) {
          if (sent.includes(key)) expect(next[key]).toBe(row[key]);
          else if (groups.some((group) => group.includes(key))) expect(next[key]).toBeUndefined();
          else expect(next[key]).toBe(current[key]);
        }
        if (!('cvv2' in current)) expect('cvv2' in next).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseProfiles', () => {
  it('reads an array or { recurringPayments }, numbers as their text', () => {
    expect(parseProfiles('[{"recurring-payment-id":"rp","amount":10.5}]')).toEqual([{ 'recurring-payment-id': 'rp', amount: '10.5' }]);
    expect(parseProfiles('{"recurringPayments":[{"recurring-payment-id":"rp"}]}')).toEqual([{ 'recurring-payment-id': 'rp' }]);
  });

  it.each([
    ['not json', 'not valid JSON'],
    ['{}', 'must be an array'],
    ['[{"amount":"1"}]', 'profile 0: recurring-payment-id is required'],
    ['[{"recurring-payment-id":"a"},{"recurring-payment-id":"a"}]', 'profile 1: recurring-payment-id a appears twice'],
    ['[{"recurring-payment-id":"a","credit-card-number":{"x":1}}]', 'profile 0: field credit-card-number must be a string or a number'],
  ])('refuses %s with INVALID_PROFILES', (json, message) => {
    expect(() => parseProfiles(json)).toThrow(EmulatorError);
    expect(() => parseProfiles(json)).toThrow(message);
  });
});
