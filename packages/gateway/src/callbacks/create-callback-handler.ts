import { createMemoryCallbackStore, type CallbackSeenStore } from './seen-store.js';
import { assertControlKey, verifyCallback, type GatewayCallback } from './verify-callback.js';

/**
 * Options of {@link createCallbackHandler}.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type CallbackHandlerOptions } from '@paysign/gateway';
 *
 * const options: CallbackHandlerOptions = {
 *   controlKey: process.env.GATEWAY_CONTROL_KEY!,
 *   onCallback: async (callback) => orders.markPaid(callback.clientOrderId, callback.status),
 * };
 * Deno.serve(createCallbackHandler(options));
 * ```
 */
export interface CallbackHandlerOptions {
  /** The merchant's control key: the checksum's secret. */
  controlKey: string;
  /** Called once per distinct callback; the gateway gets its 200 only after this resolves. */
  onCallback: (callback: GatewayCallback) => void | Promise<void>;
  /** Where handled callbacks are remembered; default an in-memory store for this process. */
  seen?: CallbackSeenStore;
}

function reply(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/**
 * A WinterCG fetch handler that receives the gateway's callbacks (HTTP GET, parameters in the
 * query, docs/reference/callbacks.md): a bad or missing checksum gets 403; a callback already
 * handled (same status, type, orderid and client_orderid) gets 200 without calling `onCallback`
 * again; a new one calls `onCallback` and gets 200 only once it resolved, so a failure (500)
 * makes the gateway retry. A copy arriving while the first is still being handled gets 503.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS` for an empty or missing `controlKey`.
 * @example
 * ```ts
 * const handler = createCallbackHandler({
 *   controlKey: process.env.CONTROL_KEY!,
 *   onCallback: async (callback) => orders.markPaid(callback.clientOrderId, callback.status),
 * });
 * export default { fetch: handler }; // or Deno.serve(handler), Bun.serve({ fetch: handler })
 * ```
 */
export function createCallbackHandler(options: CallbackHandlerOptions): (request: Request) => Promise<Response> {
  const { controlKey, onCallback } = options;
  assertControlKey(controlKey);
  if (typeof onCallback !== 'function') throw new TypeError('onCallback must be a function');
  const seen = options.seen ?? createMemoryCallbackStore();
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(405, 'callbacks are GET requests');
    const verification = await verifyCallback(new URL(request.url).searchParams, { controlKey });
    if (!verification.ok) return reply(403, `refused: ${verification.reason}`);
    const { callback } = verification;
    const key = JSON.stringify([callback.status, callback.type, callback.orderid, callback.clientOrderId]);
    const claim = await seen.claim(key);
    if (claim === 'done') return reply(200, 'OK');
    if (claim === 'pending') return reply(503, 'this callback is being handled; retry later');
    try {
      await onCallback(callback);
    } catch {
      await seen.release(key);
      return reply(500, 'the callback could not be handled; retry later');
    }
    await seen.complete(key);
    return reply(200, 'OK');
  };
}
