import type { Quoting } from '@paysign/payload-codec';
import { GatewayValidationError } from '@paysign/protocol';
import { recurringPaymentPayload } from '@paysign/protocol/wire';

/**
 * protocol's {@link recurringPaymentPayload}, its refusal naming the client's batch (`payments[i]`
 * for typed payments, `rows[i]` for wire-format rows).
 */
export function encodeRecurringPaymentRows(rows: readonly Readonly<Record<string, string>>[], quoting: Quoting, batch: 'payments' | 'rows'): string {
  try {
    return recurringPaymentPayload(rows, { csvQuoting: quoting });
  } catch (error) {
    if (batch === 'payments' && error instanceof GatewayValidationError) throw new GatewayValidationError(error.issues, 'VALIDATION_FAILED', batch);
    throw error;
  }
}
