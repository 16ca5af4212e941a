// The request log's byte ring (issue #36): for any records written one after another (any
// well-formed text, Latin-1 and astral characters too, some longer than the ring), each one still
// whole (its position not behind oldestWhole) reads back exactly as written, and the newest always
// does unless it cannot fit at all, and then nothing is written over. A model keeps what was written, independently of the ring.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteRing } from '../../src/console/byte-ring.js';

const text = fc.string({ unit: fc.constantFrom('a', 'z', '=', '&', 'é', 'ÿ', '€', '😀', '\n'), maxLength: 40 });
const record = fc.array(text, { minLength: 1, maxLength: 4 });

describe('ByteRing', () => {
  it('reads back every record still whole exactly as written; the newest is always whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 300 }), fc.array(record, { maxLength: 60 }), (capacity, records) => {
        const ring = new ByteRing(capacity);
        const written: { at: number; bytes: number; texts: string[]; lengths: number[] }[] = [];
        for (const texts of records) {
          const lengths: number[] = [];
          const writtenBefore = ring.written;
          const at = ring.write(texts, lengths);
          const bytes = texts.reduce((sum, one) => sum + new TextEncoder().encode(one).length, 0);
          if (at === undefined) {
            // Only a record larger than the ring is refused, and then nothing is written: the ring is as it was.
            expect(bytes).toBeGreaterThan(capacity);
            expect(ring.written).toBe(writtenBefore);
            continue;
          }
          expect(at).toBeGreaterThanOrEqual(ring.oldestWhole);
          written.push({ at, bytes, texts: [...texts], lengths: [...lengths] });
        }
        for (const { at, texts, lengths } of written) {
          if (at < ring.oldestWhole) continue;
          let offset = at;
          texts.forEach((one, i) => {
            expect(ring.read(offset, lengths[i] as number)).toBe(one);
            offset += lengths[i] as number;
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('written over, a record is behind oldestWhole', () => {
    const ring = new ByteRing(10);
    const lengths: number[] = [];
    const first = ring.write(['abcdef'], lengths) as number;
    expect(ring.read(first, 6)).toBe('abcdef');
    // Does not fit in the 4 bytes left: starts again at the beginning, over the first.
    const second = ring.write(['ghijk'], lengths) as number;
    expect(second).toBe(10);
    expect(first).toBeLessThan(ring.oldestWhole);
    expect(ring.read(second, 5)).toBe('ghijk');
  });
});
