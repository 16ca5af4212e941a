/**
 * A date of the proleptic Gregorian calendar, as the gateway writes it: `DD.MM.YYYY`.
 *
 * @example
 * ```ts
 * import { formatCalendarDate, parseCalendarDate, type CalendarDate } from '@paysign/protocol';
 *
 * const date: CalendarDate | undefined = parseCalendarDate('29.02.2028'); // { day: 29, month: 2, year: 2028 }
 * if (date) console.log(formatCalendarDate({ ...date, day: 1 })); // '01.02.2028'
 * ```
 */
export interface CalendarDate {
  readonly day: number;
  readonly month: number;
  readonly year: number;
}

const DATE_FORMAT = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** Whether `text` has the shape `DD.MM.YYYY` (two, two and four digits), calendar aside. */
export function hasDateFormat(text: string): boolean {
  return DATE_FORMAT.test(text);
}

/** Days in a month of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Reads `DD.MM.YYYY` into a date that exists on the calendar (no 31.04, no 29.02 outside leap
 * years, no year 0000), or `undefined`.
 *
 * @example
 * ```ts
 * parseCalendarDate('29.02.2024'); // { day: 29, month: 2, year: 2024 }
 * parseCalendarDate('29.02.2025'); // undefined
 * ```
 */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  const match = DATE_FORMAT.exec(text);
  if (match === null) return undefined;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { day, month, year };
}

/**
 * Writes a date as `DD.MM.YYYY`. A `Date` is read in UTC, so `new Date('2025-01-31')` is
 * `31.01.2025` in every time zone.
 *
 * @example
 * ```ts
 * formatCalendarDate(new Date('2025-01-31')); // '31.01.2025'
 * formatCalendarDate({ day: 1, month: 3, year: 2025 }); // '01.03.2025'
 * ```
 */
export function formatCalendarDate(date: CalendarDate | Date): string {
  const parts = date instanceof Date ? { day: date.getUTCDate(), month: date.getUTCMonth() + 1, year: date.getUTCFullYear() } : date;
  return `${pad(parts.day, 2)}.${pad(parts.month, 2)}.${pad(parts.year, 4)}`;
}

/**
 * Days since 1970-01-01 (negative before), for comparing and stepping dates; every year 1-9999.
 *
 * @example
 * ```ts
 * toEpochDay({ day: 2, month: 1, year: 1970 }); // 1
 * toEpochDay({ day: 1, month: 1, year: 50 }); // -701265 (the year 50, not 1950)
 * ```
 */
export function toEpochDay(date: CalendarDate): number {
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const instant = new Date(0);
  instant.setUTCFullYear(date.year, date.month - 1, date.day);
  return Math.floor(instant.getTime() / 86_400_000);
}

/**
 * The date `epochDay` days after 1970-01-01: the inverse of {@link toEpochDay}.
 *
 * @example
 * ```ts
 * formatCalendarDate(fromEpochDay(-701265)); // '01.01.0050'
 * ```
 */
export function fromEpochDay(epochDay: number): CalendarDate {
  const date = new Date(epochDay * 86_400_000);
  return { day: date.getUTCDate(), month: date.getUTCMonth() + 1, year: date.getUTCFullYear() };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
