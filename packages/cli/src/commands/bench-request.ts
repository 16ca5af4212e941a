// The gateway spec's transfer request and the credentials `paysign bench` signs it with: the one
// copy, also the transfer of the repository's full benchmark (bench/src/fixtures/requests.ts).
// Data only, so that every runtime the benchmark runs on can load it. Card numbers are test PANs.

/** The merchant login the benchmark signs as. */
export const BENCH_CONSUMER_KEY = 'merchant-login';
/** The control key (HMAC-SHA1 secret) the benchmark signs with: not a real merchant's. */
export const BENCH_CONTROL_KEY = 'B7D5C4A1-0E9F-4C3B-8A2D-6F1E0D9C8B7A';

/** transfer: the spec's 15 body parameters, with values that need percent-encoding, non-ASCII. */
export const BENCH_TRANSFER_URL = 'https://sandbox.gateway.example/payment/api/v4/transfer/1234';
export const BENCH_TRANSFER_PARAMS: readonly (readonly [name: string, value: string])[] = [
  ['amount', '1250.00'],
  ['card_printed_name', 'JOSÉ MÜLLER'],
  ['card_recurring_payment_id', '7000123'],
  ['client_orderid', 'order-2026-0001'],
  ['credit_card_number', '4111111111111111'],
  ['currency', 'EUR'],
  ['cvv2', '123'],
  ['deposit2card', 'true'],
  ['destination-card-no', '5555555555554444'],
  ['destination_card_recurring_payment_id', '7000456'],
  ['expire_month', '12'],
  ['expire_year', '2030'],
  ['ipaddress', '203.0.113.7'],
  ['order_desc', 'Transfer to savings (monthly) & fees: 0%'],
  ['redirect_url', 'https://merchant.example/return?order=order-2026-0001&status=done'],
];
