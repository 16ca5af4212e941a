// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import type { PlannedCharge } from '@paysign/protocol/schedule';
import { MAX_PENDING_CALLBACKS, type CallbackDelivery, type CallbackSender } from '../callbacks/callback-sender.js';
import { callbackTarget } from '../callbacks/callback-url.js';
import { dateOf } from '../clock/emulator-clock.js';
import type { EmulatorLog } from '../log.js';
import { testCardOutcome, type FinalOutcome } from '../orders/test-cards.js';
import type { ProfileStore } from '../store/profile-store.js';
import { drawAmount } from './draw-amount.js';
import { chargeOf, type ChargeRecord, type PaymentBook, type PaymentState, trimHistory } from './payment-state.js';

/** What charging a payment and calling its merchant back need. */
export interface ChargeSettings {
  profiles: ProfileStore;
  log: EmulatorLog;
  sender: CallbackSender;
  /** Card numbers whose charges are declined. */
  declineCards: ReadonlySet<string>;
  seed: number;
  nextOrderId: () => string;
  /** The control key that signs a payment's callbacks: its owner's (none if the owner has none), else the only one. */
  controlKeyFor: (recurringPaymentId: string) => string | undefined;
}

/** {@link ChargeSettings} with the engine's payments and where a call notes each payment it changed. */
export interface ChargeContext extends ChargeSettings {
  book: PaymentBook;
  changed: (recurringPaymentId: string) => void;
}

const CALLBACK_FIELDS = ['server_callback_url', 'notify_url', 'notify-url'];

/**
 * Sends the callback a charge owes to the payment's callback address (if it has one), as a new
 * delivery of the payment; one that cannot be sent is logged with the reason.
 *
 * @example
 * ```ts
 * await callBack(context, '7701', state, record, profile.fields);
 * ```
 */
export async function callBack(
  context: ChargeContext,
  id: string,
  state: PaymentState,
  record: ChargeRecord,
  fields: Readonly<Record<string, string>>,
): Promise<void> {
  const address = CALLBACK_FIELDS.map((name) => fields[name]).find((value) => value !== undefined && value !== '');
  if (address === undefined) return;
  const target = await callbackTarget(address, context.controlKeyFor(id), {
    orderid: record.orderid,
    merchantOrder: fields['client-orderid'] ?? '',
    amount: record.amount,
    status: record.status,
    type: 'sale',
  });
  if ('notSent' in target) {
    context.log({ kind: 'callback', recurringPaymentId: id, orderid: record.orderid, url: target.shown, attempt: 0, outcome: target.notSent });
    return;
  }
  const delivery: CallbackDelivery = { orderid: record.orderid, url: target.shown, attempts: 0, lastStatus: null, state: 'pending' };
  state.callbacks.push(delivery);
  context.sender.send(delivery, target.url, { kind: 'payment', id, label: id });
}

/**
 * Makes one planned charge: its amount (a random one drawn from the seed, rule 2), its status
 * (declined for a declined or test card), a new order id; the counter moves on (rule 9: even when
 * the charge fails); then the callback it owes.
 *
 * @example
 * ```ts
 * const record = await chargePayment(context, '7701', state, planned);
 * ```
 */
export async function chargePayment(context: ChargeContext, id: string, state: PaymentState, planned: PlannedCharge): Promise<ChargeRecord> {
  const profile = await context.profiles.get(id);
  const fields = profile?.fields ?? {};
  const amount =
    typeof planned.amount === 'string' ? planned.amount : drawAmount(planned.amount, { seed: context.seed, recurringPaymentId: id, index: planned.index });
  const pan = fields['credit-card-number'] ?? '';
  const record: ChargeRecord = {
    recurringPaymentId: id,
    index: planned.index,
    date: dateOf(planned.day),
    amount,
    status: context.declineCards.has(pan) ? 'declined' : (testCardOutcome(pan) ?? 'approved'),
    orderid: context.nextOrderId(),
  };
  state.charges.push(record);
  context.book.chargeOwners.set(record.orderid, id);
  state.index = planned.index + 1;
  state.lastChargedDay = planned.day;
  context.changed(id);
  context.log({ kind: 'charged', recurringPaymentId: id, index: record.index, date: record.date, amount, status: record.status, orderid: record.orderid });
  await callBack(context, id, state, record, fields);
  trimHistory(context.book, state);
  return record;
}

/**
 * Gives a charge its final status now and sends a new callback: `false` for an unknown order id,
 * `'busy'` while {@link MAX_PENDING_CALLBACKS} of its callbacks are still being delivered (a loop
 * of triggers cannot queue this charge's callbacks without end).
 *
 * @example
 * ```ts
 * await setChargeOutcome(context, '12', 'declined'); // true
 * ```
 */
export async function setChargeOutcome(context: ChargeContext, orderid: string, outcome: FinalOutcome): Promise<boolean | 'busy'> {
  const found = chargeOf(context.book, orderid);
  if (found === undefined) return false;
  const { id, state, record } = found;
  if (state.callbacks.filter((delivery) => delivery.orderid === orderid && delivery.state === 'pending').length >= MAX_PENDING_CALLBACKS) return 'busy';
  record.status = outcome;
  context.changed(id);
  context.log({ kind: 'charged', recurringPaymentId: id, index: record.index, date: record.date, amount: record.amount, status: outcome, orderid });
  await callBack(context, id, state, record, (await context.profiles.get(id))?.fields ?? {});
  trimHistory(context.book, state);
  return true;
}
