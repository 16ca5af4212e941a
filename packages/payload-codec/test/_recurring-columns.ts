// The update-recurring-payments columns for the codec's tests, from their one home: @paysign/protocol's
// field table. A dev dependency only: the codec's own package graph stays one-way.
export { recurringPaymentColumns, recurringPaymentExampleColumns } from '@paysign/protocol';
