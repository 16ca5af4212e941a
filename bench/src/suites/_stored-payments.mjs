// The stored payments and the CSV columns bench:bulk and bench:state send: one fixture for both, so
// their figures describe the same rows.

/** A start date in 2031, dd.mm.yyyy, spread over 300 days by n. */
export const day = (n) => {
  const date = new Date(Date.UTC(2031, 0, 1) + (n % 300) * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
};
/** A stored payment as a merchant's would look: holder, card, a monthly schedule starting in 2031. */
export function storedProfile(n) {
  return {
    'recurring-payment-id': `rp-${n}`,
    'client-orderid': `order-${n}`,
    'payment-description': 'Monthly subscription',
    'first-name': 'John',
    'last-name': 'Doe',
    email: `customer${n}@example.com`,
    'credit-card-number': '4111111111111111',
    'card-printed-name': 'JOHN DOE',
    'expire-year': '2032',
    'expire-month': String((n % 12) + 1),
    currency: 'EUR',
    amount: `${(n % 90) + 10}.00`,
    period: 'month',
    interval: '1',
    'start-date': day(n),
    'max-repeats-number': '24',
  };
}
export const COLUMNS = [
  'client-orderid',
  'recurring-payment-id',
  'credit-card-number',
  'card-printed-name',
  'expire-year',
  'expire-month',
  'currency',
  'amount',
  'period',
  'interval',
  'start-date',
  'max-repeats-number',
];
