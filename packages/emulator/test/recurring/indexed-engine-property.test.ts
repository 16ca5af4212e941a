// Issue #23 item 2: the engine indexes payments by their next charge day and re-reads a payment's
// rules only when it is written. These tests hold it to the engine it replaced, which re-read every
// stored payment's schedule on every run: on random schedules, update sequences (reschedule, stop
// by removing the period, counter resets) and clock steps (forward, and runs through past days),
// both make exactly the same charges, and no payment is ever charged twice on one date.
import { readScheduleRules, scheduledCharges, type PlannedCharge, type ScheduleRules } from '@paysign/protocol/schedule';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryProfileStore, type ProfileStore, type StoredProfile } from '@paysign/emulator';
import { dateOf, epochDayOf } from '../../src/clock/emulator-clock.js';
import { virtualEmulator } from './helpers.js';

interface OldState {
  revision: number;
  rules: ScheduleRules | undefined;
  scheduledOn: number;
  from: number;
  index: number;
  counterField: string | undefined;
  lastChargedDay: number | undefined;
}

/** The engine as it was on main before the index: every run lists every payment and reads its rules again. */
function fullReReadEngine() {
  const states = new Map<string, OldState>();
  const readRules = (profile: StoredProfile) => {
    if (profile.fields.period === undefined || profile.fields.period === '') return undefined;
    try {
      return readScheduleRules(profile.fields);
    } catch {
      return undefined;
    }
  };
  function sync(profiles: readonly StoredProfile[], today: number) {
    for (const profile of profiles) {
      const state = states.get(profile.id);
      const rules = readRules(profile);
      const counterField = profile.fields['current-repeats-number'];
      if (state === undefined) {
        states.set(profile.id, {
          revision: profile.revision,
          rules,
          scheduledOn: today,
          from: today,
          index: rules?.currentRepeatsNumber ?? 0,
          counterField,
          lastChargedDay: undefined,
        });
      } else if (state.revision !== profile.revision) {
        state.revision = profile.revision;
        state.rules = rules;
        state.scheduledOn = today;
        state.from = Math.max(today, (state.lastChargedDay ?? today - 1) + 1);
        if (counterField !== state.counterField && rules !== undefined) state.index = rules.currentRepeatsNumber;
        state.counterField = counterField;
      }
    }
  }
  return {
    run(profiles: readonly StoredProfile[], today: number, through: number) {
      sync(profiles, today);
      const due: { id: string; state: OldState; planned: PlannedCharge }[] = [];
      for (const [id, state] of states) {
        if (state.rules === undefined || state.from > through) continue;
        for (const planned of scheduledCharges(state.rules, { scheduledOn: state.scheduledOn, from: state.from, through, index: state.index }))
          due.push({ id, state, planned });
      }
      due.sort((a, b) => a.planned.day - b.planned.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.planned.index - b.planned.index));
      for (const { state, planned } of due) {
        state.index = planned.index + 1;
        state.lastChargedDay = planned.day;
      }
      for (const state of states.values()) state.from = Math.max(state.from, through + 1);
      return due.map(({ id, planned }) => ({
        id,
        index: planned.index,
        date: dateOf(planned.day),
        amount: typeof planned.amount === 'string' ? planned.amount : 'drawn',
      }));
    },
  };
}

const start = epochDayOf('15.01.2030') as number;
const ids = ['rp-a', 'rp-b', 'rp-c', 'rp-d'];

const schedule = fc.record(
  {
    period: fc.constantFrom('day', 'week', 'month', ''),
    interval: fc.integer({ min: 1, max: 5 }).map(String),
    'start-date': fc.integer({ min: -40, max: 60 }).map((offset) => dateOf(start + offset)),
    'finish-date': fc.integer({ min: 0, max: 150 }).map((offset) => dateOf(start + offset)),
    'max-repeats-number': fc.integer({ min: 0, max: 8 }).map(String),
    'current-repeats-number': fc.integer({ min: 0, max: 4 }).map(String),
    type: fc.constantFrom('auto', 'SRC'),
    amount: fc.integer({ min: 1, max: 99 }).map((n) => `${n}.00`),
  },
  { requiredKeys: ['period', 'interval', 'amount'] },
);

const step = fc.oneof(
  fc.record({ kind: fc.constant('update' as const), id: fc.constantFrom(...ids), fields: schedule }),
  fc.record({ kind: fc.constant('run' as const), days: fc.integer({ min: -10, max: 45 }) }),
);

describe('the indexed engine charges what the full re-read engine charged', () => {
  it('on random schedules, updates and clock steps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(schedule, { minLength: ids.length, maxLength: ids.length }),
        fc.array(step, { minLength: 1, maxLength: 25 }),
        async (initial, steps) => {
          const profiles = initial.map((fields, n) => ({ ...fields, 'recurring-payment-id': ids[n] as string, 'client-orderid': `order-${n}` }));
          const emulator = virtualEmulator(dateOf(start), { profiles });
          const reference = fullReReadEngine();
          const seen = new Set<string>();
          for (const s of steps) {
            if (s.kind === 'update') {
              await emulator.profiles.update([s.id], (current) => ({
                store: new Map([[s.id, { 'client-orderid': current.get(s.id)?.fields['client-orderid'] ?? '', ...s.fields }]]),
                result: undefined,
              }));
              continue;
            }
            const today = emulator.clock.today();
            const through = today + s.days;
            const expected = reference.run(await emulator.profiles.list(), today, through);
            const made = (await emulator.recurring.runThrough(through)).map((c) => ({
              id: c.recurringPaymentId,
              index: c.index,
              date: c.date,
              amount: c.amount,
            }));
            expect(made).toEqual(expected);
            for (const charge of made) {
              const key = `${charge.id} ${charge.date}`;
              expect(seen.has(key), `${key} charged twice`).toBe(false);
              seen.add(key);
            }
          }
          emulator.stop();
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** A real memory store whose reads are counted. */
function countingStore(store: ProfileStore) {
  const counts = { list: 0, get: 0 };
  const counted: ProfileStore = {
    list: () => {
      counts.list++;
      return store.list();
    },
    get: (id) => {
      counts.get++;
      return store.get(id);
    },
    update: (updateIds, change) => store.update(updateIds, change),
    ...(store.watch && { watch: store.watch.bind(store) }),
  };
  return { counts, counted };
}

describe('a run reads only the payments written since the last one', () => {
  it('with 2,000 stored payments, a run after one update reads that payment, not the store', async () => {
    const stored = Array.from({ length: 2000 }, (_, n) => ({
      'recurring-payment-id': `rp-${n}`,
      'client-orderid': `order-${n}`,
      amount: '10.00',
      period: 'month',
      interval: '1',
      'start-date': dateOf(start + 40 + (n % 20)),
    }));
    const { counts, counted } = countingStore(createMemoryProfileStore(stored));
    const emulator = virtualEmulator(dateOf(start), { profiles: counted });
    await emulator.recurring.runThrough(); // the first run reads every payment once
    expect(counts.list).toBe(1);
    await counted.update(['rp-7'], (current) => ({
      store: new Map([['rp-7', { ...current.get('rp-7')?.fields, amount: '12.00', 'start-date': dateOf(start + 1) }]]),
      result: undefined,
    }));
    counts.list = 0;
    counts.get = 0;
    expect(await emulator.recurring.runThrough(start + 1)).toMatchObject([{ recurringPaymentId: 'rp-7', amount: '12.00', date: dateOf(start + 1) }]);
    // The one written payment is read (and once more to charge it); the store is not listed.
    expect(counts.list).toBe(0);
    expect(counts.get).toBe(2);
    // A run with nothing written and nothing due reads nothing at all.
    counts.get = 0;
    expect(await emulator.recurring.runThrough(start + 2)).toEqual([]);
    expect(counts).toEqual({ list: 0, get: 0 });
    emulator.stop();
  });

  it('a store without watch is still read in full each run, and charges the same', async () => {
    const base = createMemoryProfileStore([{ 'recurring-payment-id': 'rp-1', amount: '5.00', period: 'day', interval: '1', type: 'auto' }]);
    const plain: ProfileStore = { list: () => base.list(), get: (id) => base.get(id), update: (i, c) => base.update(i, c) };
    const emulator = virtualEmulator(dateOf(start), { profiles: plain });
    expect((await emulator.recurring.runThrough(start + 2)).map((c) => c.date)).toEqual([dateOf(start), dateOf(start + 1), dateOf(start + 2)]);
    await plain.update(['rp-1'], (current) => ({ store: new Map([['rp-1', { ...current.get('rp-1')?.fields, amount: '6.00' }]]), result: undefined }));
    expect((await emulator.recurring.runThrough(start + 3)).map((c) => [c.date, c.amount])).toEqual([[dateOf(start + 3), '6.00']]);
    emulator.stop();
  });
});
