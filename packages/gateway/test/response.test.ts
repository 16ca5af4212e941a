import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GatewayAuthenticationError, GatewayError, GatewayResponseError, parseGatewayResponse } from '../src/index.js';

// A real sandbox reply of a gateway of the same family (source and capture notes in the file's
// header): every value followed by a raw "\n", "+" for spaces. The 40 hex digits before "type="
// are the script's own output, not the reply; the `html` value was truncated by the capture.
function realReply(): string {
  const text = readFileSync(new URL('../../../docs/reference/real-status-response.txt', import.meta.url), 'utf8');
  const lines = text.split('\n').filter((line) => !line.startsWith('#') && line !== '');
  const body = `${lines.join('\n')}\n`;
  return body.replace(/^[0-9a-f]{40}/, '').replace(/&html=[^\n]*\n/, '&html=%3C%21DOCTYPE+html%3E\n');
}

function caught(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

describe('parseGatewayResponse: the form reply', () => {
  it('reads the real sandbox reply: values trimmed of their "\\n", "+" as a space, %XX decoded', () => {
    const result = parseGatewayResponse(200, realReply(), { 'Content-Type': 'text/html;charset=utf-8' });
    expect(result).toMatchObject({
      httpStatus: 200,
      empty: false,
      type: 'status-response',
      status: 'processing',
      serialNumber: '00000000-0000-0000-0000-0000043b64d7',
      paynetOrderId: '1969105',
    });
    expect(result.fields['original-gate-descriptor']).toBe('Callkey LP TEST EUR');
    expect(result.fields.email).toBe('john.smith@gmail.com');
    expect(result.fields['redirect-to']).toBe('https://sandbox.lonapay24.com/payment/form/redirect/1969105/17IcOCFMVNjehLKnnGTvXMw');
    expect(result.fields['paynet-processing-date']).toBe('2024-03-20 08:51:03 MSK');
    expect(result.fields.html).toBe('<!DOCTYPE html>');
    expect(result.fields['initial-amount']).toBe('10.42');
    for (const value of Object.values(result.fields)) expect(value.endsWith('\n')).toBe(false);
  });

  it('keeps a line feed the gateway encoded as %0A: that one is data', () => {
    expect(parseGatewayResponse(200, 'type=x\n&note=a%0Ab\n').fields.note).toBe('a\nb');
  });

  it('reads CRLF-ended values and a last value without a line feed', () => {
    expect(parseGatewayResponse(200, 'type=update-recurring-payment-response\r\n&status=approved').status).toBe('approved');
  });

  it("HTTP 200 with an empty body is a success without details (the spec's success example)", () => {
    expect(parseGatewayResponse(200, '')).toEqual({ httpStatus: 200, empty: true, fields: {} });
  });

  it('an update-recurring-payment-response', () => {
    const result = parseGatewayResponse(200, 'type=update-recurring-payment-response\n&status=approved\n&serial-number=abc-1\n');
    expect(result).toEqual({
      httpStatus: 200,
      empty: false,
      type: 'update-recurring-payment-response',
      status: 'approved',
      serialNumber: 'abc-1',
      fields: { type: 'update-recurring-payment-response', status: 'approved', 'serial-number': 'abc-1' },
    });
  });
});

describe('parseGatewayResponse: failures become typed errors', () => {
  it("type=validation-error carries the gateway's code and message", () => {
    const error = caught(() =>
      parseGatewayResponse(200, 'type=validation-error\n&serial-number=s-1\n&error-message=Invalid+amount%3A+must+be+positive\n&error-code=2\n'),
    );
    expect(error).toBeInstanceOf(GatewayResponseError);
    expect(error.code).toBe('GATEWAY_VALIDATION_ERROR');
    expect((error as GatewayResponseError).details).toMatchObject({
      httpStatus: 200,
      type: 'validation-error',
      gatewayCode: '2',
      gatewayMessage: 'Invalid amount: must be positive',
      serialNumber: 's-1',
    });
    expect(error.message).toContain('error-code 2');
    expect(error.message).toContain('Invalid amount: must be positive');
  });

  it('type=error', () => {
    const error = caught(() => parseGatewayResponse(200, 'type=error\n&error-message=Internal\n&error-code=5002\n'));
    expect(error.code).toBe('GATEWAY_ERROR');
    expect((error as GatewayResponseError).details.gatewayCode).toBe('5002');
  });

  it('masks a card number the gateway echoes in its message', () => {
    const error = caught(() => parseGatewayResponse(200, 'type=error\n&error-message=Card+4111111111111111+declined\n&error-code=3\n'));
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('4111111111111111');
    expect((error as GatewayResponseError).details.gatewayMessage).toBe('Card 411111******1111 declined');
  });

  it('HTTP 403 with an empty body is an authentication error that says how to debug it', () => {
    const error = caught(() => parseGatewayResponse(403, ''));
    expect(error).toBeInstanceOf(GatewayAuthenticationError);
    expect(error.code).toBe('AUTHENTICATION_FAILED');
    expect(error.message).toContain('HTTP 403 with an empty body');
    expect(error.message).toContain('compare the signature base string');
    expect(error.message).toContain('oauth_consumer_key');
  });

  it('HTTP 401 and a 403 with an error body are authentication errors too', () => {
    expect(caught(() => parseGatewayResponse(401, '')).code).toBe('AUTHENTICATION_FAILED');
    const error = caught(() => parseGatewayResponse(403, 'type=error\n&error-message=Signature+mismatch\n&error-code=403\n'));
    expect(error).toBeInstanceOf(GatewayAuthenticationError);
    expect((error as GatewayAuthenticationError).details.gatewayMessage).toBe('Signature mismatch');
  });

  it('HTTP 500 surfaces the error ID: from a field, a header or a plain-text body', () => {
    const fromField = caught(() => parseGatewayResponse(500, 'type=error\n&error-code=500\n&error-id=E-7781\n'));
    expect(fromField.code).toBe('SERVER_ERROR');
    expect((fromField as GatewayResponseError).details.errorId).toBe('E-7781');
    expect(fromField.message).toContain('error ID E-7781');
    const fromHeader = caught(() => parseGatewayResponse(500, '', new Headers({ 'X-Error-Id': 'H-1' })));
    expect((fromHeader as GatewayResponseError).details.errorId).toBe('H-1');
    const fromText = caught(() => parseGatewayResponse(502, 'a1b2c3d4-error\n'));
    expect((fromText as GatewayResponseError).details.errorId).toBe('a1b2c3d4-error');
    const none = caught(() => parseGatewayResponse(500, ''));
    expect(none.message).toContain('no error ID');
  });

  it('another non-2xx status, a redirect, and an unreadable body', () => {
    expect(caught(() => parseGatewayResponse(404, '')).code).toBe('HTTP_ERROR');
    expect(caught(() => parseGatewayResponse(302, '')).message).toContain('redirect');
    expect(caught(() => parseGatewayResponse(200, '<html><body>maintenance</body></html>')).code).toBe('UNEXPECTED_RESPONSE');
    expect(caught(() => parseGatewayResponse(200, 'type=%ZZ\n')).code).toBe('UNEXPECTED_RESPONSE');
  });
});

describe('parseGatewayResponse: the JSON variant (Accept: application/vnd.pay+json)', () => {
  it('reads numbers as the text the gateway wrote, without rounding', () => {
    const result = parseGatewayResponse(
      200,
      '{"type":"async-response","status":"approved","paynet-order-id":12345678901234567890,"amount":10.10,"serial-number":"s-2","flag":true,"gone":null}',
      { 'content-type': 'application/vnd.pay+json' },
    );
    expect(result).toMatchObject({ type: 'async-response', status: 'approved', serialNumber: 's-2' });
    expect(result.fields['paynet-order-id']).toBe('12345678901234567890');
    expect(result.fields.amount).toBe('10.10');
    expect(result.fields.flag).toBe('true');
    expect('gone' in result.fields).toBe(false);
  });

  it('keeps strings holding digits and quotes intact', () => {
    const result = parseGatewayResponse(200, '{"type":"x","note":"say \\"12\\" -3","n":-3.5e2}');
    expect(result.fields.note).toBe('say "12" -3');
    expect(result.fields.n).toBe('-3.5e2');
  });

  it('a 4xx JSON validation error with a numeric error-code', () => {
    const error = caught(() =>
      parseGatewayResponse(400, '{"type":"validation-error","error-code":2,"error-message":"bad amount"}', { 'Content-Type': 'application/vnd.pay+json' }),
    );
    expect(error.code).toBe('GATEWAY_VALIDATION_ERROR');
    expect((error as GatewayResponseError).details).toMatchObject({ httpStatus: 400, gatewayCode: '2', gatewayMessage: 'bad amount' });
  });

  it('JSON that is not an object is unexpected', () => {
    expect(caught(() => parseGatewayResponse(200, '[1,2]', { 'content-type': 'application/json' })).code).toBe('UNEXPECTED_RESPONSE');
  });
});
