// The update-recurring-payments columns for the codec's tests, from their one home: @paysign/protocol's
// field table, read from its source. @paysign/protocol depends on the codec (its checks decode the
// payload), so the codec does not depend on it, not even as a dev dependency: the graph stays one-way.
export { recurringPaymentColumns, recurringPaymentExampleColumns } from '../../protocol/src/model/recurring-payment-columns.js';
