// The update-recurring-payments columns for the codec's tests, from their one home: the gateway's
// field table (packages/gateway/src/model). Read from source so that the codec's package graph
// stays one-way (gateway depends on the codec, never the reverse).
export { recurringPaymentColumns, recurringPaymentExampleColumns } from '../../gateway/src/model/recurring-payment-columns.js';
