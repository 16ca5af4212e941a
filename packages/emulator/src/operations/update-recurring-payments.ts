import { checkOperation, formatRowIssue } from '@paysign/protocol';
import { decodePayload } from '@paysign/payload-codec';
import { recurringPaymentColumns } from '@paysign/protocol/wire';
import type { ProfileChange, ProfileFields } from '../store/profile-store.js';
import { applyUpdateRow } from './apply-update.js';
import { singleParam, validationError, type OperationContext, type ReplyPairs } from './context.js';

/**
 * `update-recurring-payments`: the `payload` parameter is the Base64 of a `;`-separated CSV, one
 * recurring payment per data row. Every row is validated (the protocol's check of the operation,
 * each issue said as `row N, field: message`); then all rows are applied to the store as one
 * step, or none is when a row is invalid or names a recurring-payment-id that does not exist or
 * belongs to another merchant (login and endpoint), which is answered alike.
 */
export async function updateRecurringPayments(context: OperationContext): Promise<ReplyPairs> {
  const { serialNumber } = context;
  const payload = singleParam(context.params, 'payload');
  if ('error' in payload) return validationError(serialNumber, payload.error);
  const currency = context.merchant.account.currency;
  const issues = checkOperation('update-recurring-payments', { payload: payload.value }, currency === undefined ? {} : { projectCurrency: currency });
  // Checked above: the payload decodes.
  const rows = issues.some((issue) => issue.field === 'payload') ? [] : decodePayload(payload.value, { columns: recurringPaymentColumns }).rows;
  const firstOrderId = rows[0]?.['client-orderid'];
  if (issues.length > 0) return validationError(serialNumber, issues.map((issue) => formatRowIssue(issue)).join('; '), firstOrderId);

  const ids = rows.map((row) => row['recurring-payment-id'] as string);
  // Issue #19 item 9: a payment is its id scoped by its owner (login and endpoint). Another
  // merchant's payment gets exactly the answer of an id that does not exist, so its existence does not show.
  const who = { login: context.merchant.account.login, endpointId: context.endpointId };
  const { result, stored } = await context.profiles.update(ids, (current): ProfileChange<ReplyPairs> => {
    const unknown = ids.flatMap((id, index) =>
      current.get(id) && context.owners.allows(id, who) ? [] : [`row ${index + 1}, recurring-payment-id: no recurring payment has this id`],
    );
    if (unknown.length > 0) return { refuse: validationError(serialNumber, unknown.join('; '), firstOrderId) };
    // Under the store's lock for these ids: of two merchants updating an unowned payment at once, one owns it.
    for (const id of ids) context.owners.claim(id, who);
    const next = new Map<string, ProfileFields>();
    // Rows naming the same id apply in order, each on the result of the one before.
    rows.forEach((row, index) => {
      const id = ids[index] as string;
      next.set(id, applyUpdateRow(next.get(id) ?? (current.get(id)?.fields as ProfileFields), row));
    });
    return {
      store: next,
      result: [
        ['type', 'update-recurring-payment-response'],
        ['status', 'processing'],
        ['serial-number', serialNumber],
        ...(firstOrderId !== undefined ? ([['merchant-order-id', firstOrderId]] as ReplyPairs) : []),
      ],
    };
  });
  for (const profile of stored) context.log({ kind: 'updated', recurringPaymentId: profile.id, revision: profile.revision, serialNumber });
  return result;
}
