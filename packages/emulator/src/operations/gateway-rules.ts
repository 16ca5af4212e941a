import type { RowIssue, RowValidator, TransferValidator } from './row-validation.js';

// INTERIM until @paysign/gateway's validators are built: the spec's required columns only.
const REQUIRED_ROW = ['client-orderid', 'recurring-payment-id', 'credit-card-number', 'card-printed-name', 'expire-year', 'expire-month'];

export const gatewayRowValidator: RowValidator = (row, options) => {
  const issues: RowIssue[] = REQUIRED_ROW.filter((field) => !row[field]).map((field) => ({ field, message: 'is required' }));
  if (options.projectCurrency !== undefined && row.currency && row.currency !== options.projectCurrency) {
    issues.push({ field: 'currency', message: `must be the project currency ${options.projectCurrency}` });
  }
  return issues;
};

export const gatewayTransferValidator: TransferValidator = (params) =>
  ['client_orderid', 'amount', 'currency'].filter((field) => !params[field]).map((field) => ({ field, message: 'is required' }));
