import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { explainRequest } from '@paysign/gateway/diagnose';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';

/** A signature refusal to find the cause of: the request as received and the emulator's clock then. */
export interface SignatureRefusal {
  method: string;
  url: string;
  authorization: string | null;
  body: string;
  now: number;
}

export interface SignatureCauseOptions {
  merchants: MerchantRegistry;
  publicOrigin: string | undefined;
  timestampWindowSeconds: number;
  /** Larger bodies are not diagnosed (the cause stays `invalid_signature`). */
  maxBodyBytes: number;
  /** Most refusals waiting for a diagnosis; past it they are logged without one. */
  maxQueued: number;
}

/**
 * Finds why a signature did not verify (`paysign explain`'s first cause code: `wrong_key`,
 * `url_host`, ...) for the emulator's log line, off the request path: the refusal is answered
 * first, and the diagnoses run one at a time after it, on bodies up to `maxBodyBytes`, at most
 * `maxQueued` waiting, so a flood of refused requests never delays the others. Resolves
 * `undefined` when there is no diagnosis (no key to check with, too large, queue full, nothing found).
 *
 * @example
 * ```ts
 * const causeOf = createSignatureCause({ merchants, publicOrigin: undefined, timestampWindowSeconds: 300, maxBodyBytes: 65_536, maxQueued: 16 });
 * void causeOf(refusal).then((code) => log({ ...event, cause: code ?? 'invalid_signature' }));
 * ```
 */
export function createSignatureCause(options: SignatureCauseOptions): (refusal: SignatureRefusal) => Promise<string | undefined> {
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;

  async function diagnose(refusal: SignatureRefusal): Promise<string | undefined> {
    let login: string | undefined;
    try {
      login = refusal.authorization === null ? undefined : parseAuthorizationHeader(refusal.authorization).params.oauth_consumer_key;
    } catch {
      return undefined;
    }
    const merchant = options.merchants.get(login ?? '');
    if (merchant === undefined) return undefined;
    const received = new URL(refusal.url);
    const url = options.publicOrigin === undefined ? refusal.url : `${options.publicOrigin}${received.pathname}${received.search}`;
    const { controlKey, publicKeys } = merchant.account;
    try {
      const diagnosis = await explainRequest({
        method: refusal.method,
        url,
        ...(refusal.authorization !== null && { authorization: refusal.authorization }),
        body: refusal.body,
        ...(controlKey !== undefined && { controlKey }),
        ...(publicKeys?.[0] !== undefined && { publicKey: publicKeys[0] }),
        now: refusal.now,
        timestampWindowSeconds: options.timestampWindowSeconds,
      });
      return diagnosis.causes[0]?.code;
    } catch {
      return undefined;
    }
  }

  return (refusal) => {
    if (refusal.body.length > options.maxBodyBytes || queued >= options.maxQueued) return Promise.resolve(undefined);
    queued++;
    // After the reply: a macrotask, then one diagnosis at a time.
    const run = queue.then(
      () =>
        new Promise<string | undefined>((resolve) => {
          setTimeout(() => void diagnose(refusal).then(resolve), 0);
        }),
    );
    queue = run.finally(() => queued--);
    return run;
  };
}
