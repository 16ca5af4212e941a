import { formatCalendarDate, fromEpochDay, parseCalendarDate, toEpochDay } from '@paysign/protocol';
import { EmulatorError } from '../errors.js';

/**
 * The emulator's calendar: which day it is, for charging recurring payments.
 *
 * @example
 * ```ts
 * import { createEmulator, type EmulatorClock } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, profiles, clock: 'virtual', today: '01.02.2026' });
 * const clock: EmulatorClock = emulator.clock;
 * await emulator.recurring.runThrough(clock.today() + 31); // charges due in the next 31 days
 * ```
 */
export interface EmulatorClock {
  /** `virtual`: days pass only when told (`POST /emulator/clock`); `system`: days pass for real (UTC). */
  readonly mode: 'virtual' | 'system';
  /** Today as an epoch day (days since 1970-01-01). */
  today(): number;
  /** Moves a virtual clock to `day` (never backwards). */
  set(day: number): void;
}

/**
 * Days since 1970-01-01 of a `DD.MM.YYYY` date, or `undefined` when it is not one.
 *
 * @example
 * ```ts
 * epochDayOf('02.01.1970'); // 1
 * epochDayOf('30.02.2030'); // undefined
 * ```
 */
export function epochDayOf(text: string): number | undefined {
  const date = parseCalendarDate(text);
  return date === undefined ? undefined : toEpochDay(date);
}

/**
 * `DD.MM.YYYY` of an epoch day.
 *
 * @example
 * ```ts
 * dateOf(1); // '02.01.1970'
 * ```
 */
export function dateOf(day: number): string {
  return formatCalendarDate(fromEpochDay(day));
}

/**
 * The emulator's clock: `system` reads the UTC date of `Date.now()`; `virtual` starts on `today`
 * (default: the system's today) and moves only through {@link EmulatorClock.set}.
 *
 * @throws {EmulatorError} `INVALID_OPTIONS` when `today` is not a `DD.MM.YYYY` date that exists.
 * @example
 * ```ts
 * const clock = createClock('virtual', '31.01.2030');
 * dateOf(clock.today()); // '31.01.2030'
 * ```
 */
export function createClock(mode: 'virtual' | 'system' = 'system', today?: string): EmulatorClock {
  const systemDay = () => Math.floor(Date.now() / 86_400_000);
  if (mode === 'system') {
    if (today !== undefined) throw new EmulatorError('INVALID_OPTIONS', 'today is for the virtual clock only (clock: "virtual")');
    return {
      mode,
      today: systemDay,
      set() {
        throw new EmulatorError('INVALID_OPTIONS', 'the system clock cannot be set; start the emulator with clock: "virtual"');
      },
    };
  }
  if (mode !== 'virtual') throw new EmulatorError('INVALID_OPTIONS', 'clock must be "virtual" or "system"');
  let current = today === undefined ? systemDay() : epochDayOf(today);
  if (current === undefined) throw new EmulatorError('INVALID_OPTIONS', 'today must be a DD.MM.YYYY date that exists');
  return {
    mode,
    today: () => current as number,
    set(day) {
      if (day < (current as number)) throw new EmulatorError('INVALID_OPTIONS', 'the clock never goes backwards');
      current = day;
    },
  };
}
