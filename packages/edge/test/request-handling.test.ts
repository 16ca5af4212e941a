// The proxy's handling of one request, step by step: the exact refusal of each step (bodies a
// caller reads), caller authentication at its edges
// (bearer tokens with text around them, signatures with a digit more, one way configured), the
// gateway-rule checks of update-recurring-payments, upstream fetches that fail or answer with
// something that is no HTTP reply, and the reply headers passed back.
import { describe, expect, it, vi } from 'vitest';
import { signCallerRequest, validateOperation } from '@paysign/edge';
import { CALLER_HMAC_SECRET, CALLER_TOKEN, callerRequest, errorOf, harness, PAN_PATH, PROXY, TRANSFER_PATH, UPDATE_PATH } from './helpers.js';

const panParams = { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' };
const panBody = new URLSearchParams(panParams).toString();
const NOW = 1_750_000_000;
const ok = async () => new Response('type=async-response\n&status=processing\n');

async function refusal(response: Response) {
  return { status: response.status, ...(await errorOf(response)) };
}

describe('each refusal says what is wrong', () => {
  it('405, 413, 415, 400 and 404 with their messages', async () => {
    const { proxy } = harness({ maxBodyBytes: 64 }, ok);
    expect(
      await refusal(await proxy.fetch(new Request(`${PROXY}${PAN_PATH}`, { method: 'GET', headers: { Authorization: `Bearer ${CALLER_TOKEN}` } }))),
    ).toEqual({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: "the gateway's operations are POST only",
    });
    expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, 'x'.repeat(65))))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'the body is larger than 64 bytes',
    });
    expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, panBody, { 'Content-Type': 'application/json' })))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'the body must be application/x-www-form-urlencoded, as the gateway takes it',
    });
    expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, 'a=%zz')))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
      message: 'the form body or query has a malformed percent escape or is not UTF-8',
    });
    expect(await refusal(await proxy.fetch(callerRequest('/payment/api/v9/nothing/1', panBody)))).toEqual({
      status: 404,
      code: 'UNKNOWN_OPERATION',
      message: 'no gateway operation has the path /payment/api/v9/nothing/1',
    });
  });

  it('400 for query parameters other than oauth_*, naming each, and 422 naming the operation', async () => {
    const { proxy, upstream } = harness({}, ok);
    const query = await proxy.fetch(callerRequest(`${PAN_PATH}?amount=1`, panBody));
    expect(await errorOf(query)).toEqual({
      code: 'VALIDATION_FAILED',
      message: "the gateway's operations take no query parameters: send them in the form body",
      issues: [{ field: 'amount', rule: 'query-parameter', message: 'amount must be sent in the form body, not the query' }],
    });
    const rules = await proxy.fetch(callerRequest(TRANSFER_PATH, { amount: '1.00' }));
    expect(rules.status).toBe(422);
    expect((await errorOf(rules)).message).toBe('the request breaks the gateway spec for transfer');
    expect(upstream).toHaveLength(0);
  });

  it('an empty body is not checked for its media type: the gateway rules name what is missing', async () => {
    const { proxy } = harness({}, ok);
    const response = await proxy.fetch(callerRequest(PAN_PATH, '', { 'Content-Type': 'text/plain' }));
    expect(response.status).toBe(422);
    expect((await errorOf(response)).issues?.map((issue) => issue.field)).toEqual(['client-order-id', 'sending-card-ref-id']);
  });

  it('a form media type with whitespace before its parameters is a form', async () => {
    const { proxy } = harness({}, ok);
    const response = await proxy.fetch(callerRequest(PAN_PATH, panBody, { 'Content-Type': 'Application/X-WWW-Form-Urlencoded ; charset=utf-8' }));
    expect(response.status).toBe(200);
  });
});

describe('bearer tokens at their edges', () => {
  it('a token with text before or after it is no token: refused as missing credentials', async () => {
    const { proxy, upstream } = harness({}, ok);
    for (const authorization of [`Bearer ${CALLER_TOKEN} x`, `xBearer ${CALLER_TOKEN}`, `Basic x, Bearer ${CALLER_TOKEN}`]) {
      const response = await proxy.fetch(callerRequest(PAN_PATH, panParams, { Authorization: authorization }));
      expect(await refusal(response)).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: 'authentication required: send Authorization: Bearer <token> or Paysign-Timestamp and Paysign-Signature headers',
      });
    }
    expect(upstream).toHaveLength(0);
  });

  it('a well-formed wrong token is refused as not accepted', async () => {
    const { proxy } = harness({}, ok);
    expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, panParams, { Authorization: 'Bearer not-the-token' })))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'the bearer token is not accepted',
    });
  });

  it('with bearer tokens only, the challenge and the message name that way alone', async () => {
    const { proxy } = harness({ callers: { bearerTokens: [CALLER_TOKEN] } }, ok);
    const response = await proxy.fetch(new Request(`${PROXY}${PAN_PATH}`, { method: 'POST', body: new URLSearchParams(panParams) }));
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="paysign-edge"');
    expect((await errorOf(response)).message).toBe('authentication required: send Authorization: Bearer <token>');
  });

  it('with signed requests only, a bearer token is not looked at, and the challenge names signatures alone', async () => {
    const { proxy, upstream } = harness({ callers: { hmacSecrets: [CALLER_HMAC_SECRET] } }, ok);
    for (const headers of [{ Authorization: `Bearer ${CALLER_TOKEN}` }, { Authorization: '' }]) {
      const response = await proxy.fetch(callerRequest(PAN_PATH, panParams, headers));
      expect(response.headers.get('www-authenticate')).toBe('Paysign-HMAC-SHA256');
      expect(await refusal(response)).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: 'authentication required: send Paysign-Timestamp and Paysign-Signature headers',
      });
    }
    expect(upstream).toHaveLength(0);
  });
});

describe('signed callers at their edges', () => {
  const url = `${PROXY}${PAN_PATH}`;
  const signed = (headers: Record<string, string>, body: BodyInit | null = panBody) =>
    new Request(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body });

  it('a signature with a hex digit more, before or after, is malformed, not a new nonce for the same request', async () => {
    const { proxy, upstream } = harness({ now: () => NOW }, ok);
    const headers = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body: panBody, timestamp: NOW });
    for (const signature of [`${headers['Paysign-Signature']}0`, `0${headers['Paysign-Signature']}`]) {
      expect(await refusal(await proxy.fetch(signed({ ...headers, 'Paysign-Signature': signature })))).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: 'Paysign-Signature must be 64 hex digits (HMAC-SHA256)',
      });
    }
    expect((await proxy.fetch(signed(headers))).status).toBe(200);
    expect(upstream).toHaveLength(1);
  });

  it('signCallerRequest signs a missing body as empty, and a byte body as its bytes', async () => {
    const { proxy } = harness({ now: () => NOW }, ok);
    const empty = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, timestamp: NOW });
    // Accepted as signed (then refused by the gateway rules for what the empty body lacks).
    expect((await proxy.fetch(signed(empty, null))).status).toBe(422);
    const bytes = new TextEncoder().encode(panBody);
    const fromBytes = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body: bytes, timestamp: NOW });
    expect(fromBytes).toEqual(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body: panBody, timestamp: NOW }));
    expect((await proxy.fetch(signed(fromBytes))).status).toBe(200);
  });

  it('a full replay store refuses with its own message', async () => {
    const nonceStore = { remember: () => 'full' as const };
    const { proxy, upstream } = harness({ now: () => NOW, callers: { hmacSecrets: [CALLER_HMAC_SECRET], nonceStore } }, ok);
    const headers = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body: panBody, timestamp: NOW });
    expect(await refusal(await proxy.fetch(signed(headers)))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'too many signed requests in the window; retry shortly',
    });
    expect(upstream).toHaveLength(0);
  });
});

describe('update-recurring-payments: the payload parameter alone, present, decodable, with rows', () => {
  const payload = (csv: string) => Buffer.from(csv, 'utf8').toString('base64');
  const header = 'client-orderid;recurring-payment-id;amount\r\n';

  it('names a repeated payload, other parameters, an empty payload and a CSV without rows', async () => {
    const { proxy, upstream } = harness({}, ok);
    const issues = async (body: string) => (await errorOf(await proxy.fetch(callerRequest(UPDATE_PATH, body)))).issues;
    const p = encodeURIComponent(payload(`${header}o-1;7701;9.99\r\n`));
    // (The row itself breaks rules too: only the issues about the parameters are looked at here.)
    const about = (list: { rule: string }[] | undefined, rule: string) => list?.filter((issue) => issue.rule === rule);
    expect(about(await issues(`payload=${p}&payload=${p}&payload=${p}`), 'repeated')).toEqual([
      { field: 'payload', rule: 'repeated', message: 'payload: is given more than once; the gateway reads each field once' },
    ]);
    expect(about(await issues(`payload=${p}&amount=1`), 'unknown-field')).toEqual([
      { field: 'amount', rule: 'unknown-field', message: 'amount: is not a parameter of update-recurring-payments: the fields travel inside payload' },
    ]);
    expect(await issues('payload=')).toEqual([
      { field: 'payload', rule: 'required', message: 'payload: is required: the Base64 of the CSV document of recurring payments' },
    ]);
    expect(await issues(`payload=${encodeURIComponent(payload(header))}`)).toEqual([
      { field: 'payload', rule: 'required', message: 'payload: holds no recurring payment: the CSV has a header row only' },
    ]);
    expect(upstream).toHaveLength(0);
  });

  it('each repeated field is named once, however often it comes', () => {
    const issues = validateOperation('transfer', [
      ['amount', '1.00'],
      ['amount', '1.00'],
      ['currency', 'EUR'],
      ['currency', 'EUR'],
      ['currency', 'EUR'],
    ]).filter((issue) => issue.rule === 'repeated');
    expect(issues.map((issue) => issue.field)).toEqual(['amount', 'currency']);
  });

  it('validateOperation reports a row number only for rows of a payload', () => {
    const issues = validateOperation('transfer', [['amount', 'x']]);
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(Object.hasOwn(issue, 'row')).toBe(false);
  });
});

describe('upstream failures and what is no HTTP reply', () => {
  it('an AbortError from the platform fetch is a timeout, with the time in the message', async () => {
    const { proxy } = harness({ timeoutMs: 1234 }, async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, panParams)))).toEqual({
      status: 504,
      code: 'UPSTREAM_TIMEOUT',
      message: 'the gateway did not reply within 1234 ms; the request may have reached it, so check its outcome before retrying',
    });
  });

  it('a fetch that rejects with no error object is unreachable', async () => {
    for (const reason of [null, 'down', 42]) {
      const { proxy } = harness({}, () => Promise.reject(reason));
      expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, panParams)))).toMatchObject({ status: 502, code: 'UPSTREAM_UNREACHABLE' });
    }
  });

  it('a fetch that resolves with something that is no HTTP reply is refused 502, saying the request may have arrived', async () => {
    const headers = new Headers();
    const notReplies = [
      undefined,
      null,
      'type=async-response',
      { headers, body: null },
      { status: '200', headers, body: null },
      { status: 200, body: null },
      { status: 200, headers: {}, body: null },
      { status: 200, headers },
    ];
    for (const value of notReplies) {
      const { proxy } = harness({}, async () => value as unknown as Response);
      expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, panParams)))).toEqual({
        status: 502,
        code: 'UPSTREAM_UNREACHABLE',
        message: 'the upstream fetch gave no HTTP reply; the request may have reached the gateway, so check its outcome before retrying',
      });
    }
  });

  it('sends Accept: */* upstream', async () => {
    const { proxy, upstream } = harness({}, ok);
    await proxy.fetch(callerRequest(PAN_PATH, panParams, { Accept: 'text/html' }));
    expect(upstream[0]?.headers.get('accept')).toBe('*/*');
  });

  it('a reply that cannot be rebuilt is passed on as it came', async () => {
    const foreign = { status: 200, statusText: 'OK', body: null, headers: { forEach: () => undefined } };
    const { proxy } = harness({}, async () => foreign as unknown as Response);
    expect(await proxy.fetch(callerRequest(PAN_PATH, panParams))).toBe(foreign);
  });
});

describe('the signer failing for another reason than its options', () => {
  it('is answered 500 PROXY_MISCONFIGURED without repeating the error, whatever was thrown', async () => {
    for (const thrown of [Object.assign(new Error('internal detail'), { code: 'ERR_INTERNAL' }), new TypeError('internal detail'), null, 'internal detail']) {
      const spy = vi.spyOn(crypto.subtle, 'sign').mockImplementation(() => Promise.reject(thrown));
      try {
        const { proxy, upstream } = harness({}, ok);
        expect(await refusal(await proxy.fetch(callerRequest(PAN_PATH, panParams)))).toEqual({
          status: 500,
          code: 'PROXY_MISCONFIGURED',
          message: 'the proxy cannot sign with its merchant credentials (the signer failed)',
        });
        expect(upstream).toHaveLength(0);
      } finally {
        spy.mockRestore();
      }
    }
  });
});

describe('reply headers passed back', () => {
  const reply = (headers: Record<string, string>) => async () => new Response('type=async-response\n', { status: 200, headers });

  it('drops every hop-by-hop header, named by Connection or not', async () => {
    const hop = { 'Keep-Alive': 'timeout=5', 'Proxy-Connection': 'close', TE: 'trailers', Trailer: 'X-Sum', 'Transfer-Encoding': 'chunked', Upgrade: 'h2c' };
    const { proxy } = harness({}, reply({ ...hop, 'X-Kept': '1' }));
    const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    for (const name of Object.keys(hop)) expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('x-kept')).toBe('1');
  });

  it('keeps Content-Length of an identity reply (any case, or none said), drops it with Content-Encoding of a decoded one', async () => {
    for (const encoding of [undefined, 'identity', 'Identity']) {
      const { proxy } = harness({}, reply({ 'Content-Length': '20', ...(encoding && { 'Content-Encoding': encoding }) }));
      const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
      expect(response.headers.get('content-length'), String(encoding)).toBe('20');
    }
    const { proxy } = harness({}, reply({ 'Content-Length': '20', 'Content-Encoding': 'gzip', 'X-Kept': '1' }));
    const decoded = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(decoded.headers.get('content-length')).toBeNull();
    expect(decoded.headers.get('content-encoding')).toBeNull();
    expect(decoded.headers.get('x-kept')).toBe('1');
  });
});
