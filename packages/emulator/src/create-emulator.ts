import { createMemoryNonceStore, createVerifier, DEFAULT_TIMESTAMP_WINDOW_SECONDS, type NonceStore } from '@paysign/oauth-core';
import { declaredTooLarge, matchOperationPath } from '@paysign/protocol';
import { Hono } from 'hono';
import { EmulatorError } from './errors.js';
import { lineLog, type EmulatorLog, type OperationName } from './log.js';
import type { MerchantAccount } from './merchants/merchant-account.js';
import { createMerchantRegistry, type MerchantRegistry } from './merchants/merchant-registry.js';
import { createPaymentOwners, type PaymentOwners } from './merchants/payment-owners.js';
import type { OperationContext, ReplyPairs } from './operations/context.js';
import { panEligibilitySend } from './operations/pan-eligibility.js';
import { transfer } from './operations/transfer.js';
import { updateRecurringPayments } from './operations/update-recurring-payments.js';
import { emptyReply, forbidden, GATEWAY_HEADERS } from './reply/headers.js';
import { gatewayReply } from './reply/gateway-reply.js';
import { replyFormatFor } from '@paysign/protocol';
import { countFormParameters } from './request/count-parameters.js';
import { formMediaType } from './request/media-type.js';
import { precheckAuthorization } from './request/pre-check.js';
import { readCappedBody } from './request/read-body.js';
import { addAdminRoutes } from './admin/admin-routes.js';
import { addConsoleRoutes } from './console/console-routes.js';
import { createCsrfToken } from './console/csrf.js';
import { createRequestLog, type RefusalOutcome } from './console/request-log.js';
import type { AdminAccess } from './admin/loopback.js';
import { createCallbackSender, DEFAULT_CALLBACK_ATTEMPTS, DEFAULT_CALLBACK_BACKOFF_MS, DEFAULT_MAX_CALLBACKS_IN_FLIGHT } from './callbacks/callback-sender.js';
import { createClock, dateOf, type EmulatorClock } from './clock/emulator-clock.js';
import { createRecurringEngine, type RecurringEngine } from './recurring/recurring-engine.js';
import { createMemoryProfileStore } from './store/memory-store.js';
import type { EmulatorStateBackend } from './state/emulator-snapshot.js';
import { createPersister } from './state/persister.js';
import { recordingNonceStore } from './state/recording-nonce-store.js';
import { recordingSender } from './state/recording-sender.js';
import { checkStateOptions, restoredProfiles, restoreState, snapshotOf } from './state/state-parts.js';
import type { ProfileFields, ProfileStore } from './store/profile-store.js';

/**
 * How an emulator is set up: its merchants, recurring payments, clock, caps and log. Every option
 * has a default; without merchants, every signed request is refused as from an unknown consumer.
 *
 * @example
 * ```ts
 * import { createEmulator, lineLog, type EmulatorOptions } from '@paysign/emulator';
 *
 * const options: EmulatorOptions = {
 *   merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'], currency: 'EUR' }],
 *   profiles: [{ 'recurring-payment-id': '7701', amount: '10.00', period: 'month', interval: '1' }],
 *   clock: 'virtual',
 *   today: '01.02.2026',
 *   log: lineLog(),
 * };
 * const emulator = createEmulator(options);
 * ```
 */
export interface EmulatorOptions {
  /** The merchants the emulator knows; more can be added with `emulator.merchants.add()`. */
  merchants?: readonly MerchantAccount[];
  /** Recurring payments: a store, or profiles for a new in-memory store. Default: empty. */
  profiles?: ProfileStore | readonly ProfileFields[];
  /** The path prefix before `/api/...`. Default `/payment`, as every example of the spec. */
  pathPrefix?: string;
  /** Largest accepted distance between `oauth_timestamp` and the emulator's clock, in seconds. Default 300. */
  timestampWindowSeconds?: number;
  /**
   * The emulator's clock in Unix seconds; injectable for tests. Default: whole seconds of
   * `Date.now()`. The timestamp pre-check, the verifier and the default nonce store all read it.
   */
  now?: () => number;
  /**
   * Where used nonces are remembered. Default: oauth-core's in-memory store on the emulator's
   * clock, bounded in all (2,000,000) and per merchant (1,000,000, ~3,300 requests/s sustained
   * over the timestamp window), so each signed request is accepted once per emulator.
   */
  nonceStore?: NonceStore;
  /** Largest request body, in bytes; a longer one is answered 413 before more is read. Default 1 MiB (1,048,576). */
  maxBodyBytes?: number;
  /** Most form parameters in a request's query and body together; more are answered 400 before the signature is checked. Default 128. */
  maxParameters?: number;
  /**
   * The origin clients sign (`https://sandbox.example`) when a proxy sits in front of the
   * emulator; by default the URL of the request as it arrives is verified.
   */
  publicOrigin?: string;
  /** Receives why requests were refused and what was accepted. Default: one line each on `console.error`. */
  log?: EmulatorLog;
  /**
   * The calendar recurring payments are charged on: `system` (default: days pass for real, UTC)
   * or `virtual` (days pass only through `POST /emulator/clock` or `emulator.recurring.runThrough`).
   */
  clock?: 'system' | 'virtual';
  /** The virtual clock's first day, `DD.MM.YYYY`; default the system's today. */
  today?: string;
  /** Card numbers whose charges are declined; every other charge is approved. */
  declineCards?: readonly string[];
  /** Seed of the random amounts (rule 2): the same seed, id and index give the same amount. Default: random. */
  seed?: number;
  /** Attempts per callback before it is given up. Default 30 (the reference's "up to 30 times"). */
  callbackAttempts?: number;
  /** Delay before the first retry, doubled for each next one (at most 12 h). Default 60,000 ms. */
  callbackBackoffMs?: number;
  /**
   * Most callback attempts open at once; the others wait their turn (first come, first served).
   * Default 8 (`DEFAULT_MAX_CALLBACKS_IN_FLIGHT`). Callbacks go to any host and port the payment names.
   */
  maxCallbacksInFlight?: number;
  /**
   * Where the state survives a restart (`openStateDirectory` of `@paysign/emulator/node`, behind
   * `paysign emulator --state DIR`): restored at creation, saved after every request that may
   * change it, before it is answered. A restored state brings its own payments, clock and seed:
   * `profiles` and `today` are refused with it. Default: memory only.
   */
  state?: EmulatorStateBackend;
  /** Who may call the unsigned admin API under `/emulator/`: `loopback` (default), `any`, or `off`. */
  adminApi?: AdminAccess;
}

/**
 * The gateway, locally: a WinterCG fetch handler plus its merchants and recurring payments.
 *
 * @example
 * ```ts
 * import { createEmulator, type Emulator } from '@paysign/emulator';
 *
 * const emulator: Emulator = createEmulator({ merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'] }] });
 * Deno.serve((request: Request, info: unknown) => emulator.fetch(request, info)); // or export default emulator on workerd
 * ```
 */
export interface Emulator {
  /**
   * Answers one HTTP request as the gateway would. Works on Node, Deno, Bun, workerd and edge
   * runtimes. `env` is what the host passes (its remote address gates the admin API); called
   * in-process without it, the caller counts as local.
   */
  fetch(request: Request, env?: unknown): Promise<Response>;
  readonly merchants: MerchantRegistry;
  readonly profiles: ProfileStore;
  /** Who owns which recurring payment (login and endpoint); another merchant's payment is answered as an unknown id. */
  readonly owners: PaymentOwners;
  /** The path prefix in use (`/payment` by default). */
  readonly pathPrefix: string;
  /** The calendar recurring payments are charged on. */
  readonly clock: EmulatorClock;
  /** Charges, states and callbacks of the recurring payments. */
  readonly recurring: RecurringEngine;
  /** Cancels waiting callback retries (the server's `close()` calls it). */
  stop(): void;
  /**
   * With the `state` option: resolves once the state is restored and saved as it is now (call it
   * before announcing the emulator, and before stopping it, so that callback progress is kept too).
   * Without it: resolves at once.
   */
  persist(): Promise<void>;
}

const PREFIX = /^(?:\/[A-Za-z0-9._~-]+)*$/;

// The console's and the admin API's own paths: not in the request log.
const ownPath = (path: string): boolean => path === '/' || path === '/debugger' || path.startsWith('/console/') || /(?:^|\/)emulator(?:\/|$)/.test(path);

/**
 * The default body cap: 1 MiB, far above the gateway's largest request (a 65K `order_desc`, or one CSV payload).
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_BODY_BYTES } from '@paysign/emulator';
 *
 * // Large bulk payloads in a load test: four times the default cap.
 * const emulator = createEmulator({ merchants, maxBodyBytes: 4 * DEFAULT_MAX_BODY_BYTES });
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES: number = 1024 * 1024;
/**
 * The default parameter cap: the largest operation (transfer) has fewer than 20 parameters with the OAuth ones.
 *
 * @example
 * ```ts
 * import { createEmulator, DEFAULT_MAX_PARAMETERS } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants, maxParameters: DEFAULT_MAX_PARAMETERS / 2 });
 * ```
 */
export const DEFAULT_MAX_PARAMETERS = 128;

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new EmulatorError('INVALID_OPTIONS', `${name} must be a positive integer`);
  return value;
}

function isStore(value: EmulatorOptions['profiles']): value is ProfileStore {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as ProfileStore).update === 'function';
}

/**
 * Creates the emulator: every POST to an operation path is verified with oauth-core's verifier
 * (HMAC-SHA1 or RSA-SHA256, timestamp window, nonce replay) and refused with an empty 403 like
 * the gateway's when anything is wrong, the reason going to the log only. Accepted requests are
 * validated with the gateway package's rules and answered in the gateway's form encoding, or
 * its JSON variant when `Accept` asks for `application/vnd.pay+json`.
 *
 * @throws {EmulatorError} `INVALID_OPTIONS` or `INVALID_MERCHANT` for unusable options.
 * @example
 * ```ts
 * const emulator = createEmulator({
 *   merchants: [{ login: 'merchant', controlKey: 'control-key', endpointIds: ['1234'], currency: 'EUR' }],
 *   profiles: [{ 'recurring-payment-id': 'rp-1', 'credit-card-number': '4111111111111111', currency: 'EUR' }],
 * });
 * const response = await emulator.fetch(new Request('http://127.0.0.1/payment/api/v2/pan-eligibility/send/1234', { method: 'POST' }));
 * response.status; // 403: not signed
 * ```
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const pathPrefix = (options.pathPrefix ?? '/payment').replace(/\/+$/, '');
  if (!PREFIX.test(pathPrefix)) throw new EmulatorError('INVALID_OPTIONS', 'pathPrefix must be empty or /segment[/segment...] of unreserved characters');
  let publicOrigin: string | undefined;
  if (options.publicOrigin !== undefined) {
    try {
      publicOrigin = new URL(options.publicOrigin).origin;
    } catch {
      throw new EmulatorError('INVALID_OPTIONS', 'publicOrigin must be an absolute URL such as https://sandbox.example');
    }
  }
  const saved = options.state?.initial;
  // A restored state brings its own payments (with their revisions), clock and seed.
  if (saved !== undefined) checkStateOptions(saved, { profiles: options.profiles, today: options.today, seed: options.seed, clock: options.clock ?? 'system' });
  if (saved !== undefined) options = { ...options, profiles: restoredProfiles(saved) };
  const merchants = createMerchantRegistry(options.merchants);
  const profiles = isStore(options.profiles) ? options.profiles : createMemoryProfileStore(options.profiles ?? []);
  const log = options.log ?? lineLog();
  const maxBodyBytes = positiveInteger(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes');
  const maxParameters = positiveInteger(options.maxParameters, DEFAULT_MAX_PARAMETERS, 'maxParameters');
  const window = options.timestampWindowSeconds ?? DEFAULT_TIMESTAMP_WINDOW_SECONDS;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const nonces = recordingNonceStore(options.nonceStore ?? createMemoryNonceStore({ now, maxEntries: 2_000_000, maxEntriesPerScope: 1_000_000 }), now);
  const verifier = createVerifier({
    lookup: (login) => merchants.get(login)?.consumer,
    timestampWindowSeconds: window,
    now,
    // One clock for the window check and the store (recorded for --state). Bounded in all and per
    // merchant, sized for load tests (issue #23 item 3): oauth-core's default (10,000 per merchant)
    // refused a merchant's requests past ~33/s sustained over the 300 s window; 1,000,000 per
    // merchant allows ~3,300/s.
    nonceStore: nonces.store,
  });
  let paynetOrderIds = saved?.orderIds ?? 0;
  const seed = saved?.seed ?? options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const clock = createClock(options.clock ?? 'system', saved?.clock.mode === 'virtual' ? dateOf(saved.clock.today) : options.today);
  const sender = recordingSender(
    createCallbackSender({
      attempts: positiveInteger(options.callbackAttempts, DEFAULT_CALLBACK_ATTEMPTS, 'callbackAttempts'),
      backoffMs: positiveInteger(options.callbackBackoffMs, DEFAULT_CALLBACK_BACKOFF_MS, 'callbackBackoffMs'),
      maxInFlight: positiveInteger(options.maxCallbacksInFlight, DEFAULT_MAX_CALLBACKS_IN_FLIGHT, 'maxCallbacksInFlight'),
      log,
    }),
  );
  const owners = createPaymentOwners();
  const recurring = createRecurringEngine({
    profiles,
    clock,
    log,
    sender,
    declineCards: new Set(options.declineCards ?? []),
    seed,
    nextOrderId: () => String(++paynetOrderIds),
    controlKeyFor: (id) => {
      const owner = owners.get(id);
      // An owned payment is signed with its owner's key or not at all (an RSA-only owner has none),
      // never with another merchant's.
      if (owner !== undefined) return merchants.get(owner.login)?.account.controlKey;
      // A payment no merchant owns yet: signed by the only merchant with a control key, if there is one.
      // Read from the registry at the time of the callback, so merchants added later count too.
      const controlKeys = merchants.list().flatMap((merchant) => (merchant.account.controlKey === undefined ? [] : [merchant.account.controlKey]));
      return controlKeys.length === 1 ? controlKeys[0] : undefined;
    },
  });
  let lastRunDay: number | undefined;
  // --state: put the saved state back before the first request, then save after every change.
  const parts = { profiles, owners, clock, recurring, sender, nonces, seed, orderIds: () => paynetOrderIds };
  const ready = saved === undefined ? Promise.resolve() : restoreState(parts, saved);
  const backend = options.state;
  const persister = backend === undefined ? undefined : createPersister(async () => backend.save(await snapshotOf(parts)));
  // Callback attempts change the state without a request: saved within a second.
  const saveTimer = persister === undefined ? undefined : setInterval(() => void persister.persist().catch(() => {}), 1000);
  if (typeof saveTimer === 'object' && saveTimer !== null && 'unref' in saveTimer) saveTimer.unref();
  const adminApi = options.adminApi ?? 'loopback';
  if (adminApi !== 'loopback' && adminApi !== 'any' && adminApi !== 'off')
    throw new EmulatorError('INVALID_OPTIONS', 'adminApi must be "loopback", "any" or "off"');

  async function authenticated(
    request: Request,
    operation: OperationName,
    endpointId: string,
    handle: (context: OperationContext) => Promise<ReplyPairs> | ReplyPairs,
  ): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const refuse = (status: 400 | 413 | 415, reason: 'too_many_parameters' | 'body_too_large' | 'unsupported_media_type', message: string): Response => {
      outcomes.set(request, { reason, message });
      log({ kind: 'refused', status, method: request.method, path, reason, message });
      return emptyReply(status, { close: status === 413 });
    };
    // Cheapest first: headers only, then the body with a running count, then a count of its
    // parameters, and only then the verifier's parsing, base string and signature.
    const mediaType = formMediaType(request.headers.get('content-type'));
    if (mediaType === 'unsupported')
      return refuse(415, 'unsupported_media_type', 'Content-Type must be application/x-www-form-urlencoded, with charset utf-8 if any');
    if (declaredTooLarge(request, maxBodyBytes)) return refuse(413, 'body_too_large', `Content-Length is over the ${maxBodyBytes}-byte cap`);
    const precheck = precheckAuthorization(request.headers.get('authorization'), {
      isKnown: (login) => merchants.get(login) !== undefined,
      now: now(),
      windowSeconds: window,
    });
    if (!precheck.ok) {
      outcomes.set(request, { reason: precheck.reason, message: precheck.message });
      log({ kind: 'refused', method: request.method, path, reason: precheck.reason, message: precheck.message });
      return forbidden();
    }
    const read = await readCappedBody(request, maxBodyBytes);
    if ('tooLarge' in read) return refuse(413, 'body_too_large', `the body is over the ${maxBodyBytes}-byte cap`);
    readBodies.set(request, read.text);
    if (mediaType === 'absent' && read.text !== '') return refuse(415, 'unsupported_media_type', 'a body was sent without a Content-Type');
    if (countFormParameters([url.search.slice(1), read.text], maxParameters) > maxParameters) {
      return refuse(400, 'too_many_parameters', `the request has more than ${maxParameters} parameters`);
    }
    const body = mediaType === 'form' ? read.text : null;
    const result = await verifier.verify({
      method: request.method,
      url: publicOrigin === undefined ? url : `${publicOrigin}${path}${url.search}`,
      authorization: request.headers.get('authorization'),
      body,
    });
    if (!result.ok) {
      outcomes.set(request, { reason: result.reason, message: result.message });
      log({ kind: 'refused', method: request.method, path, reason: result.reason, message: result.message });
      return forbidden();
    }
    const merchant = merchants.get(result.consumerKey);
    if (!merchant?.account.endpointIds.includes(endpointId)) {
      outcomes.set(request, { reason: 'endpoint_not_assigned', message: `endpoint ${endpointId} is not assigned to merchant ${result.consumerKey}` });
      log({
        kind: 'refused',
        method: request.method,
        path,
        reason: 'endpoint_not_assigned',
        message: `endpoint ${endpointId} is not assigned to merchant ${result.consumerKey}`,
      });
      return forbidden();
    }
    const serialNumber = crypto.randomUUID();
    const pairs = await handle({ params: result.params, merchant, endpointId, serialNumber, profiles, owners, log });
    const type = pairs.find(([name]) => name === 'type')?.[1] ?? '';
    const status = pairs.find(([name]) => name === 'status')?.[1];
    const detail = pairs.find(([name]) => name === 'error-message')?.[1];
    log({
      kind: 'accepted',
      operation,
      path,
      login: result.consumerKey,
      serialNumber,
      outcome: status === undefined ? type : `${type}/${status}`,
      ...(detail !== undefined && { detail }),
    });
    return gatewayReply(pairs, replyFormatFor(request.headers.get('accept')));
  }

  // One handler per operation of @paysign/protocol's table; the paths are the table's too.
  const operations: Record<OperationName, (context: OperationContext) => Promise<ReplyPairs> | ReplyPairs> = {
    'update-recurring-payments': async (context) => {
      const reply = await updateRecurringPayments(context);
      // An update changes what later charges do; one due today under the new schedule is made now.
      await recurring.runThrough();
      return reply;
    },
    'pan-eligibility/send': (context) => panEligibilitySend(context, String(++paynetOrderIds)),
    transfer: (context) => transfer(context, String(++paynetOrderIds)),
  };

  const app = new Hono();
  const manualStops = new Set<string>();
  addAdminRoutes(app, { access: adminApi, pathPrefix, clock, profiles, owners, merchants, recurring, maxBodyBytes, publicOrigin, manualStops });
  // The console (GET /) and the signature debugger (GET /debugger): guarded like the admin API.
  // Why each request was refused, for the request log: set where the emulator refuses it.
  const outcomes = new WeakMap<Request, RefusalOutcome>();
  // The body as read, for the request inspector (masked there).
  const readBodies = new WeakMap<Request, string>();
  const requests = createRequestLog({ merchants, publicOrigin, pathPrefix, now, timestampWindowSeconds: window });
  addConsoleRoutes(app, {
    access: adminApi,
    publicOrigin,
    clock,
    profiles,
    owners,
    merchants,
    recurring,
    requests,
    manualStops,
    csrf: createCsrfToken(),
    admin: (method, path, body) =>
      Promise.resolve(
        app.fetch(
          new Request(`http://127.0.0.1${path}`, {
            method,
            ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
          }),
        ),
      ),
  });
  app.post('*', (c) => {
    const matched = matchOperationPath(new URL(c.req.url).pathname, pathPrefix);
    if (matched === undefined) return unknownRoute(c.req.raw);
    return authenticated(c.req.raw, matched.operation, matched.endpointId, operations[matched.operation]);
  });
  app.notFound((c) => unknownRoute(c.req.raw));

  // A path that is none of the operations: logged with the path (so a wrong base URL shows in the
  // log), answered 404 with the gateway's headers and nothing else.
  function unknownRoute(request: Request): Response {
    const path = new URL(request.url).pathname;
    outcomes.set(request, { reason: 'unknown_route', message: `no operation at ${path}: check the base URL and the path (${pathPrefix}/api/v2/...)` });
    log({ kind: 'refused', status: 404, method: request.method, path, reason: 'unknown_route', message: `no operation at ${path}` });
    return new Response(null, { status: 404, headers: { ...GATEWAY_HEADERS, 'Content-Length': '0' } });
  }
  app.onError((error) => {
    // Only the class and code: an unexpected error's message could quote request data.
    log({
      kind: 'refused',
      status: 500,
      method: '-',
      path: '-',
      reason: 'internal_error',
      message: `internal error ${error.name}${'code' in error ? ` ${String(error.code)}` : ''}`,
    });
    return new Response(null, { status: 500, headers: { ...GATEWAY_HEADERS, 'Content-Length': '0' } });
  });

  return {
    fetch: async (request, env) => {
      await ready;
      const response = await answer(request, env);
      if (persister === undefined || request.method === 'GET' || request.method === 'HEAD') return response;
      try {
        await persister.persist();
      } catch (error) {
        // Not saved, so not acknowledged: the client sees a failure, never a lost success.
        log({
          kind: 'refused',
          status: 500,
          method: request.method,
          path: '-',
          reason: 'internal_error',
          message: `state not saved (${(error as { code?: string }).code ?? (error as Error).name})`,
        });
        return new Response(null, { status: 500, headers: { ...GATEWAY_HEADERS, 'Content-Length': '0' } });
      }
      return response;
    },
    merchants,
    profiles,
    owners,
    pathPrefix,
    clock,
    recurring,
    persist: async () => {
      await ready;
      await persister?.persist();
    },
    stop: () => {
      if (saveTimer !== undefined) clearInterval(saveTimer);
      sender.stop();
    },
  };

  async function answer(request: Request, env: unknown): Promise<Response> {
    // On the system clock days pass by themselves: what fell due is charged before answering.
    // Once per day at most, so unauthenticated requests cannot make the emulator walk its store.
    if (clock.mode === 'system' && clock.today() !== lastRunDay) {
      lastRunDay = clock.today();
      await recurring.runThrough(lastRunDay);
    }
    const response = await app.fetch(request, env);
    // The console's request log: every request but the console's and the admin API's own.
    if (!ownPath(new URL(request.url).pathname)) {
      // The gateway's replies are short form or JSON texts; an empty 403/404 has no body at all.
      const reply = response.body === null ? '' : await response.clone().text();
      requests.record(
        { method: request.method, url: request.url, headers: request.headers, body: readBodies.get(request) },
        { status: response.status, body: reply },
        outcomes.get(request),
      );
    }
    return response;
  }
}
