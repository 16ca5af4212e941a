// What every suite receives: the library as users import it, once per crypto flavour
// (`@paysign/oauth-core`, `/node`, `/webcrypto`, `/js`). A runtime passes the flavours it has.
import type * as OAuthCoreModule from '@paysign/oauth-core';

export type OAuthCore = typeof OAuthCoreModule;

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
  return pem
    .split(/\r?\n|\\n/)
    .filter((line) => line !== '' && !line.startsWith('-----'));
}

/** Decoded pairs of a form-encoded string, decoded independently of the library (WHATWG URLSearchParams). */
export function formPairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}
