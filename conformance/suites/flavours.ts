// What every suite receives: the library as users import it, once per crypto flavour
// (`@paysign/oauth-core`, `/node`, `/webcrypto`, `/js`), with the adapter-free `/encoding` and
// `/keys` subpaths beside it. A runtime passes the flavours it has.
import type * as Encoding from '@paysign/oauth-core/encoding';
import type * as Keys from '@paysign/oauth-core/keys';
import type * as WebCrypto from '@paysign/oauth-core/webcrypto';
import type { CryptoAdapter, PrivateKeyInput, PublicKeyInput, SignatureMethod, Signer, SignerLayoutOptions } from '@paysign/oauth-core';

/**
 * Options and credentials as a JavaScript caller may give them: any method with any credentials.
 * The suites check the runtime refusals (MISSING_KEY, MISSING_SECRET...) that the strict types
 * prevent at compile time (those are tested in packages/oauth-core/test/types).
 */
export interface LooseCredentials {
  signatureMethod: SignatureMethod;
  consumerSecret?: string | undefined;
  tokenSecret?: string | undefined;
  privateKey?: PrivateKeyInput | undefined;
  publicKey?: PublicKeyInput | undefined;
  minimumRsaKeyBits?: number | undefined;
}

/** One entry point with the subpaths, typed as the asynchronous entry (whose signers lack `signSync`), which every entry satisfies, taking loose credentials. */
export type OAuthCore = Omit<typeof WebCrypto, 'createSigner' | 'signBaseString' | 'verifyBaseString'> &
  typeof Encoding &
  typeof Keys & {
    createSigner(options: SignerLayoutOptions & LooseCredentials & { adapter?: CryptoAdapter }): Signer;
    signBaseString(baseString: string, credentials: LooseCredentials, adapter?: CryptoAdapter): Promise<string>;
    verifyBaseString(baseString: string, signature: string, credentials: LooseCredentials, adapter?: CryptoAdapter): Promise<boolean>;
  };

/** Flavour name -> the module imported from that entry point, e.g. `{ node, webcrypto, js }`. */
export type Flavours = Readonly<Record<string, OAuthCore>>;

/** Runs `fn`, sync or async, and returns what it threw or rejected with (undefined when it did not). */
export async function captureError(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The base64 body of a PEM text, split into its lines: what must never leak from a key. */
export function pemBodyLines(pem: string): string[] {
  return pem.split(/\r?\n|\\n/).filter((line) => line !== '' && !line.startsWith('-----'));
}

/** Decoded pairs of a form-encoded string, decoded independently of the library (WHATWG URLSearchParams). */
export function formPairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}
