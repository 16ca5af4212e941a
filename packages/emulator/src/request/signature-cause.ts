import { oauthSignatureOf, type RequestLog } from '../console/request-log.js';

/** A signature refusal to find the cause of: the request as received. */
export interface SignatureRefusal {
  method: string;
  url: string;
  authorization: string | null;
  body: string;
}

/**
 * Finds why a signature did not verify (`paysign explain`'s first cause code: `wrong_key`,
 * `url_host`, ...) for the emulator's log line, from the request inspector's own diagnosis: one
 * engine, one bounded queue, off the request path. The refusal is answered and recorded first;
 * the line waits for the inspector's diagnosis of it. Resolves `undefined` when there is none
 * (no signature to look it up by, a body too large to diagnose, the queue full).
 *
 * @example
 * ```ts
 * const causeOf = createSignatureCause(requests);
 * void causeOf(refusal).then((code) => log({ ...event, ...(code !== undefined && { cause: code }) }));
 * ```
 */
export function createSignatureCause(requests: Pick<RequestLog, 'find'>): (refusal: SignatureRefusal) => Promise<string | undefined> {
  return async (refusal) => {
    const signature = oauthSignatureOf(refusal.authorization, refusal.body);
    if (signature === undefined) return undefined;
    // A macrotask later: the request has been answered and recorded in the inspector by then.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const entry = await requests.find(signature);
    return entry?.diagnosis === 'done' ? entry.causes?.[0]?.code : undefined;
  };
}
