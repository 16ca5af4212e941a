import type { Signer, SignerOptions, SyncSigner } from '@paysign/oauth-core';
import type { BenchCase } from '../harness/measure.js';
import type { BenchRequest } from '../fixtures/requests.js';

export type Algorithm = 'HMAC-SHA1' | 'RSA-SHA256';
export type CaseKind = 'floor' | 'paysign' | 'peer';

/** A measured case with what the reports need to know about it. */
export interface SigningCase extends BenchCase {
  kind: CaseKind;
  label: string;
  /** Throws unless this case's signature verifies (run once, before timing). */
  check(): Promise<void>;
}

/** An oauth-core entry point: `@paysign/oauth-core/node`, `/webcrypto`, `/js` or the automatic one. */
export interface AdapterEntry {
  name: string;
  createSigner: (options: SignerOptions) => Signer | SyncSigner;
}

/** Sign/verify primitives of one runtime, prepared once; the floors are made of these. */
export interface Primitives {
  /** `floor:<id>` in the reports. */
  id: string;
  label: string;
  /** Prepares HMAC-SHA1 with a key; returns the Base64 MAC of a string. */
  hmacSha1(key: string): Promise<(data: string) => string | Promise<string>>;
  /**
   * Prepares RSA-SHA256 (PKCS#1 v1.5) with a PKCS#1 PEM key; `prepare(data)` does the untimed
   * work (encoding the base string to bytes) and returns the timed signing call.
   */
  rsaSha256(pkcs1Pem: string): Promise<(data: string) => () => string | Promise<string>>;
}

/** What a group of cases signs. */
export interface GroupSpec {
  algorithm: Algorithm;
  request: BenchRequest;
}
