import { redactCardData, type ValidationIssue } from '@paysign/protocol';

/** The largest `params` a `client.request` takes: 1 MiB of UTF-8 in its names and values, checked before anything is signed. */
export const MAX_REQUEST_PARAMS_BYTES = 1_048_576;

const utf8 = new TextEncoder();

/**
 * The issues of `client.request`'s `params`: an object of text values (each a form parameter, as
 * the gateway's commands take them), names not empty, at most {@link MAX_REQUEST_PARAMS_BYTES}
 * in all. An issue names the parameter (`params.<name>`) and never quotes its value, which may be
 * a card number.
 */
export function checkRequestParams(params: unknown): ValidationIssue[] {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    return [{ field: 'params', rule: 'type', message: 'must be an object of text values, one per form parameter' }];
  }
  const issues: ValidationIssue[] = [];
  let units = 0;
  for (const [name, value] of Object.entries(params)) {
    if (name === '') issues.push({ field: 'params', rule: 'invalid-request', message: 'holds a parameter with an empty name' });
    if (typeof value !== 'string') issues.push({ field: `params.${redactCardData(name)}`, rule: 'type', message: 'must be text (a string)' });
    else units += name.length + value.length;
  }
  // A UTF-16 unit is at most 3 UTF-8 bytes: the exact count only when the quick bound is over the cap.
  if (units * 3 > MAX_REQUEST_PARAMS_BYTES) {
    let bytes = 0;
    for (const [name, value] of Object.entries(params)) if (typeof value === 'string') bytes += utf8.encode(name).length + utf8.encode(value).length;
    if (bytes > MAX_REQUEST_PARAMS_BYTES) {
      issues.push({ field: 'params', rule: 'max-length', message: `hold ${bytes} bytes of UTF-8, more than the ${MAX_REQUEST_PARAMS_BYTES} taken` });
    }
  }
  return issues;
}
