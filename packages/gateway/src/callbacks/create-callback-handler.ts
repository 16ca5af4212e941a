import { compareDecimals, isDecimal } from '@paysign/protocol';
import { GatewayError, GatewayValidationError } from '../errors.js';
import { MAX_TIMER_MS } from '../client/send-request.js';
import { startSpan, type GatewayTelemetry } from '../telemetry/telemetry.js';
import { type CallbackClaim, createMemoryCallbackStore, type CallbackSeenStore } from './seen-store.js';
import { assertControlKey, verifyCallback, type CallbackRefusalReason, type GatewayCallback } from './verify-callback.js';

/**
 * What {@link createCallbackHandler} compares a callback with: the merchant's own record of the
 * order the callback names. Give every field you hold; an absent one is not compared.
 *
 * @example
 * ```ts
 * import type { CallbackOrder } from '@paysign/gateway';
 *
 * // A transfer's reply carried the gateway's order id: a callback naming another is refused.
 * const order: CallbackOrder = { gatewayOrderId: '9021', amount: '10.00' };
 * ```
 */
export interface CallbackOrder {
  /** The gateway's `orderid` for this order, when you hold it (a transfer's reply carries it; a recurring charge's is new each time). */
  gatewayOrderId?: string;
  /** The amount you expect, a decimal such as `'10.00'`; compared as a number (`'10'` equals `'10.00'`). */
  amount?: string;
}

/**
 * Why {@link createCallbackHandler} refused a callback (the 403 reply's body is `refused: <reason>`):
 * a {@link CallbackRefusalReason} of the checksum, or one of the merchant's order.
 *
 * @example
 * ```ts
 * import type { CallbackHandlerRefusal } from '@paysign/gateway';
 *
 * const reason = (await response.text()).replace('refused: ', '') as CallbackHandlerRefusal;
 * if (reason === 'ambiguous_split') console.warn('use merchant order ids that start with a letter');
 * ```
 */
export type CallbackHandlerRefusal =
  | CallbackRefusalReason
  | 'url_too_long' // the request's URL is longer than maxUrlBytes: refused before its query is read
  | 'unknown_order' // findOrder found no order awaiting a callback under this merchant_order
  | 'orderid_mismatch' // the order's gateway order id is another one
  | 'amount_mismatch' // the order's amount is another one, or the callback's amount is missing or not a decimal
  | 'ambiguous_split'; // merchant_order starts with a digit and no gateway order id is known to tell the splits apart

/**
 * What {@link createCallbackHandler} gives `findOrder` and `onCallback` beside the callback: the
 * `signal` of this run's lease. It aborts when the lease is lost, no later than the moment the
 * store could let another delivery claim the callback: a renewal the store refused (another
 * claim holds it), none confirmed within `leaseMs` (the store unreachable, the event loop
 * stalled), or `maxHandlingMs` passed. Its `reason` is a `GatewayError` `CALLBACK_LEASE_LOST`.
 * Stop on it (pass it on, or check it before you commit): a run that goes on may run beside the
 * delivery that claims the callback next. A store without `renew` and `leaseMs` never aborts it.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type CallbackHandling } from '@paysign/gateway';
 *
 * const handler = createCallbackHandler({
 *   controlKey,
 *   findOrder: (merchantOrder) => orders.awaitingCallback(merchantOrder),
 *   onCallback: async (callback, order, { signal }: CallbackHandling) => {
 *     const settlement = await orders.prepareSettlement(callback.merchantOrder, callback.status);
 *     signal.throwIfAborted(); // the lease is lost: commit nothing, the handler answers 500 and the gateway retries
 *     await settlement.commit();
 *   },
 * });
 * ```
 */
export interface CallbackHandling {
  /** Aborted when this run's lease is lost (reason: `GatewayError` `CALLBACK_LEASE_LOST`). */
  readonly signal: AbortSignal;
}

/**
 * Options of {@link createCallbackHandler}.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type CallbackHandlerOptions } from '@paysign/gateway';
 *
 * const options: CallbackHandlerOptions = {
 *   controlKey: process.env.GATEWAY_CONTROL_KEY!,
 *   findOrder: async (merchantOrder) => orders.findAwaitingCallback(merchantOrder), // { gatewayOrderId?, amount? } or undefined
 *   onCallback: async (callback) => orders.settle(callback.merchantOrder, callback.status),
 * };
 * Deno.serve(createCallbackHandler(options));
 * ```
 */
export interface CallbackHandlerOptions<Order extends CallbackOrder = CallbackOrder> {
  /** The merchant's control key: the checksum's secret. */
  controlKey: string;
  /**
   * Your own order by the signed `merchant_order`; `undefined` when there is none, or it awaits no
   * callback (already settled): the callback is then refused and `onCallback` is not called.
   */
  findOrder: (merchantOrder: string, callback: GatewayCallback, handling: CallbackHandling) => Order | undefined | Promise<Order | undefined>;
  /**
   * Called once per distinct callback that passed every check; the gateway gets its 200 only after
   * this resolves. `handling.signal` aborts if the claim's lease is lost meanwhile: stop on it.
   */
  onCallback: (callback: GatewayCallback, order: Order, handling: CallbackHandling) => void | Promise<void>;
  /** Where handled callbacks are remembered; default an in-memory store for this process. */
  seen?: CallbackSeenStore;
  /**
   * Accept a callback whose `merchant_order` starts with a digit although the order has no
   * `gatewayOrderId` to compare. Unsafe: digits can then move between `orderid` and
   * `merchant_order` under the same checksum, so a captured "order 55 approved" can be resent as
   * "order 155 approved". Default false; prefer order ids that start with a letter.
   */
  acceptAmbiguousSplit?: boolean;
  /**
   * Where each callback is reported, one span each (`paysign callback`): `openTelemetry()` of
   * `@paysign/gateway/opentelemetry`. Default: none. A span holds the verdict (`handled`,
   * `handled_unrecorded` (handled, but the store could not record it), `duplicate`, `pending`,
   * `refused`, `failed`, `lease_lost` (500: the lease ended before `onCallback` ran, or while it
   * ran and it then threw), `store_failed`, `method_not_allowed`), the refusal reason, the
   * signed `status` and the HTTP status answered; never a parameter's value, `control`, the key or
   * a header.
   */
  telemetry?: GatewayTelemetry;
  /**
   * How long `findOrder` and `onCallback` may hold a callback's lease by renewing it, in ms: past
   * it the lease is left to end (and their signal aborts when it does), so a handler that hangs (a
   * query that never returns) does not keep its callback pending for ever, and the gateway's next
   * retry is handled again. Default 600,000 (10 minutes).
   */
  maxHandlingMs?: number;
  /**
   * The longest request URL read, in bytes (a positive whole number): a longer one is refused,
   * 403 `refused: url_too_long`, before its query is read, checked or looked up. Default 16,384 (16 KiB,
   * also Node's default limit of a request's head): the gateway's largest callback, a
   * 1,024-character `notify_url` with its parameters (`merchant_order` and `client_orderid` of 128
   * characters each, percent-encoded, `comment`, `merchantdata`), is well under it.
   */
  maxUrlBytes?: number;
}

/** Default {@link CallbackHandlerOptions.maxHandlingMs}. */
const DEFAULT_MAX_HANDLING_MS = 600_000;
/** Default {@link CallbackHandlerOptions.maxUrlBytes}. */
const DEFAULT_MAX_URL_BYTES = 16_384;
/** The methods a span names as they are; any other is `_OTHER` (OpenTelemetry's HTTP conventions), so no caller text reaches it. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT', 'TRACE']);

/** What became of one callback, as its span says. */
type Verdict = 'handled' | 'handled_unrecorded' | 'duplicate' | 'pending' | 'refused' | 'failed' | 'lease_lost' | 'store_failed' | 'method_not_allowed';

function reply(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

function unavailable(): Response {
  return reply(500, 'the callback store could not be reached; retry later');
}

/**
 * Whether `url` is longer than `cap` bytes of UTF-8. A Request's URL is ASCII (the URL parser
 * percent-encodes the rest), so its length is its size; only a string within the cap is measured
 * further, so the work is bounded by the cap whatever the string's length.
 */
function longerThan(url: string, cap: number): boolean {
  if (url.length > cap) return true;
  return /[\u0080-\uffff]/.test(url) && new TextEncoder().encode(url).length > cap;
}

function isClaim(claim: unknown): claim is CallbackClaim {
  const { state, token } = (claim ?? {}) as { state?: unknown; token?: unknown };
  return state === 'done' || state === 'pending' || (state === 'new' && typeof token === 'string');
}

// A release that fails leaves the lease to end on its own (after leaseMs): the gateway's retry after it is handled.
async function releaseQuietly(seen: CallbackSeenStore, key: string, token: string): Promise<void> {
  try {
    await seen.release(key, token);
  } catch {
    // nothing to do: the lease ends by itself
  }
}

/** A claim's lease, kept while the merchant's code runs: the signal that says it was lost, and the function that stops keeping it. */
interface KeptLease {
  readonly signal: AbortSignal;
  lost(): boolean;
  stop(): void;
}

/**
 * Keeps a claim's lease while the merchant's code runs: renewed every third of the store's
 * `leaseMs`, so a slow `onCallback` keeps its lease and no copy runs beside it; a handler that died
 * renews nothing and its lease ends, and so does one still running after `maxHandlingMs` (no
 * renewal reaches past it). A renewal that fails is tried again at the next tick.
 *
 * The lease is known to hold until `leaseMs` after the last request that set it was sent (the
 * claim, or a renewal the store confirmed): the engine set it later, so it ends no sooner. At
 * that instant, unless a later renewal was confirmed, the signal aborts, and at once when the
 * store refuses a renewal (the lease ended, another claim holds it). A store without `renew` and
 * `leaseMs` is left as it is, and the signal never aborts.
 */
function keepLease(seen: CallbackSeenStore, key: string, token: string, claimedAt: number, maxHandlingMs: number): KeptLease {
  const controller = new AbortController();
  const { leaseMs } = seen;
  if (typeof seen.renew !== 'function' || typeof leaseMs !== 'number' || !Number.isFinite(leaseMs) || leaseMs <= 0)
    return { signal: controller.signal, lost: () => false, stop: () => undefined };
  const until = claimedAt + maxHandlingMs;
  let deadlineAt = claimedAt + leaseMs; // on the monotonic clock: the lease holds at least until then
  let renewing = false;
  let stopped = false; // handled, or lost: a renewal answered later changes nothing
  let gaveUp = false; // maxHandlingMs reached: no more renewals
  const lose = (why: string): void => {
    stop();
    if (!controller.signal.aborted)
      controller.abort(new GatewayError('CALLBACK_LEASE_LOST', `the callback's lease was lost: ${why}; another delivery may claim it now`));
  };
  const expire = () =>
    lose(gaveUp ? `held for maxHandlingMs (${maxHandlingMs} ms), it was not renewed further` : `no renewal confirmed within leaseMs (${leaseMs} ms)`);
  // A timer fires no later than 2^31-1 ms (sooner, it fires at once): a longer lease is armed again.
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(deadline);
    deadline = setTimeout(() => (monotonicNow() >= deadlineAt ? expire() : arm()), Math.min(Math.max(0, deadlineAt - monotonicNow()), MAX_TIMER_MS));
    unref(deadline);
  };
  arm();
  const timer = setInterval(
    () => {
      // Held long enough: a handler still running now is taken to hang, and its lease ends.
      if (monotonicNow() + leaseMs > until) {
        gaveUp = true;
        return clearInterval(timer);
      }
      if (renewing) return;
      renewing = true;
      const sentAt = monotonicNow();
      Promise.resolve()
        .then(() => seen.renew?.(key, token))
        .then(
          (held) => {
            if (stopped) return;
            if (held === false) return lose('the store refused its renewal (it ended, or another claim holds it)');
            if (held !== true) return;
            deadlineAt = sentAt + leaseMs;
            arm();
          },
          () => undefined, // the engine did not answer: tried again at the next tick, until the deadline
        )
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  unref(timer);
  function stop(): void {
    stopped = true;
    clearInterval(timer);
    clearTimeout(deadline);
  }
  // Read at each step, not only when the timer fired: a stalled event loop runs the step before its timers.
  const lost = (): boolean => {
    if (!controller.signal.aborted && !stopped && monotonicNow() >= deadlineAt) expire();
    return controller.signal.aborted;
  };
  return { signal: controller.signal, lost, stop };
}

/** Milliseconds on a clock that never jumps (the lease's deadlines; wall-clock changes move Date.now()). */
function monotonicNow(): number {
  return performance.now();
}

// A timer of its own never keeps a process alive (Node, Bun; Deno and workerd have no unref).
function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

function refusal(callback: GatewayCallback, order: CallbackOrder | undefined, acceptAmbiguousSplit: boolean): CallbackHandlerRefusal | undefined {
  if (order === undefined) return 'unknown_order';
  if (order.gatewayOrderId !== undefined && order.gatewayOrderId !== callback.orderid) return 'orderid_mismatch';
  if (order.gatewayOrderId === undefined && !callback.splitUnique && !acceptAmbiguousSplit) return 'ambiguous_split';
  if (order.amount !== undefined) {
    const amount = callback.unverified.amount;
    if (amount === undefined || !isDecimal(amount) || !isDecimal(order.amount) || compareDecimals(amount, order.amount) !== 0) return 'amount_mismatch';
  }
  return undefined;
}

/**
 * A WinterCG fetch handler that receives the gateway's callbacks (HTTP GET, parameters in the
 * query, docs/reference/callbacks.md). In this order:
 * 1. another method than GET or HEAD gets 405 (its body is never read);
 * 2. a URL longer than `maxUrlBytes` (default 16 KiB) gets 403 `refused: url_too_long`, before its
 *    query is read; a callback {@link verifyCallback} refuses gets 403;
 * 3. one already handled (same signed `status`, `orderid`, `merchant_order`, whatever its unsigned
 *    fields say) gets 200 without calling anything; one being handled now gets 503;
 * 4. `findOrder(merchantOrder)` must find your order awaiting it; its `gatewayOrderId` and
 *    `amount`, when given, must match; a `merchant_order` that starts with a digit needs a
 *    `gatewayOrderId` (or `acceptAmbiguousSplit`): otherwise 403 with the reason;
 * 5. `onCallback(callback, order, { signal })` runs once and the answer is 200 only once it
 *    resolved; if it (or `findOrder`) throws, 500, and the gateway's retry is handled again. While
 *    they run, the claim's lease is renewed (every third of the store's `leaseMs`, when the store
 *    can `renew`, for at most `maxHandlingMs`), so a copy during a slow `onCallback` is 503, never
 *    a second run beside it. If the lease is lost all the same ({@link CallbackHandling}), their
 *    `signal` aborts before another delivery can claim the callback; `onCallback` is not called
 *    once it has, and the answer is 500 (`lease_lost`) unless `onCallback` resolved.
 * When the store fails (`claim` rejects: the engine is down), the answer is 500 and nothing runs:
 * the gateway retries. The handler never throws a store's error: a failed `release` leaves the
 * lease to end by itself, and a failed `complete`, after `onCallback` resolved, still answers 200
 * (the callback was handled; a 500 would have it delivered again once the lease ends).
 * A 403's body is `refused: <reason>` ({@link CallbackHandlerRefusal}); no reply repeats a parameter.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS` for an empty or missing `controlKey`, a
 *   `maxHandlingMs` that is not a positive number, or a `maxUrlBytes` that is not a positive whole number.
 * @throws {TypeError} when `findOrder` or `onCallback` is not a function.
 * @example
 * ```ts
 * const handler = createCallbackHandler({
 *   controlKey: process.env.CONTROL_KEY!,
 *   findOrder: (merchantOrder) => orders.awaitingCallback(merchantOrder), // { gatewayOrderId?, amount? } | undefined
 *   onCallback: async (callback) => orders.settle(callback.merchantOrder, callback.status),
 * });
 * export default { fetch: handler }; // or Deno.serve(handler), Bun.serve({ fetch: handler })
 * ```
 */
export function createCallbackHandler<Order extends CallbackOrder>(options: CallbackHandlerOptions<Order>): (request: Request) => Promise<Response> {
  const { controlKey, findOrder, onCallback } = options;
  assertControlKey(controlKey);
  if (typeof findOrder !== 'function') throw new TypeError('findOrder must be a function: callbacks are checked against your own order');
  if (typeof onCallback !== 'function') throw new TypeError('onCallback must be a function');
  const acceptAmbiguousSplit = options.acceptAmbiguousSplit === true;
  const maxHandlingMs = options.maxHandlingMs ?? DEFAULT_MAX_HANDLING_MS;
  if (typeof maxHandlingMs !== 'number' || !Number.isFinite(maxHandlingMs) || maxHandlingMs <= 0)
    throw new GatewayValidationError(
      [{ field: 'maxHandlingMs', rule: 'invalid-option', message: 'maxHandlingMs: must be a positive number of milliseconds' }],
      'INVALID_OPTIONS',
    );
  const maxUrlBytes = options.maxUrlBytes ?? DEFAULT_MAX_URL_BYTES;
  if (typeof maxUrlBytes !== 'number' || !Number.isSafeInteger(maxUrlBytes) || maxUrlBytes <= 0)
    throw new GatewayValidationError(
      [{ field: 'maxUrlBytes', rule: 'invalid-option', message: 'maxUrlBytes: must be a positive whole number of bytes' }],
      'INVALID_OPTIONS',
    );
  const seen = options.seen ?? createMemoryCallbackStore();
  const telemetry = options.telemetry;

  async function handle(request: Request): Promise<[Verdict, Response, { reason?: string; status?: string }?]> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return ['method_not_allowed', reply(405, 'callbacks are GET requests')];
    // Before anything reads it: the parameters, the checksum and the store see a bounded URL only.
    if (longerThan(request.url, maxUrlBytes)) return ['refused', reply(403, 'refused: url_too_long'), { reason: 'url_too_long' }];
    const verification = await verifyCallback(new URL(request.url).searchParams, { controlKey });
    if (!verification.ok) return ['refused', reply(403, `refused: ${verification.reason}`), { reason: verification.reason }];
    const { callback } = verification;
    const signed = { status: callback.status };
    const key = JSON.stringify([callback.status, callback.orderid, callback.merchantOrder]);
    let claim: CallbackClaim;
    const claimedAt = monotonicNow(); // the lease was set after this instant: it holds at least leaseMs from it
    try {
      claim = await seen.claim(key);
    } catch {
      // Nothing was decided (STORE_UNAVAILABLE or any failure of a custom store): the gateway retries.
      return ['store_failed', unavailable(), signed];
    }
    // A store of another shape (such as one written before claims had tokens) decides nothing either.
    if (!isClaim(claim)) return ['store_failed', unavailable(), signed];
    if (claim.state === 'done') return ['duplicate', reply(200, 'OK'), signed];
    if (claim.state === 'pending') return ['pending', reply(503, 'this callback is being handled; retry later'), signed];
    const { token } = claim;
    let refused: CallbackHandlerRefusal | undefined;
    const lease = keepLease(seen, key, token, claimedAt, maxHandlingMs);
    const handling: CallbackHandling = { signal: lease.signal };
    try {
      const order = await findOrder(callback.merchantOrder, callback, handling);
      refused = refusal(callback, order ?? undefined, acceptAmbiguousSplit);
      if (refused === undefined && lease.lost()) {
        // Another delivery may hold the callback now: onCallback is not started without a lease.
        lease.stop();
        await releaseQuietly(seen, key, token);
        return ['lease_lost', reply(500, "the callback's lease ended before it was handled; retry later"), signed];
      }
      if (refused === undefined) await onCallback(callback, order as Order, handling);
    } catch {
      lease.stop();
      await releaseQuietly(seen, key, token);
      if (lease.lost()) return ['lease_lost', reply(500, "the callback's lease ended before it was handled; retry later"), signed];
      return ['failed', reply(500, 'the callback could not be handled; retry later'), signed];
    }
    lease.stop();
    if (refused !== undefined) {
      // Not handled: a genuine copy that comes later is still handled.
      await releaseQuietly(seen, key, token);
      return ['refused', reply(403, `refused: ${refused}`), { ...signed, reason: refused }];
    }
    try {
      await seen.complete(key, token);
    } catch {
      // onCallback resolved: the callback was handled, and a 500 would have the gateway deliver it
      // again once the lease ends. The answer is 200; only the record of it was lost.
      return ['handled_unrecorded', reply(200, 'OK'), signed];
    }
    return ['handled', reply(200, 'OK'), signed];
  }

  if (telemetry === undefined) return async (request) => (await handle(request))[1];
  return async (request) => {
    const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
    const span = startSpan(telemetry, 'paysign callback', 'server', { 'paysign.operation': 'callback', 'http.request.method': method });
    try {
      const [verdict, response, about] = await handle(request);
      span.setAttributes({
        'paysign.callback.verdict': verdict,
        'http.response.status_code': response.status,
        ...(about?.reason !== undefined && { 'paysign.callback.refusal': about.reason }),
        ...(about?.status !== undefined && { 'paysign.callback.status': about.status }),
      });
      if (verdict === 'failed') span.fail('CALLBACK_FAILED');
      if (verdict === 'lease_lost') span.fail('CALLBACK_LEASE_LOST');
      if (verdict === 'store_failed' || verdict === 'handled_unrecorded') span.fail('CALLBACK_STORE_FAILED');
      return response;
    } catch (error) {
      span.fail('CALLBACK_STORE_FAILED');
      throw error;
    } finally {
      span.end();
    }
  };
}
