/**
 * A reply as the client reads it: the status, the header lines (names lower-cased, repeated ones
 * joined with `, ` as `Headers` joins them), and the body's bytes, `undefined` when it passed the cap.
 */
export interface DirectReply {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array | undefined;
}

/**
 * How a request is aborted, as the direct reader listens for it: `aborted` and `reason` as an
 * `AbortSignal` has them, and one listener. The client makes an {@link ExchangeAbort} per request
 * rather than an `AbortController`: on Node 20 an `AbortSignal` costs about as much to make as
 * the rest of the request's preparation, and nothing but this reader listens to it.
 */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason: unknown;
  /** Calls `listener` once, when the request is aborted; returns what stops listening. */
  listen(listener: () => void): () => void;
}

/**
 * The client's POST as the direct reader sends it: its header lines (the signer's and `Accept`)
 * and its form body as text. Never redirected: a 3xx comes back as it is.
 */
export interface DirectPost {
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** One POST and its reply read within `maxBytes`, with fetch's errors (`TypeError`, or the abort's reason). */
export type ReadReply = (url: string, post: DirectPost, maxBytes: number, abort: AbortSource) => Promise<DirectReply>;

/**
 * Where `createNodeFetch`'s fetch keeps its direct reader: the client reads node:http's reply
 * through it (no `Response`, no body stream per reply); any other fetch goes through `Response`.
 * A registered symbol, so the client and `@paysign/gateway/node` agree across bundles; its name
 * carries the reader's signature (a {@link DirectPost}, `abort` as an {@link AbortSource}), so that a
 * client and a fetch of releases that disagree on it fall back to the `Response` path instead of calling it.
 */
export const READ_REPLY: unique symbol = Symbol.for('@paysign/gateway.readReply(url,post,maxBytes,abort)') as never;

/** The fetch's direct reader, when it has one. */
export function replyReaderOf(fetch: typeof globalThis.fetch): ReadReply | undefined {
  const reader = (fetch as { [READ_REPLY]?: unknown })[READ_REPLY];
  return typeof reader === 'function' ? (reader as ReadReply) : undefined;
}

/** The abort of one request read by the direct reader: fired once, by the client's timer or a caller's signal. */
export class ExchangeAbort implements AbortSource {
  aborted = false;
  reason: unknown = undefined;
  #listener: (() => void) | undefined;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }

  listen(listener: () => void): () => void {
    this.#listener = listener;
    return () => {
      if (this.#listener === listener) this.#listener = undefined;
    };
  }
}

/** A fetch's `AbortSignal` as an {@link AbortSource}. */
export function signalSource(signal: AbortSignal): AbortSource {
  return {
    get aborted() {
      return signal.aborted;
    },
    get reason() {
      return signal.reason;
    },
    listen(listener) {
      signal.addEventListener('abort', listener, { once: true });
      return () => signal.removeEventListener('abort', listener);
    },
  };
}
