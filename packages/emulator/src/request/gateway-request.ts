import { readCappedBytes } from '@paysign/protocol/io';

/**
 * One request to a gateway path as the checks, the operations and the request log read it,
 * whatever carried it: a fetch `Request` ({@link fromFetchRequest}) or Node's `IncomingMessage`
 * (the Node server's own adapter, src/node-gateway.ts, which skips building a `Request`).
 */
export interface GatewayRequest {
  readonly method: string;
  /** The absolute URL it was sent to, as the host's server read it. */
  readonly url: string;
  /** A header's value (the name in lower case), `null` when it was not sent. */
  header(name: string): string | null;
  /** Every header, names in lower case (the request log shows them). */
  headers(): Iterable<readonly [string, string]>;
  /** The body, at most `maxBytes` bytes, by protocol/io's capped read: `undefined` when longer. */
  readBody(maxBytes: number): Promise<Uint8Array | undefined>;
}

/** A reply to a gateway request: its status, headers (`Content-Length` among them) and text body. */
export interface GatewayReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The gateway request a fetch `Request` carries. */
export function fromFetchRequest(request: Request): GatewayRequest {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    headers: () => request.headers,
    readBody: (maxBytes) => readCappedBytes(request, maxBytes),
  };
}

/** A reply as a fetch `Response` (a body-less status keeps a null body). */
export function toResponse(reply: GatewayReply): Response {
  return new Response(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });
}
