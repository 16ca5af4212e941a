// checkMerchantCredentials: the one run-time check of the merchant's credentials, for callers the
// types do not reach (JavaScript, configuration, environment variables). The gateway client and
// the edge proxy refuse with it; their own tests show the refusal in their words.
import { describe, expect, it } from 'vitest';
import { checkMerchantCredentials, GatewayValidationError, type MerchantCredentials } from '@paysign/protocol';

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

describe('checkMerchantCredentials accepts one key and names its method', () => {
  it('a control key: HMAC-SHA1, whether the method is stated or not', () => {
    expect(checkMerchantCredentials({ login: 'merchant', controlKey: CONTROL_KEY })).toEqual({
      login: 'merchant',
      signatureMethod: 'HMAC-SHA1',
      controlKey: CONTROL_KEY,
    });
    expect(checkMerchantCredentials({ login: 'merchant', controlKey: CONTROL_KEY, signatureMethod: 'HMAC-SHA1' }).signatureMethod).toBe('HMAC-SHA1');
  });

  it('a private key: RSA-SHA256, and only the fields of the method are kept', () => {
    const extra = { login: 'merchant', privateKey: PEM, endpointId: '1234' };
    expect(checkMerchantCredentials(extra)).toEqual({ login: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: PEM });
  });
});

describe('checkMerchantCredentials refuses, naming the field and the rule', () => {
  it.each([
    ['an RSA merchant without a key', { login: 'merchant', signatureMethod: 'RSA-SHA256' }, [['privateKey', 'invalid-option']]],
    ['an RSA merchant with an empty key', { login: 'merchant', privateKey: '' }, [['privateKey', 'invalid-option']]],
    ['an RSA merchant with a null key', { login: 'merchant', privateKey: null }, [['privateKey', 'invalid-option']]],
    ['no key at all', { login: 'merchant' }, [['controlKey', 'invalid-option']]],
    ['an empty control key', { login: 'merchant', controlKey: '' }, [['controlKey', 'invalid-option']]],
    ['a control key that is no string', { login: 'merchant', controlKey: 42 }, [['controlKey', 'invalid-option']]],
    [
      'both keys (a private key means RSA-SHA256: the control key is too many)',
      { login: 'merchant', controlKey: CONTROL_KEY, privateKey: PEM },
      [['controlKey', 'invalid-option']],
    ],
    [
      'HMAC-SHA1 with a private key',
      { login: 'merchant', signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY, privateKey: PEM },
      [['privateKey', 'invalid-option']],
    ],
    [
      'RSA-SHA256 with only a control key',
      { login: 'merchant', signatureMethod: 'RSA-SHA256', controlKey: CONTROL_KEY },
      [
        ['privateKey', 'invalid-option'],
        ['controlKey', 'invalid-option'],
      ],
    ],
    [
      'a method the gateway does not have',
      { login: 'merchant', signatureMethod: 'PLAINTEXT', controlKey: CONTROL_KEY },
      [['signatureMethod', 'invalid-option']],
    ],
    ['no login', { controlKey: CONTROL_KEY }, [['login', 'invalid-option']]],
    ['no object', null, [['credentials', 'invalid-option']]],
  ])('%s', (_, credentials, expected) => {
    expect(refusal(credentials)).toEqual(expected);
  });

  it('names the fields under the path it is given', () => {
    expect(refusal({ login: '', signatureMethod: 'RSA-SHA256' }, 'merchant')).toEqual([
      ['merchant.login', 'invalid-option'],
      ['merchant.privateKey', 'invalid-option'],
    ]);
    expect(refusal(undefined, 'merchant')).toEqual([['merchant', 'invalid-option']]);
  });

  it('says the rule in each message, after the field', () => {
    let message = '';
    try {
      checkMerchantCredentials({ login: 'merchant', signatureMethod: 'RSA-SHA256' } as unknown as MerchantCredentials);
    } catch (error) {
      message = (error as GatewayValidationError).issues[0]?.message ?? '';
    }
    expect(message).toBe('privateKey: is required for RSA-SHA256');
  });
});
