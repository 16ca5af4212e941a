import { timingSafeEqual } from '@paysign/oauth-core';
import { sha256Hex } from './sha256-hex.js';

// RFC 6750 §2.1: "Bearer" (any case), one space, a b64token.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** Checks an `Authorization` header value against the accepted tokens. */
export type BearerCheck = (authorization: string | null) => Promise<'ok' | 'missing' | 'wrong'>;

/**
 * Prepares the bearer-token check. Tokens are compared as SHA-256 digests, every accepted token
 * each time and without an early exit, so neither the time taken nor the token's length tells
 * an attacker how close a guess was. Several tokens allow rotation without downtime.
 */
export function createBearerCheck(tokens: readonly string[]): BearerCheck {
  let digests: Promise<string[]> | undefined;
  return async (authorization) => {
    const match = authorization === null ? null : BEARER.exec(authorization);
    if (!match) return 'missing';
    digests ??= Promise.all(tokens.map(sha256Hex));
    const presented = await sha256Hex(match[1] as string);
    let accepted = false;
    for (const digest of await digests) accepted = timingSafeEqual(digest, presented) || accepted;
    return accepted ? 'ok' : 'wrong';
  };
}
