// The README's "Test cards" table and TEST_CARDS are one list; every number passes the Luhn check.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS, testCardOutcome } from '@paysign/emulator';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

// Luhn, written from its definition: from the right, double every second digit, sum the digits.
function luhn(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return sum % 10 === 0;
}

describe('test cards', () => {
  it("the README's table lists exactly TEST_CARDS", () => {
    const table = README.slice(README.indexOf('### Test cards'));
    const rows = [...table.matchAll(/^\| (\d{12,19}) +\| (\w+) +\|$/gm)].map((match) => ({ number: match[1], outcome: match[2] }));
    expect(rows).toEqual(TEST_CARDS.map((card) => ({ ...card })));
    expect(rows.map((row) => row.outcome).sort()).toEqual(['declined', 'declined', 'error', 'filtered']);
  });

  it('every test card passes the Luhn check and maps to its outcome; another card maps to none', () => {
    for (const card of TEST_CARDS) {
      expect(luhn(card.number)).toBe(true);
      expect(testCardOutcome(card.number)).toBe(card.outcome);
    }
    expect(testCardOutcome('4111111111111111')).toBeUndefined();
  });
});
