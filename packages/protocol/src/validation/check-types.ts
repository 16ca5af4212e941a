import type { FieldSpec } from '../model/field-spec.js';
import { toWireValue } from '../model/wire-row.js';
import { IssueList } from './check-field.js';
import type { ValidationIssue } from './issue.js';

/**
 * The issues of a typed request (camelCase, JavaScript values): its JavaScript types first, then
 * `wireIssues`, the operation's rules on its wire form. A field with the wrong JavaScript type is
 * left out of the wire form, so it is reported once.
 */
export function typedIssues(
  input: unknown,
  fields: readonly FieldSpec[],
  operation: string,
  wireIssues: (wire: Record<string, string>) => ValidationIssue[],
): ValidationIssue[] {
  const typeIssues = new IssueList();
  const wire = typedToWire(input, fields, typeIssues, operation);
  if (typeIssues.issues.some((issue) => issue.field === '(request)')) return typeIssues.issues;
  const mistyped = new Set(typeIssues.issues.map((issue) => issue.field));
  return [...typeIssues.issues, ...wireIssues(wire).filter((issue) => !mistyped.has(issue.field))];
}

/**
 * Turns a typed request (camelCase, JavaScript values) into wire text, field by field, checking
 * the JavaScript type first so that a caller without TypeScript gets an issue rather than a
 * silently stringified value. Unknown properties are issues too: they would be lost.
 */
export function typedToWire(input: unknown, fields: readonly FieldSpec[], issues: IssueList, operation: string): Record<string, string> {
  const row: Record<string, string> = {};
  if (input === null || typeof input !== 'object') {
    issues.add({ wire: '(request)' }, 'type', `the ${operation} request must be an object`);
    return row;
  }
  const source = input as Record<string, unknown>;
  const known = new Set(fields.map((field) => field.property));
  for (const property of Object.keys(source)) {
    if (!known.has(property) && source[property] !== undefined) {
      issues.add({ wire: property }, 'unknown-field', `is not a field of ${operation}; it would not be sent`);
    }
  }
  for (const field of fields) {
    const value = source[field.property];
    if (value === undefined) continue;
    const expected = typeProblem(field, value);
    if (expected !== undefined) {
      issues.add(field, 'type', `must be ${expected}`);
      continue;
    }
    row[field.wire] = toWireValue(field, value);
  }
  return row;
}

function typeProblem(field: FieldSpec, value: unknown): string | undefined {
  switch (field.kind) {
    case 'decimal-list':
      return Array.isArray(value) && value.length > 0 && value.every((amount) => typeof amount === 'string')
        ? undefined
        : 'a non-empty array of decimal strings';
    case 'int':
      return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value)) ? undefined : 'a whole number or its text';
    case 'digits':
      // Expiry month and year may be numbers; card numbers and CVVs must be text (leading zeros).
      if (typeof value === 'string') return undefined;
      return (field.property === 'expireMonth' || field.property === 'expireYear') && typeof value === 'number' && Number.isSafeInteger(value)
        ? undefined
        : 'a string of digits';
    case 'date':
      if (typeof value === 'string') return undefined;
      return value instanceof Date && !Number.isNaN(value.getTime()) ? undefined : 'a DD.MM.YYYY string or a valid Date';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'a boolean';
    case 'decimal':
      return typeof value === 'string' ? undefined : 'a decimal string such as "10.42" (not a number, which can lose cents)';
    case 'string':
    case 'url':
    case 'ip':
      return typeof value === 'string' ? undefined : 'a string';
  }
}
