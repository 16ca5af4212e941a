// The floors: the runtime's own primitive over the precomputed base string, with the key
// prepared once. Full signing cannot beat these; the ratio to them is what the signer costs.
import type { GroupSpec, Primitives, SigningCase } from './types.js';
import { CONTROL_KEY } from '../fixtures/requests.js';
import { signatureBaseString } from '@paysign/oauth-core/js';

const FIXED_OAUTH = {
  oauth_consumer_key: 'merchant-login',
  oauth_nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  oauth_timestamp: '1767225600',
  oauth_version: '1.0',
};

/** The base string a signer would build for the request (fixed nonce and timestamp). */
export function precomputedBaseString(spec: GroupSpec): string {
  return signatureBaseString('POST', spec.request.url, [...spec.request.params, ...Object.entries({ ...FIXED_OAUTH, oauth_signature_method: spec.algorithm })]);
}

/** The HMAC key of the gateway: the encoded control key, `&`, and the empty token secret. */
export const HMAC_KEY = `${CONTROL_KEY}&`;

/** A floor case: the primitive alone over the precomputed base string. */
export async function floorCase(primitives: Primitives, spec: GroupSpec, pkcs1Pem: string): Promise<SigningCase> {
  const baseString = precomputedBaseString(spec);
  let call: () => string | Promise<string>;
  if (spec.algorithm === 'HMAC-SHA1') {
    const mac = await primitives.hmacSha1(HMAC_KEY);
    call = () => mac(baseString);
  } else {
    call = (await primitives.rsaSha256(pkcs1Pem))(baseString);
  }
  const probe = call();
  const synchronous = typeof probe === 'string';
  await probe;
  let sink = '';
  return {
    id: `floor:${primitives.id}`,
    kind: 'floor',
    label: primitives.label,
    run: synchronous
      ? (n) => {
          for (let i = 0; i < n; i++) sink = call() as string;
          if (sink === '') throw new Error('empty signature');
        }
      : async (n) => {
          for (let i = 0; i < n; i++) sink = await call();
          if (sink === '') throw new Error('empty signature');
        },
    async check() {
      if ((await call()).length === 0) throw new Error(`${primitives.label} gave no signature`);
    },
  };
}

/** Signs any base string with a runtime's primitives: what signatures are checked against. */
export async function referenceSigner(primitives: Primitives, spec: GroupSpec, pkcs1Pem: string): Promise<(baseString: string) => Promise<string>> {
  if (spec.algorithm === 'HMAC-SHA1') {
    const mac = await primitives.hmacSha1(HMAC_KEY);
    return async (baseString) => mac(baseString);
  }
  const prepare = await primitives.rsaSha256(pkcs1Pem);
  return async (baseString) => prepare(baseString)();
}
