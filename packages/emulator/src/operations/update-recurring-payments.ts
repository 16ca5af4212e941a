import { recurringPaymentColumns } from '@paysign/spec';
import { CodecError, decodePayload } from '@paysign/payload-codec';
import type { ProfileChange, ProfileFields } from '../store/profile-store.js';
import { applyUpdateRow } from './apply-update.js';
import { singleParam, validationError, type OperationContext, type ReplyPairs } from './context.js';
import type { RowValidator } from './row-validation.js';

/**
 * `update-recurring-payments`: the `payload` parameter is the Base64 of a `;`-separated CSV, one
 * recurring payment per data row. Every row is validated; then all rows are applied to the store
 * as one step, or none is when a row is invalid or names an unknown recurring-payment-id.
 */
export async function updateRecurringPayments(context: OperationContext, validateRow: RowValidator): Promise<ReplyPairs> {
  const { serialNumber } = context;
  const payload = singleParam(context.params, 'payload');
  if ('error' in payload) return validationError(serialNumber, payload.error);
  let rows: Record<string, string>[];
  try {
    rows = decodePayload(payload.value, { columns: recurringPaymentColumns }).rows;
  } catch (error) {
    if (error instanceof CodecError) return validationError(serialNumber, `payload: ${error.message}`);
    throw error;
  }
  const firstOrderId = rows[0]?.['client-orderid'];
  if (rows.length === 0) return validationError(serialNumber, 'payload: the CSV has a header but no data row', firstOrderId);

  const currency = context.merchant.account.currency;
  const problems: string[] = [];
  rows.forEach((row, index) => {
    for (const issue of validateRow(row, currency === undefined ? {} : { projectCurrency: currency })) {
      problems.push(`row ${index + 1}, ${issue.message}`);
    }
  });
  if (problems.length > 0) return validationError(serialNumber, problems.join('; '), firstOrderId);

  const ids = rows.map((row) => row['recurring-payment-id'] as string);
  const { result, stored } = await context.profiles.update(ids, (current): ProfileChange<ReplyPairs> => {
    const unknown = ids.flatMap((id, index) => (current.get(id) ? [] : [`row ${index + 1}, recurring-payment-id: no recurring payment has this id`]));
    if (unknown.length > 0) return { refuse: validationError(serialNumber, unknown.join('; '), firstOrderId) };
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
