/**
 * A reply as the client reads it: the status, the header lines (names lower-cased, repeated ones
 * joined with `, ` as `Headers` joins them), and the body's bytes, `undefined` when it passed the cap.
 */
export interface DirectReply {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array | undefined;
}

/** One POST and its reply read within `maxBytes`, with fetch's errors (`TypeError`, or the abort's reason). */
export type ReadReply = (url: string, init: RequestInit, maxBytes: number) => Promise<DirectReply>;

/**
 * Where `createNodeFetch`'s fetch keeps its direct reader: the client reads node:http's reply
 * through it (no `Response`, no body stream per reply); any other fetch goes through `Response`.
 * A registered symbol, so the client and `@paysign/gateway/node` agree across bundles.
 */
export const READ_REPLY: unique symbol = Symbol.for('@paysign/gateway.readReply') as never;

/** The fetch's direct reader, when it has one. */
export function replyReaderOf(fetch: typeof globalThis.fetch): ReadReply | undefined {
  const reader = (fetch as { [READ_REPLY]?: unknown })[READ_REPLY];
  return typeof reader === 'function' ? (reader as ReadReply) : undefined;
}
