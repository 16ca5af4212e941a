import { isPositiveWholeNumber } from '@paysign/protocol';
import { createMemoryNonceStore, createVerifier, DEFAULT_TIMESTAMP_WINDOW_SECONDS } from '@paysign/oauth-core';
import { Hono } from 'hono';
import { AdminActions } from './admin/admin-actions.js';
import { addAdminRoutes } from './admin/admin-routes.js';
import { createCallbackSender, DEFAULT_CALLBACK_ATTEMPTS, DEFAULT_CALLBACK_BACKOFF_MS, DEFAULT_MAX_CALLBACKS_IN_FLIGHT } from './callbacks/callback-sender.js';
import { createClock, dateOf } from './clock/emulator-clock.js';
import { addConsoleRoutes, CONSOLE_PAGES } from './console/console-routes.js';
import { createCsrfToken } from './console/csrf.js';
import { createRequestLog } from './console/request-log.js';
import { EmulatorError } from './errors.js';
import { lineLog } from './log.js';
import { createMerchantRegistry } from './merchants/merchant-registry.js';
import { createPaymentOwners } from './merchants/payment-owners.js';
import { createOperationRunner } from './operations/run-operation.js';
import { createOrderBook } from './orders/order-book.js';
import { createRecurringEngine } from './recurring/recurring-engine.js';
import { createRefusalReplies } from './reply/refusal-reply.js';
import { createRequestChecks } from './request/check-request.js';
import { createGatewayEndpoint, registerGatewayEndpoint, stateNotSaved } from './request/gateway-endpoint.js';
import { fromFetchRequest, toResponse } from './request/gateway-request.js';
import { createSignatureCause } from './request/signature-cause.js';
import { recordingNonceStore } from './state/recording-nonce-store.js';
import { recordingSender } from './state/recording-sender.js';
import { createChangeLog, NO_CHANGES } from './state/change-log.js';
import { createStatePersistence, reportingOwners } from './state/state-changes.js';
import { checkStateOptions, restoredProfiles, restoreState } from './state/state-parts.js';
import { createMemoryProfileStore } from './store/memory-store.js';
import type { ProfileStore } from './store/profile-store.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_PARAMETERS, DEFAULT_OUTCOME_DELAY_MS, type Emulator, type EmulatorOptions } from './emulator-options.js';

const PREFIX = /^(?:\/[A-Za-z0-9._~-]+)*$/;

// The console's and the admin API's own paths: not in the request log.
const ownPath = (path: string): boolean => CONSOLE_PAGES.includes(path) || path.startsWith('/console/') || /(?:^|\/)emulator(?:\/|$)/.test(path);

function positiveInteger(value: number | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined) return fallback;
  if (min === 1 ? !isPositiveWholeNumber(value) : !Number.isSafeInteger(value) || value < min)
    throw new EmulatorError('INVALID_OPTIONS', `${name} must be ${min === 0 ? 'a whole number, 0 or more' : 'a positive integer'}`);
  return value;
}

function isStore(value: EmulatorOptions['profiles']): value is ProfileStore {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as ProfileStore).update === 'function';
}

/**
 * Creates the emulator: wiring only. Every request that is not the console's or the admin API's
 * goes through the request checks (src/request/check-request.ts, in the order listed there:
 * route, media type, size, header, body, charset, parameters, signature and nonce, endpoint) and
 * is refused with an empty reply like the gateway's when one fails, the cause going to the log
 * (and, for a signature, the cause `paysign explain` finds, after the reply). An admitted request
 * goes to its operation, validated with the protocol package's rules and answered in the
 * gateway's form encoding, or its JSON variant when `Accept` asks for `application/vnd.pay+json`.
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
  // --state hook (src/state/state-changes.ts): the nonce store, the callback sender, the owners,
  // the profile store and the recurring engine report what they change to `changes`; after a
  // request that changed something only that is written. Without --state nothing is recorded.
  const changes = createChangeLog();
  const sink = options.state === undefined ? NO_CHANGES : changes;
  if (options.state !== undefined) {
    if (profiles.watch === undefined)
      throw new EmulatorError('INVALID_OPTIONS', 'state needs a profile store that reports its writes (watch), such as createMemoryProfileStore');
    profiles.watch((stored) => {
      for (const profile of stored) sink.payment(profile.id);
    });
  }
  // --state hook end.
  const nonces = recordingNonceStore(options.nonceStore ?? createMemoryNonceStore({ now, maxEntries: 2_000_000, maxEntriesPerScope: 1_000_000 }), sink);
  const verifier = createVerifier({
    lookup: (login) => merchants.get(login)?.consumer,
    timestampWindowSeconds: window,
    now,
    // One clock for the window check and the store (recorded for --state). Bounded in all and per
    // merchant, sized for load tests (issue #23 item 3): oauth-core's default (10,000 per merchant)
    // refused a merchant's requests past ~33/s sustained over the 300 s window; 1,000,000 per
    // merchant allows ~3,300/s.
    nonceStore: nonces.store,
    // The gateway's HMAC example sends the oauth_* parameters in the header and the body.
    allowParametersInHeaderAndBody: true,
  });
  let paynetOrderIds = saved?.orderIds ?? 0;
  const seed = saved?.seed ?? options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const clock = createClock(options.clock ?? 'system', saved?.clock.mode === 'virtual' ? dateOf(saved.clock.today) : options.today);
  const callbackSender = createCallbackSender({
    attempts: positiveInteger(options.callbackAttempts, DEFAULT_CALLBACK_ATTEMPTS, 'callbackAttempts'),
    backoffMs: positiveInteger(options.callbackBackoffMs, DEFAULT_CALLBACK_BACKOFF_MS, 'callbackBackoffMs'),
    maxInFlight: positiveInteger(options.maxCallbacksInFlight, DEFAULT_MAX_CALLBACKS_IN_FLIGHT, 'maxCallbacksInFlight'),
    log,
  });
  const sender = recordingSender(callbackSender, sink);
  const owners = reportingOwners(createPaymentOwners(), sink);
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
    onChange: (id) => sink.payment(id),
  });
  const orders = createOrderBook({
    outcomeDelayMs: positiveInteger(options.outcomeDelayMs, DEFAULT_OUTCOME_DELAY_MS, 'outcomeDelayMs', 0),
    sender: callbackSender,
    log,
    callbackUrlFor: (login) => merchants.get(login)?.account.callbackUrl,
    controlKeyFor: (login) => merchants.get(login)?.account.controlKey,
    capacity: 100_000,
    onChange: (orderid) => sink.order(orderid),
  });
  let lastRunDay: number | undefined;
  // --state: put the saved state back before the first request (a new state: every payment is a
  // change), then write what changed after each request that changed something.
  const parts = { profiles, owners, clock, recurring, orders, sender, nonces, seed, orderIds: () => paynetOrderIds, now };
  const backend = options.state;
  const ready =
    backend === undefined
      ? Promise.resolve()
      : saved === undefined
        ? profiles.list().then((list) => {
            for (const profile of list) changes.payment(profile.id);
          })
        : restoreState(parts, saved, changes).then(() => backend.releaseInitial?.());
  const persister = backend === undefined ? undefined : createStatePersistence(parts, changes, backend, { isNew: saved === undefined });
  // Callback attempts change the state without a request: written within a second.
  const saveTimer = persister === undefined ? undefined : setInterval(() => void persister.commit().catch(() => {}), 1000);
  if (typeof saveTimer === 'object' && saveTimer !== null && 'unref' in saveTimer) saveTimer.unref();
  const adminApi = options.adminApi ?? 'loopback';
  if (adminApi !== 'loopback' && adminApi !== 'any' && adminApi !== 'off')
    throw new EmulatorError('INVALID_OPTIONS', 'adminApi must be "loopback", "any" or "off"');

  const check = createRequestChecks({ merchants, verifier, pathPrefix, publicOrigin, now, timestampWindowSeconds: window, maxBodyBytes, maxParameters });
  // The log line's cause of a signature refusal: the request inspector's diagnosis of it (below).
  const signatureCause = createSignatureCause({ find: (signature) => requests.find(signature) });

  const admitted = createOperationRunner({ profiles, owners, recurring, orders, log, nextOrderId: () => String(++paynetOrderIds) });
  const { refused, internalError } = createRefusalReplies({ log, signatureCause });

  // The console (GET /), the signature debugger (GET /debugger) and the admin API: guarded by adminApi.
  const app = new Hono();
  const actions = new AdminActions({ clock, profiles, owners, merchants, recurring, orders });
  addAdminRoutes(app, { access: adminApi, pathPrefix, actions, maxBodyBytes, publicOrigin });
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
    csrf: createCsrfToken(),
    actions,
  });
  app.onError((error) => toResponse(internalError(error)));

  // The gateway's paths (src/request/gateway-endpoint.ts); the console's and the admin API's go to `app`.
  const before = async (): Promise<void> => {
    await ready;
    // On the system clock days pass by themselves: what fell due is charged before answering.
    // Once per day at most, so unauthenticated requests cannot make the emulator walk its store.
    if (clock.mode === 'system' && clock.today() !== lastRunDay) {
      lastRunDay = clock.today();
      await recurring.runThrough(lastRunDay);
    }
  };
  const commit = persister === undefined ? undefined : () => persister.commit();
  const record = requests.record.bind(requests);
  const gateway = createGatewayEndpoint({ handles: (path) => !ownPath(path), before, check, run: admitted, refused, internalError, record, commit, log });

  const emulator: Emulator = {
    fetch: async (request, env) => {
      if (gateway.handles(new URL(request.url).pathname)) return toResponse(await gateway.answer(fromFetchRequest(request)));
      await before();
      const response = await app.fetch(request, env);
      // --state: committed after an admin or console POST that succeeded, before the reply.
      if (persister === undefined || request.method === 'GET' || request.method === 'HEAD' || response.status >= 400) return response;
      try {
        await persister.commit();
      } catch (error) {
        return toResponse(stateNotSaved(log, request.method, error));
      }
      return response;
    },
    merchants,
    profiles,
    owners,
    pathPrefix,
    clock,
    recurring,
    orders,
    persist: async () => {
      await ready;
      await persister?.commit();
    },
    stop: () => {
      if (saveTimer !== undefined) clearInterval(saveTimer);
      orders.stop();
      sender.stop();
    },
  };
  registerGatewayEndpoint(emulator, gateway);
  return emulator;
}
