// Decimal amounts: exact comparison and unit arithmetic, checked against integer arithmetic done
// here on whole numbers of cents-like units (never a float).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, fromUnits, isDecimal, scaleOf, toUnits } from '../src/index.js';

const amount = fc.record({ units: fc.bigInt({ min: 0n, max: 10n ** 12n }), scale: fc.integer({ min: 0, max: 6 }) });

describe('decimal amounts', () => {
  it('write units with exactly the scale asked, and read them back', () => {
    expect(fromUnits(750n, 2)).toBe('7.50');
    expect(fromUnits(5n, 2)).toBe('0.05');
    expect(fromUnits(12n, 0)).toBe('12');
    fc.assert(
      fc.property(amount, ({ units, scale }) => {
        const text = fromUnits(units, scale);
        expect(isDecimal(text)).toBe(true);
        expect(scaleOf(text)).toBe(scale);
        expect(toUnits(text, scale)).toBe(units);
        expect(toUnits(text, scale + 3)).toBe(units * 1000n);
      }),
    );
  });

  it('compare as the numbers they write, whatever their scales (10.5 = 10.50, 9.99 < 10)', () => {
    expect(compareDecimals('10.5', '10.50')).toBe(0);
    expect(compareDecimals('9.99', '10')).toBe(-1);
    expect(compareDecimals('0.1', '0.09')).toBe(1);
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        // a.units / 10^a.scale against b.units / 10^b.scale, cross-multiplied.
        const left = a.units * 10n ** BigInt(b.scale);
        const right = b.units * 10n ** BigInt(a.scale);
        expect(compareDecimals(fromUnits(a.units, a.scale), fromUnits(b.units, b.scale))).toBe(left < right ? -1 : left > right ? 1 : 0);
      }),
    );
  });

  it('are ASCII digits with an optional dot and fraction, nothing else', () => {
    for (const text of ['10', '10.42', '0.5', '007']) expect(isDecimal(text)).toBe(true);
    for (const text of ['', '.5', '5.', '1e3', '-1', '1,5', ' 1', '١٠', 'Infinity']) expect(isDecimal(text)).toBe(false);
  });
});
