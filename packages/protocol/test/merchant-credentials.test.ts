// checkMerchantCredentials: the one run-time check of the merchant's credentials, for callers the
// types do not reach (JavaScript, configuration, environment variables). The gateway client and
// the edge proxy refuse with it; their own tests show the refusal in their words.
import { describe, expect, it } from 'vitest';
import { checkMerchantCredentials, describeIssue, GatewayValidationError, signingKeyFor, type MerchantCredentials } from '@paysign/protocol';
import { defaultSignatureMethod } from '../src/credentials/merchant-credentials.js';

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D3D7D3C1B5';
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIE-not-a-real-key\n-----END PRIVATE KEY-----';

/** The [field, rule] of each issue the check throws, after checking the error's type and code. */
function refusal(credentials: unknown, at?: string): [string, string][] {
  let thrown: unknown;
  try {
    checkMerchantCredentials(credentials as MerchantCredentials, at);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GatewayValidationError);
  const error = thrown as GatewayValidationError;
  expect(error.code).toBe('INVALID_OPTIONS');
  for (const secret of [CONTROL_KEY, 'PRIVATE KEY', 'MIIE']) expect(`${error.message}\n${JSON.stringify(error.issues)}`).not.toContain(secret);
  return error.issues.map((issue) => [issue.field, issue.rule]);
}

const ALL_HMAC = { 'update-recurring-payments': 'HMAC-SHA1', 'pan-eligibility/send': 'HMAC-SHA1', transfer: 'HMAC-SHA1' };
const ALL_RSA = { 'update-recurring-payments': 'RSA-SHA256', 'pan-eligibility/send': 'RSA-SHA256', transfer: 'RSA-SHA256' };
// docs/gateway-api.md, the signing examples: pan-eligibility/send with HMAC-SHA1, the v4 operations with RSA-SHA256.
const DOCUMENTED = { 'update-recurring-payments': 'RSA-SHA256', 'pan-eligibility/send': 'HMAC-SHA1', transfer: 'RSA-SHA256' };

describe('checkMerchantCredentials keeps the keys given and names the method of every operation', () => {
  it('a control key only: every operation HMAC-SHA1, whether the method is stated or not', () => {
    expect(checkMerchantCredentials({ login: 'merchant', controlKey: CONTROL_KEY })).toEqual({
      login: 'merchant',
      controlKey: CONTROL_KEY,
      signatureMethods: ALL_HMAC,
    });
    expect(checkMerchantCredentials({ login: 'merchant', controlKey: CONTROL_KEY, signatureMethod: 'HMAC-SHA1' }).signatureMethods).toEqual(ALL_HMAC);
  });

  it('a private key only: every operation RSA-SHA256, and only the credentials are kept', () => {
    const extra = { login: 'merchant', privateKey: PEM, endpointId: '1234' };
    expect(checkMerchantCredentials(extra)).toEqual({ login: 'merchant', privateKey: PEM, signatureMethods: ALL_RSA });
  });

  it('both keys: each operation signs with the method the gateway documents for it', () => {
    expect(checkMerchantCredentials({ login: 'merchant', controlKey: CONTROL_KEY, privateKey: PEM })).toEqual({
      login: 'merchant',
      controlKey: CONTROL_KEY,
      privateKey: PEM,
      signatureMethods: DOCUMENTED,
    });
  });

  it('signatureMethods overrides one operation; signatureMethod sets every operation, under signatureMethods', () => {
    const both = { login: 'merchant', controlKey: CONTROL_KEY, privateKey: PEM } as const;
    expect(checkMerchantCredentials({ ...both, signatureMethods: { transfer: 'HMAC-SHA1' } }).signatureMethods).toEqual({
      ...DOCUMENTED,
      transfer: 'HMAC-SHA1',
    });
    expect(checkMerchantCredentials({ ...both, signatureMethod: 'RSA-SHA256' }).signatureMethods).toEqual(ALL_RSA);
    expect(
      checkMerchantCredentials({ ...both, signatureMethod: 'RSA-SHA256', signatureMethods: { 'pan-eligibility/send': 'HMAC-SHA1' } }).signatureMethods,
    ).toEqual({ ...ALL_RSA, 'pan-eligibility/send': 'HMAC-SHA1' });
  });

  it("signingKeyFor gives the key of the operation's method", () => {
    const merchant = checkMerchantCredentials({ login: 'merchant', controlKey: CONTROL_KEY, privateKey: PEM });
    expect(signingKeyFor(merchant, 'pan-eligibility/send')).toEqual({ signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY });
    expect(signingKeyFor(merchant, 'transfer')).toEqual({ signatureMethod: 'RSA-SHA256', privateKey: PEM });
    expect(signingKeyFor(merchant, 'update-recurring-payments')).toEqual({ signatureMethod: 'RSA-SHA256', privateKey: PEM });
  });

  it('defaultSignatureMethod: the documented method when its key is there, else the key that is', () => {
    for (const operation of Object.keys(DOCUMENTED) as (keyof typeof DOCUMENTED)[]) {
      expect(defaultSignatureMethod(operation, { controlKey: true, privateKey: true })).toBe(DOCUMENTED[operation]);
      expect(defaultSignatureMethod(operation, { controlKey: true, privateKey: false })).toBe('HMAC-SHA1');
      expect(defaultSignatureMethod(operation, { controlKey: false, privateKey: true })).toBe('RSA-SHA256');
    }
  });
});

describe('checkMerchantCredentials refuses, naming the field and the rule', () => {
  it.each([
    ['an RSA merchant without a key', { login: 'merchant', signatureMethod: 'RSA-SHA256' }, [['controlKey', 'invalid-option']]],
    ['an empty private key', { login: 'merchant', privateKey: '' }, [['privateKey', 'invalid-option']]],
    ['a null private key', { login: 'merchant', privateKey: null }, [['privateKey', 'invalid-option']]],
    ['no key at all', { login: 'merchant' }, [['controlKey', 'invalid-option']]],
    ['an empty control key', { login: 'merchant', controlKey: '' }, [['controlKey', 'invalid-option']]],
    ['a control key that is no string', { login: 'merchant', controlKey: 42 }, [['controlKey', 'invalid-option']]],
    [
      'HMAC-SHA1 for every operation with only a private key',
      { login: 'merchant', signatureMethod: 'HMAC-SHA1', privateKey: PEM },
      [['signatureMethod', 'invalid-option']],
    ],
    [
      'RSA-SHA256 for every operation with only a control key',
      { login: 'merchant', signatureMethod: 'RSA-SHA256', controlKey: CONTROL_KEY },
      [['signatureMethod', 'invalid-option']],
    ],
    [
      'transfer chosen as RSA-SHA256 without a private key',
      { login: 'merchant', controlKey: CONTROL_KEY, signatureMethods: { transfer: 'RSA-SHA256' } },
      [['signatureMethods.transfer', 'invalid-option']],
    ],
    [
      'pan-eligibility/send chosen as HMAC-SHA1 without a control key',
      { login: 'merchant', privateKey: PEM, signatureMethods: { 'pan-eligibility/send': 'HMAC-SHA1' } },
      [['signatureMethods.pan-eligibility/send', 'invalid-option']],
    ],
    [
      'an operation the gateway does not have',
      { login: 'merchant', controlKey: CONTROL_KEY, signatureMethods: { refund: 'HMAC-SHA1' } },
      [['signatureMethods["refund"]', 'invalid-option']],
    ],
    [
      'signatureMethods that is no object',
      { login: 'merchant', controlKey: CONTROL_KEY, signatureMethods: 'HMAC-SHA1' },
      [['signatureMethods', 'invalid-option']],
    ],
    [
      'a method the gateway does not have',
      { login: 'merchant', signatureMethod: 'PLAINTEXT', controlKey: CONTROL_KEY },
      [['signatureMethod', 'invalid-option']],
    ],
    [
      'a method the gateway does not have, for one operation',
      { login: 'merchant', controlKey: CONTROL_KEY, signatureMethods: { transfer: 'PLAINTEXT' } },
      [['signatureMethods.transfer', 'invalid-option']],
    ],
    ['no login', { controlKey: CONTROL_KEY }, [['login', 'invalid-option']]],
    ['no object', null, [['credentials', 'invalid-option']]],
  ])('%s', (_, credentials, expected) => {
    expect(refusal(credentials)).toEqual(expected);
  });

  it('names the fields under the path it is given', () => {
    expect(refusal({ login: '', signatureMethod: 'RSA-SHA256' }, 'merchant')).toEqual([
      ['merchant.login', 'invalid-option'],
      ['merchant.controlKey', 'invalid-option'],
    ]);
    expect(refusal({ login: 'merchant', controlKey: CONTROL_KEY, signatureMethods: { transfer: 'RSA-SHA256' } }, 'merchant')).toEqual([
      ['merchant.signatureMethods.transfer', 'invalid-option'],
    ]);
    expect(refusal(undefined, 'merchant')).toEqual([['merchant', 'invalid-option']]);
  });

  it("says the rule in each message; the field is the issue's own, put first by describeIssue", () => {
    const message = (credentials: unknown) => {
      try {
        checkMerchantCredentials(credentials as MerchantCredentials);
      } catch (error) {
        const issue = (error as GatewayValidationError).issues[0];
        return issue === undefined ? '' : describeIssue(issue);
      }
      return 'accepted';
    };
    expect(message({ login: 'merchant' })).toBe('controlKey: give controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both');
    expect(message({ login: 'merchant', controlKey: CONTROL_KEY, signatureMethods: { transfer: 'RSA-SHA256' } })).toBe(
      'signatureMethods.transfer: RSA-SHA256 signs with the privateKey, which is not given',
    );
  });
});
