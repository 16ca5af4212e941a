import type { RecurringPaymentFields, RecurringPaymentUpdate, Schedule } from '../src/index.js';

// 4111 1111 1111 1111: the card-network test Visa number, Luhn-valid.
export const TEST_PAN = '4111111111111111';

/** A payment that breaks no rule; tests change one field at a time. */
export function validPayment(): RecurringPaymentUpdate {
  return {
    clientOrderId: 'order-1',
    recurringPaymentId: '7701',
    creditCardNumber: TEST_PAN,
    cardPrintedName: 'JOHN DOE',
    expireYear: '2030',
    expireMonth: '12',
    amount: '9.99',
    period: 'month',
    interval: 1,
    startDate: '15.01.2030',
    currency: 'EUR',
  };
}

/** The valid payment without its amount mode, to add another one. */
export function validFields(): RecurringPaymentFields & Schedule {
  const { amount: _amount, ...rest } = validPayment() as RecurringPaymentFields & Schedule & { amount: string };
  return rest;
}

/** One request as the test server saw it. */
