import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-bench-'));
// The folder holds a generated private key: it goes when the suite ends.
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A 2048-bit key keeps the test fast (the command's default is a fresh 4096-bit key).
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const keyFile = join(dir, 'private-key.pem');
writeFileSync(keyFile, privatePem, { mode: 0o600 });
const keyBody = privatePem.split('\n')[1]!;

interface Contender {
  name: string;
  signsPerSecond: number;
  rounds: number[];
}
interface MethodResult {
  method: string;
  keyBits?: number;
  floor: Contender;
  paysign: Contender;
  ratio: { median: number; min: number; max: number };
}

const positive = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;

describe('paysign bench', () => {
  it('--json reports HMAC-SHA1 and RSA-SHA256 against their floors, with positive rates and ratios', () => {
    const result = paysign(['bench', '--seconds', '0.3', '--private-key', keyFile, '--json']);
    expect(result.code).toBe(0);
    // Figures are rounded: a float's 13+ digit run could pass Luhn and be masked as a card number.
    expect(result.stdout).not.toMatch(/\d{13}|\*/);
    const report = JSON.parse(result.stdout) as {
      runtime: { name: string };
      adapter: string;
      roundsPerMethod: number;
      methods: MethodResult[];
      fullComparison: string;
    };
    expect(report.runtime.name).toBe('Node');
    expect(report.adapter).toBe('node');
    expect(report.methods.map((m) => m.method)).toEqual(['HMAC-SHA1', 'RSA-SHA256']);
    expect(report.methods[1]!.keyBits).toBe(2048);
    for (const m of report.methods) {
      expect(m.floor.name).toMatch(/^floor: /);
      expect(m.paysign.name).toBe('paysign signSync (node adapter)');
      for (const contender of [m.floor, m.paysign]) {
        expect(contender.rounds).toHaveLength(report.roundsPerMethod);
        expect(contender.rounds.every(positive)).toBe(true);
        expect(positive(contender.signsPerSecond)).toBe(true);
      }
      expect([m.ratio.median, m.ratio.min, m.ratio.max].every(positive)).toBe(true);
      expect(m.ratio.min).toBeLessThanOrEqual(m.ratio.median);
      expect(m.ratio.median).toBeLessThanOrEqual(m.ratio.max);
    }
    expect(report.fullComparison).toContain('pnpm bench');
    expect(result.stdout + result.stderr).not.toContain(keyBody);
  });

  it('prints a table with a floor row and a paysign row per method, and points to pnpm bench', () => {
    const result = paysign(['bench', '--seconds', '0.3', '--private-key', keyFile]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const hmacFloor = lines.findIndex((line) => /^HMAC-SHA1 +floor: node:crypto createHmac +[\d,]+ +1\.00x$/.test(line));
    expect(hmacFloor).toBeGreaterThan(-1);
    expect(lines[hmacFloor + 1]).toMatch(/^ +paysign signSync \(node adapter\) +[\d,]+ +(\d+\.\d\d)x \(\d+\.\d\dx-\d+\.\d\dx\)$/);
    const rsaFloor = lines.findIndex((line) => /^RSA-SHA256 +floor: crypto\.sign, prepared KeyObject +[\d,]+ +1\.00x$/.test(line));
    expect(rsaFloor).toBeGreaterThan(hmacFloor);
    expect(lines[rsaFloor + 1]).toMatch(/^2048-bit key +paysign signSync \(node adapter\) +[\d,]+ +(\d+\.\d\d)x/);
    for (const row of [lines[hmacFloor + 1]!, lines[rsaFloor + 1]!]) expect(Number(/ (\d+\.\d\d)x /.exec(row)![1])).toBeGreaterThan(0);
    expect(result.stdout).toContain('`pnpm bench`');
    expect(result.stdout + result.stderr).not.toContain(keyBody);
  });

  it.each([
    [['--seconds', '0'], '--seconds must be a number'],
    [['--seconds', 'soon'], '--seconds must be a number'],
    [['--private-key', join(dir, 'missing.pem')], 'cannot read the file'],
    [['--iterations', '5'], "Unknown option '--iterations'"],
  ])('exits 2 on a usage error: %j', (args, message) => {
    const result = paysign(['bench', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('exits 2 on a file that holds no RSA private key, without printing the file', () => {
    const notAKey = join(dir, 'not-a-key.pem');
    writeFileSync(notAKey, 'secret-looking-content-12345\n');
    const result = paysign(['bench', '--seconds', '0.1', '--private-key', notAKey]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('secret-looking-content-12345');
  });

  it('--help prints its usage and exits 0', () => {
    const result = paysign(['bench', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('paysign bench');
  });
});
