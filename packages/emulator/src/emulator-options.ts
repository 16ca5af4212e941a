import type { NonceStore } from '@paysign/oauth-core';
import type { AdminAccess } from './admin/loopback.js';
import type { EmulatorClock } from './clock/emulator-clock.js';
import type { EmulatorLog } from './log.js';
import type { MerchantAccount } from './merchants/merchant-account.js';
import type { MerchantRegistry } from './merchants/merchant-registry.js';
import type { PaymentOwners } from './merchants/payment-owners.js';
import type { OrderBook } from './orders/order-book.js';
import type { RecurringEngine } from './recurring/recurring-engine.js';
import type { EmulatorStateBackend } from './state/emulator-snapshot.js';
import type { ProfileFields, ProfileStore } from './store/profile-store.js';

// What `createEmulator` takes and gives, and the defaults of its caps: create-emulator.ts wires
// the parts together from these.

/**
 * How an emulator is set up: its merchants, recurring payments, clock, caps and log. Every option
 * has a default; without merchants, every signed request is refused as from an unknown consumer.
 *
 * @example
 * ```ts
 * import { createEmulator, lineLog, type EmulatorOptions } from '@paysign/emulator';
 *
 * const options: EmulatorOptions = {
 *   merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'], currency: 'EUR' }],
 *   profiles: [{ 'recurring-payment-id': '7701', amount: '10.00', period: 'month', interval: '1' }],
 *   clock: 'virtual',
 *   today: '01.02.2026',
 *   log: lineLog(),
 * };
 * const emulator = createEmulator(options);
 * ```
 */
export interface EmulatorOptions {
  /** The merchants the emulator knows; more can be added with `emulator.merchants.add()`. */
  merchants?: readonly MerchantAccount[];
  /** Recurring payments: a store, or profiles for a new in-memory store. Default: empty. */
  profiles?: ProfileStore | readonly ProfileFields[];
  /** The path prefix before `/api/...`. Default `/payment`, as every example of the spec. */
  pathPrefix?: string;
  /** Largest accepted distance between `oauth_timestamp` and the emulator's clock, in seconds. Default 300. */
  timestampWindowSeconds?: number;
  /**
   * The emulator's clock in Unix seconds; injectable for tests. Default: whole seconds of
   * `Date.now()`. The timestamp pre-check, the verifier and the default nonce store all read it.
   */
  now?: () => number;
  /**
   * Where used nonces are remembered. Default: oauth-core's in-memory store on the emulator's
   * clock, bounded in all (2,000,000) and per merchant (1,000,000, ~3,300 requests/s sustained
   * over the timestamp window), so each signed request is accepted once per emulator.
   */
  nonceStore?: NonceStore;
  /** Largest request body, in bytes; a longer one is answered 413 before more is read. Default 1 MiB (1,048,576). */
  maxBodyBytes?: number;
  /** Most form parameters in a request's query and body together; more are answered 400 before the signature is checked. Default 128. */
  maxParameters?: number;
  /**
   * The origin clients sign (`https://sandbox.example`) when a proxy sits in front of the
   * emulator; by default the URL of the request as it arrives is verified.
   */
  publicOrigin?: string;
  /** Receives why requests were refused and what was accepted. Default: one line each on `console.error`. */
  log?: EmulatorLog;
  /**
   * The calendar recurring payments are charged on: `system` (default: days pass for real, UTC)
   * or `virtual` (days pass only through `POST /emulator/clock` or `emulator.recurring.runThrough`).
   */
  clock?: 'system' | 'virtual';
  /** The virtual clock's first day, `DD.MM.YYYY`; default the system's today. */
  today?: string;
  /** Card numbers whose charges are declined; every other charge is approved. */
  declineCards?: readonly string[];
  /** Seed of the random amounts (rule 2): the same seed, id and index give the same amount. Default: random. */
  seed?: number;
  /** Attempts per callback before it is given up. Default 30 (the reference's "up to 30 times"). */
  callbackAttempts?: number;
  /** Delay before the first retry, doubled for each next one (at most 12 h). Default 60,000 ms. */
  callbackBackoffMs?: number;
  /**
   * Most callback attempts open at once; the others wait their turn (first come, first served).
   * Default 8 (`DEFAULT_MAX_CALLBACKS_IN_FLIGHT`). Callbacks go to any host and port the payment names.
   */
  maxCallbacksInFlight?: number;
  /**
   * Where the state survives a restart (`openStateDirectory` of `@paysign/emulator/node`, behind
   * `paysign emulator --state DIR`): restored at creation; what a request changed (and only that)
   * is written before it is answered, and a refused request writes nothing. A restored state
   * brings its own payments, clock and seed: `profiles` and `today` are refused with it. Needs a
   * profile store with `watch` (the memory store has it). Default: memory only.
   */
  state?: EmulatorStateBackend;
  /** Who may call the unsigned admin API under `/emulator/`: `loopback` (default), `any`, or `off`. */
  adminApi?: AdminAccess;
  /**
   * How long a transfer or pan-eligibility order stays `processing` before it reaches its final
   * status and calls back, in ms of real time. Default 1000.
   */
  outcomeDelayMs?: number;
  /**
   * Most transfer and pan-eligibility orders kept. Past it the oldest that are final and whose
   * callbacks are delivered or given up are forgotten; one still `processing` or owed a callback
   * never is. Default {@link DEFAULT_MAX_ORDERS}.
   */
  maxOrders?: number;
  /**
   * Most bytes the request inspector holds, for every request together: three quarters of it
   * one byte ring (allocated at the first request, outside the JavaScript heap) for the requests'
   * texts as received and shown, the rest for their entries and masked views, counted as the
   * JavaScript heap keeps them; past either the oldest are dropped and counted, the newest always
   * kept. Default {@link DEFAULT_MAX_REQUEST_LOG_BYTES}.
   */
  maxRequestLogBytes?: number;
}

/**
 * The default {@link EmulatorOptions.maxOrders}: far more than a console shows or a test reads back.
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_ORDERS } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, maxOrders: DEFAULT_MAX_ORDERS * 10 }); // a long load test that reads its orders back
 * ```
 */
export const DEFAULT_MAX_ORDERS = 10_000;

/**
 * The default {@link EmulatorOptions.maxRequestLogBytes}, 8 MiB: about 5,000 gateway requests of a
 * few hundred bytes each (each about 1 KB of text in the ring and a 400-byte entry), more than anyone pages through in a console.
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_REQUEST_LOG_BYTES } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, maxRequestLogBytes: DEFAULT_MAX_REQUEST_LOG_BYTES / 4 });
 * ```
 */
export const DEFAULT_MAX_REQUEST_LOG_BYTES: number = 8 * 1024 * 1024;

/**
 * The gateway, locally: a WinterCG fetch handler plus its merchants and recurring payments.
 *
 * @example
 * ```ts
 * import { createEmulator, type Emulator } from '@paysign/emulator';
 *
 * const emulator: Emulator = createEmulator({ merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'] }] });
 * Deno.serve((request: Request, info: unknown) => emulator.fetch(request, info)); // or export default emulator on workerd
 * ```
 */
export interface Emulator {
  /**
   * Answers one HTTP request as the gateway would. Works on Node, Deno, Bun, workerd and edge
   * runtimes. `env` is what the host passes (its remote address gates the admin API); called
   * in-process without it, the caller counts as local.
   */
  fetch(request: Request, env?: unknown): Promise<Response>;
  readonly merchants: MerchantRegistry;
  readonly profiles: ProfileStore;
  /** Who owns which recurring payment (login and endpoint); another merchant's payment is answered as an unknown id. */
  readonly owners: PaymentOwners;
  /** The path prefix in use (`/payment` by default). */
  readonly pathPrefix: string;
  /** The calendar recurring payments are charged on. */
  readonly clock: EmulatorClock;
  /** Charges, states and callbacks of the recurring payments. */
  readonly recurring: RecurringEngine;
  /** The orders of transfers and pan-eligibility checks: their outcomes and callbacks. */
  readonly orders: OrderBook;
  /** Cancels waiting callback retries (the server's `close()` calls it). */
  stop(): void;
  /**
   * With the `state` option: resolves once the state is restored and every change so far is
   * written (call it before announcing the emulator, and before stopping it, so that callback
   * progress is kept too).
   * Without it: resolves at once.
   */
  persist(): Promise<void>;
}

/**
 * The default time a transfer or pan-eligibility order stays `processing`: one second of real time.
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_OUTCOME_DELAY_MS } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, outcomeDelayMs: DEFAULT_OUTCOME_DELAY_MS * 5 }); // five seconds
 * ```
 */
export const DEFAULT_OUTCOME_DELAY_MS = 1000;

/**
 * The default body cap: 1 MiB, far above the gateway's largest request (a 65K `order_desc`, or one CSV payload).
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_BODY_BYTES } from '@paysign/emulator';
 *
 * // Large bulk payloads in a load test: four times the default cap.
 * const emulator = createEmulator({ merchants, maxBodyBytes: 4 * DEFAULT_MAX_BODY_BYTES });
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES: number = 1024 * 1024;
/**
 * The default parameter cap: the largest operation (transfer) has fewer than 20 parameters with the OAuth ones.
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_PARAMETERS } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, maxParameters: DEFAULT_MAX_PARAMETERS / 2 });
 * ```
 */
export const DEFAULT_MAX_PARAMETERS = 128;
