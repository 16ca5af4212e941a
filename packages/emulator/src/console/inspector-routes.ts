import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { readCappedBody } from '../request/read-body.js';
import type { RequestLog } from './request-log.js';

// The request inspector's routes under /emulator/ (guarded by the admin API's checks, registered
// first): the kept requests as JSON, their live updates, a check of one and a diagnosis.

/** The `oauth_signature` a request carries, in its header or its body. */
function signatureOf(authorization: string | null, body: string): string | undefined {
  try {
    if (authorization !== null) return parseAuthorizationHeader(authorization).params.oauth_signature;
    return parseFormPairs(body).find(([name]) => name === 'oauth_signature')?.[1];
  } catch {
    return undefined;
  }
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function addListing(app: Hono, requests: RequestLog): void {
  // The request inspector as JSON (guarded by the admin API's /emulator/* checks, registered first).
  app.get('/emulator/requests', (c) => {
    const limit = c.req.query('limit');
    const before = c.req.query('before');
    const refused = c.req.query('refused');
    const bad = [
      limit !== undefined && !(/^[1-9][0-9]{0,2}$/.test(limit) && Number(limit) <= 500) ? 'limit: a whole number 1-500' : '',
      before !== undefined && !/^[1-9][0-9]{0,15}$/.test(before) ? 'before: a request id' : '',
      refused !== undefined && refused !== '1' && refused !== '0' ? 'refused: 1 or 0' : '',
    ].filter((problem) => problem !== '');
    if (bad.length > 0) return Response.json({ error: 'bad query', issues: bad }, { status: 400, headers: NO_STORE });
    const operation = c.req.query('operation');
    const login = c.req.query('login');
    const order = c.req.query('order');
    const listed = requests.list({
      ...(refused !== undefined && { refused: refused === '1' }),
      ...(operation !== undefined && { operation }),
      ...(login !== undefined && { login }),
      ...(order !== undefined && { order }),
      ...(before !== undefined && { before: Number(before) }),
      limit: Math.min(Number(limit ?? 50), 500),
    });
    return Response.json(listed, { headers: NO_STORE });
  });
  // The debugger opened from the inspector: a kept request checked again, as received, with the
  // keys the emulator holds (an RSA request's masked body could never verify in the page). The
  // answer is masked; the request's bytes stay here.
  app.post('/emulator/requests/:id/check', async (c) => {
    const id = c.req.param('id');
    if (!/^[1-9][0-9]{0,15}$/.test(id)) return Response.json({ error: 'id: a request id' }, { status: 400, headers: NO_STORE });
    const checked = await requests.check(Number(id));
    if (checked === undefined)
      return Response.json({ error: 'the emulator no longer keeps this request as received (it keeps the newest)' }, { status: 404, headers: NO_STORE });
    return Response.json(checked, { headers: NO_STORE });
  });
}

function addDiagnosis(app: Hono, requests: RequestLog): void {
  // What the emulator made of a request (a `paysign send` 403, a `--save-request` file): the kept
  // request with the same oauth_signature and its recorded cause, or, when it keeps none, a
  // diagnosis now with what the emulator knows (its merchants and keys). Masked, like the rest.
  app.post('/emulator/diagnose', async (c) => {
    const read = await readCappedBody(c.req.raw, 4 * 1024 * 1024);
    if ('tooLarge' in read) return Response.json({ error: 'the request to diagnose is over 4 MiB' }, { status: 413 });
    let given: { method?: unknown; url?: unknown; headers?: unknown; body?: unknown };
    try {
      given = JSON.parse(read.text) as typeof given;
    } catch {
      return Response.json({ error: 'expected JSON: method, url, headers, body' }, { status: 400 });
    }
    const headers = typeof given?.headers === 'object' && given.headers !== null ? (given.headers as Record<string, unknown>) : {};
    const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    if (
      typeof given?.url !== 'string' ||
      !URL.canParse(given.url) ||
      typeof given.body !== 'string' ||
      (authorization !== undefined && typeof authorization !== 'string')
    )
      return Response.json({ error: 'expected JSON: method, url, headers, body' }, { status: 400 });
    const method = typeof given.method === 'string' ? given.method : 'POST';
    const signature = signatureOf(authorization ?? null, given.body);
    const recorded = signature === undefined ? undefined : await requests.find(signature);
    if (recorded !== undefined) {
      const inBodyOnly = authorization === undefined && signature !== undefined && recorded.causes?.[0]?.code === 'missing_parameter';
      const causes = inBodyOnly
        ? [{ code: 'oauth_in_body_only', message: 'the oauth_* parameters are in the form body only: the gateway reads them from the Authorization header' }]
        : (recorded.causes ?? []);
      return Response.json(
        {
          recorded: true,
          id: recorded.id,
          status: recorded.status,
          causes,
          ...(recorded.expectedBaseString !== undefined && { expectedBaseString: recorded.expectedBaseString }),
        },
        { headers: NO_STORE },
      );
    }
    const fresh = await requests.diagnoseNow({
      method,
      url: given.url,
      authorization: (authorization as string | undefined) ?? null,
      body: given.body,
    });
    return Response.json({ recorded: false, ...fresh }, { headers: NO_STORE });
  });
}

/**
 * The request inspector's routes: `GET /emulator/requests` (filters and paging), `GET
 * /emulator/requests/events` (server-sent events, `hono/streaming`), `POST
 * /emulator/requests/{id}/check` and `POST /emulator/diagnose`. Every answer is masked.
 *
 * @example
 * ```ts
 * addInspectorRoutes(app, requests); // after the admin API's guard
 * ```
 */
export function addInspectorRoutes(app: Hono, requests: RequestLog): void {
  addListing(app, requests);
  addDiagnosis(app, requests);
  // Live updates: each new or newly diagnosed request as a server-sent event (its JSON, masked).
  app.get('/emulator/requests/events', (c) => {
    c.header('X-Content-Type-Options', 'nosniff');
    return streamSSE(c, async (stream) => {
      await stream.write(': paysign emulator requests\n\n');
      const unsubscribe = requests.subscribe((entry) => {
        void stream.writeSSE({ id: String(entry.id), event: 'request', data: JSON.stringify(entry) }).catch(() => unsubscribe());
      });
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        c.req.raw.signal.addEventListener('abort', () => resolve());
      });
      unsubscribe();
    });
  });
}
