import { signatureBaseStringParts } from '@paysign/oauth-core';

/** A decoded request parameter, as the server reads it. */
export type Pair = readonly [string, string];

/** How one candidate lays out a base string: each step can be done right, or as a known mistake does it. */
export interface Layout {
  method: string;
  uri: string;
  pairs: readonly Pair[];
  /** Encodes a parameter name or value (step 2). */
  encodeParameter: (value: string) => string;
  /** Sorts encoded pairs (step 3); `false` keeps the order given. */
  sort: boolean;
}

/**
 * Builds `METHOD&encoded URI&encoded parameter string` (spec, "Signature base string", steps 1-5)
 * with oauth-core's one base-string function, the parameter encoding and sorting of `layout` as
 * its steps, so that mistakes can be reproduced.
 */
export function layOut(layout: Layout): string {
  return signatureBaseStringParts(layout.method, layout.uri, layout.pairs, { encode: layout.encodeParameter, sort: layout.sort }).baseString;
}

/** A base string read back into its three elements and its parameters (still encoded once). */
export interface BaseStringParts {
  method: string;
  uri: string;
  parameters: string[];
}

/** Splits a base string into method, URI and `name=value` parameter texts, for comparing two of them. */
export function splitBaseString(baseString: string): BaseStringParts {
  const [method = '', uri = '', params = ''] = baseString.split('&');
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return { method, uri: decode(uri), parameters: params === '' ? [] : decode(params).split('&') };
}
