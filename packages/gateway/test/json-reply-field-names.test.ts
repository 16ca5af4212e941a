// A JSON reply's field names are data: every name the gateway (or the emulator) writes reaches the
// caller, `__proto__` included. Found by the emulator's JSON round-trip property (fast-check seed
// -1414524214, counterexample [["type","async-response"],["__proto__",""]]): the field was lost,
// assigned to a plain object's prototype instead of kept.
import { describe, expect, it } from 'vitest';
import { parseGatewayResponse } from '../src/index.js';

const JSON_TYPE = { 'content-type': 'application/vnd.pay+json' };

describe('JSON reply field names', () => {
  it("keeps a field named __proto__ as an own field, and no reply changes the fields' prototype", () => {
    const result = parseGatewayResponse(200, '{"type":"async-response","__proto__":"","constructor":"c"}', JSON_TYPE);
    expect(Object.keys(result.fields)).toEqual(['type', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(result.fields, '__proto__')?.value).toBe('');
    expect(result.fields.constructor).toBe('c');
    const nested = parseGatewayResponse(200, '{"type":"async-response","__proto__":{"status":"approved"}}', JSON_TYPE);
    expect(nested.fields.status).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(nested.fields, '__proto__')?.value).toBe('{"status":"approved"}');
  });

  it('reads __proto__ from the form variant the same way', () => {
    const result = parseGatewayResponse(200, 'type=async-response&__proto__=', { 'content-type': 'text/plain' });
    expect(Object.getOwnPropertyDescriptor(result.fields, '__proto__')?.value).toBe('');
  });
});
