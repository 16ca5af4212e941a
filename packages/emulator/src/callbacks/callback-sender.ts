import { retryDelayMs } from '@paysign/protocol';
import type { EmulatorLog } from '../log.js';

/**
 * One callback's delivery, as the admin API shows it.
 *
 * @example
 * ```ts
 * import { createEmulator, type CallbackDelivery } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants });
 * const life = await emulator.recurring.life('7701');
 * const failed: CallbackDelivery[] = life?.callbacks.filter((delivery) => delivery.state === 'failed') ?? [];
 * for (const delivery of failed) console.log(delivery.url, delivery.attempts, delivery.lastStatus);
 * ```
 */
export interface CallbackDelivery {
  /** The gateway's order id of the charge it reports. */
  orderid: string;
  /** The callback address without its query (the query may carry the merchant's own tokens). */
  url: string;
  attempts: number;
  /** The last HTTP status, `network-error`, or `null` before the first attempt. */
  lastStatus: number | 'network-error' | null;
  /** `pending` while attempts remain, `delivered` after a 200, `failed` after the last attempt. */
  state: 'pending' | 'delivered' | 'failed';
  /** When the next retry is due (ISO time), while one waits its back-off; absent otherwise. */
  nextAttemptAt?: string;
}

/**
 * The reference's retry limit: "up to 30 times over 14 days" (docs/reference/callbacks.md).
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_CALLBACK_ATTEMPTS } from '@paysign/emulator';
 *
 * // Fewer, faster retries for a test that waits for a callback to fail.
 * const emulator = createEmulator({ merchants, callbackAttempts: Math.min(3, DEFAULT_CALLBACK_ATTEMPTS), callbackBackoffMs: 10 });
 * ```
 */
export const DEFAULT_CALLBACK_ATTEMPTS = 30;
/**
 * The first retry's delay; each next one doubles, up to 12 hours (the gateway's intervals are not published).
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_CALLBACK_BACKOFF_MS } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, callbackBackoffMs: DEFAULT_CALLBACK_BACKOFF_MS / 60 }); // first retry after 1 s
 * ```
 */
export const DEFAULT_CALLBACK_BACKOFF_MS = 60_000;
/** Most callbacks of one order (a charge's too) still being delivered; a further outcome or re-send waits until one is delivered or given up. */
export const MAX_PENDING_CALLBACKS = 5;

const MAX_DELAY_MS = 12 * 60 * 60 * 1000;
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * The default cap on callback attempts in flight at once: enough for local tests, few enough that
 * a slow receiver or a burst of due charges never opens hundreds of connections.
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_CALLBACKS_IN_FLIGHT } from '@paysign/emulator';
 *
 * // A load test with many receivers: four times the default.
 * const emulator = createEmulator({ merchants, maxCallbacksInFlight: 4 * DEFAULT_MAX_CALLBACKS_IN_FLIGHT });
 * ```
 */
export const DEFAULT_MAX_CALLBACKS_IN_FLIGHT = 8;

/**
 * Whose callback a delivery is: a recurring payment's charge (`payment`, the payment's id) or an
 * order of a transfer or pan-eligibility check (`order`, the order's id); `label` names it in the log.
 */
export interface CallbackSource {
  readonly kind: 'payment' | 'order';
  readonly id: string;
  readonly label: string;
}

/** One delivery under way: what is sent where, for whom. */
export interface CallbackJob {
  delivery: CallbackDelivery;
  url: URL;
  source: CallbackSource;
}

/** Sends callbacks in the background, retrying anything but a 200 with a doubling delay. */
export interface CallbackSender {
  /** Starts delivering `url` (already carrying its parameters); never waits for it. */
  send(delivery: CallbackDelivery, url: URL, source: CallbackSource): void;
  /** Resolves once no delivery is under way, queued or waiting for a retry. */
  idle(): Promise<void>;
  /** Cancels every waiting retry and every queued attempt; attempts under way finish, and no retry follows them. */
  stop(): void;
}

/** How the sender retries, and whom it tells. */
export interface CallbackSenderOptions {
  attempts: number;
  backoffMs: number;
  maxInFlight: number;
  log: EmulatorLog;
  /**
   * Told of each delivery when it is sent (`sent`) and after each attempt, its result written
   * (`attempted`): the emulator's core records it with `--state`.
   */
  progress?(job: CallbackJob, step: 'sent' | 'attempted'): void;
}

/**
 * The emulator's callback sender: each callback is its own chain of attempts (GET, no redirects
 * followed, 10 s per attempt), so a slow or failing receiver never holds up the clock or another
 * callback. At most `maxInFlight` attempts are open at once; the others wait their turn, first
 * come first served (a retry queues again when its delay is over). Attempt n + 1 waits
 * `backoffMs * 2^(n-1)` (at most 12 h); after `attempts` tries the delivery is `failed`. Every
 * attempt is logged.
 *
 * @example
 * ```ts
 * const sender = createCallbackSender({ attempts: 3, backoffMs: 10, maxInFlight: 8, log: () => {} });
 * ```
 */
export function createCallbackSender(options: CallbackSenderOptions): CallbackSender {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let queued: CallbackJob[] = [];
  // Jobs started, queued or waiting for a retry; `idle()` resolves when none is left.
  let active = 0;
  let inFlight = 0;
  let stopped = false;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (active > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  // `job` is counted in `active`: it starts now if a slot is free, else waits for one.
  function schedule(job: CallbackJob): void {
    if (inFlight < options.maxInFlight) void start(job);
    else queued.push(job);
  }

  async function start(job: CallbackJob): Promise<void> {
    inFlight++;
    try {
      await attempt(job);
    } finally {
      inFlight--;
      active--;
      const next = queued.shift();
      if (next !== undefined) void start(next);
      settle();
    }
  }

  async function attempt(job: CallbackJob): Promise<void> {
    const { delivery, url, source } = job;
    delete delivery.nextAttemptAt;
    delivery.attempts++;
    try {
      const response = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      await response.body?.cancel().catch(() => {});
      delivery.lastStatus = response.status;
    } catch {
      delivery.lastStatus = 'network-error';
    }
    if (delivery.lastStatus === 200) delivery.state = 'delivered';
    else if (delivery.attempts >= options.attempts) delivery.state = 'failed';
    options.log({
      kind: 'callback',
      recurringPaymentId: source.label,
      orderid: delivery.orderid,
      url: delivery.url,
      attempt: delivery.attempts,
      outcome: `${delivery.lastStatus} ${delivery.state}`,
    });
    if (delivery.state === 'pending' && !stopped) {
      const delay = retryDelayMs(delivery.attempts, options.backoffMs, MAX_DELAY_MS);
      delivery.nextAttemptAt = new Date(Date.now() + delay).toISOString();
      active++;
      const timer = setTimeout(() => {
        timers.delete(timer);
        schedule(job);
      }, delay);
      timers.add(timer);
    }
    options.progress?.(job, 'attempted');
  }

  return {
    send(delivery, url, source) {
      active++;
      const job = { delivery, url, source };
      options.progress?.(job, 'sent');
      schedule(job);
    },
    idle() {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      active -= timers.size + queued.length;
      timers.clear();
      queued = [];
      settle();
    },
  };
}
