// Calendar dates: DD.MM.YYYY, every year 1-9999 (the spec's format; no year is excluded), and the
// day arithmetic the schedule steps with, checked against an independent count of days.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, fromEpochDay, parseCalendarDate, toEpochDay } from '../src/index.js';

// Days from 1970-01-01 by the proleptic Gregorian calendar, counted with integer arithmetic only
// (H. Hinnant's days_from_civil, "chrono-Compatible Low-Level Date Algorithms"): no Date object.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const existingDate = fc
  .record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .filter(({ year, month, day }) => day <= [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!);

describe('calendar dates', () => {
  it('count days as the proleptic Gregorian calendar does, years 1-9999 included (not 1900-1999 for 0001-0099)', () => {
    fc.assert(
      fc.property(existingDate, (date) => {
        expect(toEpochDay(date)).toBe(daysFromCivil(date.year, date.month, date.day));
        expect(fromEpochDay(toEpochDay(date))).toEqual(date);
      }),
      { numRuns: 2000 },
    );
    expect(toEpochDay({ year: 50, month: 1, day: 1 })).toBe(daysFromCivil(50, 1, 1));
    expect(toEpochDay({ year: 99, month: 12, day: 31 }) + 1).toBe(toEpochDay({ year: 100, month: 1, day: 1 }));
  });

  it('read and write DD.MM.YYYY for every existing date, and refuse dates that do not exist', () => {
    fc.assert(
      fc.property(existingDate, (date) => {
        const text = formatCalendarDate(date);
        expect(text).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
        expect(parseCalendarDate(text)).toEqual(date);
      }),
    );
    for (const text of ['29.02.2100', '31.04.2030', '00.01.2030', '01.13.2030', '01.01.0000', '1.1.2030']) expect(parseCalendarDate(text)).toBeUndefined();
    expect(parseCalendarDate('29.02.2000')).toEqual({ day: 29, month: 2, year: 2000 });
  });
});
