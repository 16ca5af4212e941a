// readPem on hostile text: linear work, a typed error, no key material in the message.
import { describe, expect, it } from 'vitest';
import { readPem } from '../src/keys/pem.js';

describe('readPem on hostile input', () => {
  // 120,000 BEGIN lines without an END: a backtracking pattern rescans the rest of the text from
  // each of them (about 40 s for this input before the fix); a linear scan answers at once. The
  // test's only bound is vitest's timeout: it guards against a hang, it does not time anything.
  it('refuses 2 MB of unmatched BEGIN lines with INVALID_KEY', () => {
    const hostile = '-----BEGIN A-----'.repeat(120_000);
    expect(() => readPem(hostile)).toThrow(expect.objectContaining({ code: 'INVALID_KEY' }));
  });

  it('refuses an END line of another label, and a label that is not a PEM label', () => {
    expect(() => readPem('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PRIVATE KEY-----')).toThrow(expect.objectContaining({ code: 'INVALID_KEY' }));
    expect(() => readPem('-----BEGIN a b-----\nAAAA\n-----END a b-----')).toThrow(expect.objectContaining({ code: 'INVALID_KEY' }));
  });

  it('reads the first block and ignores text around it', () => {
    const block = readPem('junk\n-----BEGIN PUBLIC KEY-----\nAAEC\n-----END PUBLIC KEY-----\n-----BEGIN X-----\n-----END X-----');
    expect(block.label).toBe('PUBLIC KEY');
    expect([...block.der]).toEqual([0, 1, 2]);
  });

  it('says an encrypted key is encrypted', () => {
    expect(() => readPem('-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nAAAA\n-----END RSA PRIVATE KEY-----')).toThrow(/encrypted/);
    expect(() => readPem('-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----')).toThrow(/encrypted/);
  });
});
