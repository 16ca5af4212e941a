// Test keys shared by the suites: the published 1024-bit oauthlib key (PKCS#1 and PKCS#8 forms,
// and its PKCS#1 public key) and the 2048-bit Mastercard test key. 1024-bit keys need
// `minimumRsaKeyBits: 1024`; the library's default refuses them.
import rsaVectors from '../vectors/rsa-published.json' with { type: 'json' };

interface RsaVector {
  id: string;
  privateKeyPem: string;
  privateKeyPemPkcs8?: string;
  publicKeyPem?: string;
}

function vector(id: string): RsaVector {
  const found = (rsaVectors.cases as RsaVector[]).find((c) => c.id === id);
  if (!found) throw new Error(`no RSA vector ${id}`);
  return found;
}

const oauthlib = vector('oauthlib-rsa-sha256');
export const key1024 = { pkcs1: oauthlib.privateKeyPem, pkcs8: oauthlib.privateKeyPemPkcs8!, publicPkcs1: oauthlib.publicKeyPem!, bits: 1024 };
export const key2048 = { pkcs8: vector('mastercard-rsa-sha256-2048').privateKeyPem, bits: 2048 };
/** Vectors that publish a key in both PKCS#1 and PKCS#8 form. */
export const pkcs1AndPkcs8 = (rsaVectors.cases as RsaVector[]).filter((c) => c.privateKeyPemPkcs8 !== undefined);
