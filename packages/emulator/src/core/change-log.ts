// The emulator core's one change log: what its operations changed since the last write. Kept
// only with --state (an emulator in memory has none and records nothing).

/** The changes {@link ChangeLog.take} hands over: payment and order ids, nonces, callback addresses. */
export interface TakenChanges {
  payments: Set<string>;
  nonces: Map<string, { expiresAt: number; scope: string | null }>;
  callbacks: Map<string, { recurringPaymentId: string; orderid: string; url: string | null }>;
  orders: Set<string>;
}
const empty = (): TakenChanges => ({ payments: new Set(), nonces: new Map(), callbacks: new Map(), orders: new Set() });

/**
 * What the core's operations changed since the last {@link ChangeLog.take}: a payment's profile,
 * owner, state in time or callback progress (`payment`), a nonce accepted (`nonce`), a callback
 * address started or ended (`callback`, `url: null` once no delivery of it is pending), an order
 * of a transfer or pan-eligibility check opened, decided, forgotten or calling back (`order`).
 * `muted` while a saved state is put back (what is read from the state is not written to it again).
 *
 * @example
 * ```ts
 * const changes = createChangeLog();
 * changes.payment('7701');
 * changes.take().payments; // Set { '7701' }
 * ```
 */
export interface ChangeLog {
  muted: boolean;
  payment(id: string): void;
  nonce(key: string, expiresAt: number, scope: string | null): void;
  callback(recurringPaymentId: string, orderid: string, url: string | null): void;
  order(orderid: string): void;
  take(): TakenChanges;
  /** Puts back changes a failed write took, under the ones reported since (which are newer). */
  giveBack(taken: TakenChanges): void;
}

/**
 * An empty change log.
 *
 * @example
 * ```ts
 * const changes = createChangeLog();
 * ```
 */
export function createChangeLog(): ChangeLog {
  let current = empty();
  const log: ChangeLog = {
    muted: false,
    payment(id) {
      if (!log.muted) current.payments.add(id);
    },
    nonce(key, expiresAt, scope) {
      if (!log.muted) current.nonces.set(key, { expiresAt, scope });
    },
    callback(recurringPaymentId, orderid, url) {
      if (!log.muted) current.callbacks.set(`${recurringPaymentId}\n${orderid}`, { recurringPaymentId, orderid, url });
    },
    order(orderid) {
      if (!log.muted) current.orders.add(orderid);
    },
    take() {
      const taken = current;
      current = empty();
      return taken;
    },
    giveBack(taken) {
      for (const id of taken.payments) current.payments.add(id);
      for (const [key, nonce] of taken.nonces) if (!current.nonces.has(key)) current.nonces.set(key, nonce);
      for (const [key, callback] of taken.callbacks) if (!current.callbacks.has(key)) current.callbacks.set(key, callback);
      for (const orderid of taken.orders) current.orders.add(orderid);
    },
  };
  return log;
}
