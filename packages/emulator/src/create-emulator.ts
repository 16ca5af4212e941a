import { createVerifier } from '@paysign/oauth-core';
import { createAdminApp } from './admin/admin-app.js';
import { CONSOLE_PAGES } from './console/console-routes.js';
import { createRequestLog } from './console/request-log.js';
import { createEmulatorCore } from './core/emulator-core.js';
import { readSettings } from './core/emulator-settings.js';
import { createRefusalReplies } from './reply/refusal-reply.js';
import { createRequestChecks } from './request/check-request.js';
import { createGatewayEndpoint, registerGatewayEndpoint, stateNotSaved } from './request/gateway-endpoint.js';
import { fromFetchRequest, toResponse } from './request/gateway-request.js';
import { createSignatureCause } from './request/signature-cause.js';
import type { Emulator, EmulatorOptions } from './emulator-options.js';

// The console's and the admin API's own paths: not in the request log.
const ownPath = (path: string): boolean => CONSOLE_PAGES.includes(path) || path.startsWith('/console/') || /(?:^|\/)emulator(?:\/|$)/.test(path);

/**
 * Creates the emulator: wiring only. Its state and every action on it are the core's
 * (src/core/emulator-core.ts). Every request that is not the console's or the admin API's goes
 * through the request checks (src/request/check-request.ts, in the order listed there: route,
 * media type, size, header, body, charset, parameters, signature and nonce, endpoint) and is
 * refused with an empty reply like the gateway's when one fails, the cause going to the log (and,
 * for a signature, the cause `paysign explain` finds, after the reply). An admitted request goes
 * to its operation, validated with the protocol package's rules and answered in the gateway's form
 * encoding, or its JSON variant when `Accept` asks for `application/vnd.pay+json`.
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
  const settings = readSettings(options);
  const { pathPrefix, publicOrigin, now, timestampWindowSeconds } = settings;
  const core = createEmulatorCore(options, settings);
  const { merchants, log, ready, persister } = core;
  // The gateway's HMAC example sends the oauth_* parameters in the header and the body.
  const verifier = createVerifier({
    lookup: (login) => merchants.get(login)?.consumer,
    timestampWindowSeconds,
    now,
    nonceStore: core.nonceStore,
    allowParametersInHeaderAndBody: true,
  });
  const check = createRequestChecks({ ...settings, merchants, verifier });
  const requests = createRequestLog({ merchants, publicOrigin, pathPrefix, now, timestampWindowSeconds, maxBytes: settings.maxRequestLogBytes });
  // The log line's cause of a signature refusal: the request inspector's diagnosis of it.
  const { refused, internalError } = createRefusalReplies({ log, signatureCause: createSignatureCause({ find: (signature) => requests.find(signature) }) });
  // The console (GET /), the signature debugger (GET /debugger) and the admin API: guarded by adminApi.
  const app = createAdminApp(core, settings, requests);
  app.onError((error) => toResponse(internalError(error)));
  // The gateway's paths (src/request/gateway-endpoint.ts); the console's and the admin API's go to `app`.
  const commit = persister === undefined ? undefined : () => persister.commit();
  const record = requests.record.bind(requests);
  const gateway = createGatewayEndpoint({
    handles: (path) => !ownPath(path),
    before: core.catchUp,
    check,
    run: core.operate,
    refused,
    internalError,
    record,
    commit,
    log,
  });

  const emulator: Emulator = {
    fetch: async (request, env) => {
      if (gateway.handles(new URL(request.url).pathname)) return toResponse(await gateway.answer(fromFetchRequest(request)));
      await core.catchUp();
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
    pathPrefix,
    merchants,
    profiles: core.profiles,
    owners: core.owners,
    clock: core.clock,
    recurring: core.recurring,
    orders: core.orders,
    persist: async () => {
      await ready;
      await persister?.commit();
    },
    stop: () => core.stop(),
  };
  registerGatewayEndpoint(emulator, gateway);
  return emulator;
}
