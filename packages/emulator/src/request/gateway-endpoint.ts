import type { RefusalOutcome } from '../console/request-log.js';
import type { EmulatorLog } from '../log.js';
import { emptyReply } from '../reply/headers.js';
import type { Admission, Refusal, RequestOutcome } from './check-request.js';
import type { GatewayReply, GatewayRequest } from './gateway-request.js';

/**
 * The emulator's gateway paths (every path but the console's and the admin API's): each request
 * checked, answered, recorded in the request log and, with `--state`, its changes written before
 * the reply. The emulator's `fetch` answers them through it from a `Request`; the Node server
 * (`serve`) from the `IncomingMessage` itself, without a `Request` or a `Response`.
 */
export interface GatewayEndpoint {
  /** Whether a path is the gateway's (answered here) rather than the console's or the admin API's. */
  handles(path: string): boolean;
  /** Answers one gateway request. Never rejects: a failure is answered 500. */
  answer(request: GatewayRequest): Promise<GatewayReply>;
}

/** What {@link createGatewayEndpoint} wires together. */
export interface GatewayEndpointOptions {
  handles(path: string): boolean;
  /** Runs before each request: the saved state restored, the charges that fell due made. */
  before(): Promise<void>;
  check(request: GatewayRequest): Promise<RequestOutcome>;
  run(request: GatewayRequest, path: string, admission: Admission): Promise<GatewayReply>;
  refused(request: GatewayRequest, path: string, refusal: Refusal): GatewayReply;
  internalError(error: unknown): GatewayReply;
  /** The request inspector. */
  record(request: GatewayRequest, body: string | undefined, reply: GatewayReply, outcome: RefusalOutcome | undefined): void;
  /** With `--state`: writes what an admitted request changed. */
  commit: (() => Promise<void>) | undefined;
  log: EmulatorLog;
}

/**
 * Creates the gateway endpoint: request checks (src/request/check-request.ts), the operation or the
 * refusal, the request log, then for an admitted request with `--state` the commit, before the
 * reply, so nothing acknowledged is lost (a commit that fails is answered 500, never a lost success).
 *
 * @example
 * ```ts
 * const gateway = createGatewayEndpoint({ handles, before, check, run, refused, internalError, record, commit: undefined, log });
 * const reply = await gateway.answer(fromFetchRequest(request));
 * ```
 */
export function createGatewayEndpoint(options: GatewayEndpointOptions): GatewayEndpoint {
  const { check, run, refused, internalError, log } = options;
  async function reply(request: GatewayRequest): Promise<{ reply: GatewayReply; outcome?: RequestOutcome }> {
    let outcome: RequestOutcome | undefined;
    try {
      await options.before();
      outcome = await check(request);
      const path = new URL(request.url).pathname;
      return { reply: outcome.accepted ? await run(request, path, outcome) : refused(request, path, outcome), outcome };
    } catch (error) {
      // An operation that failed half-way may have changed something: its outcome stays, for the commit.
      return outcome === undefined ? { reply: internalError(error) } : { reply: internalError(error), outcome };
    }
  }
  return {
    handles: options.handles,
    async answer(request) {
      const { reply: answered, outcome } = await reply(request);
      options.record(request, outcome?.body, answered, outcome?.accepted === false ? { reason: outcome.reason, message: outcome.message } : undefined);
      if (options.commit === undefined || outcome?.accepted !== true) return answered;
      try {
        await options.commit();
        return answered;
      } catch (error) {
        return stateNotSaved(log, request.method, error);
      }
    },
  };
}

/**
 * The answer to a request whose changes could not be written (`--state`): not saved, so not
 * acknowledged: the client sees a 500, never a lost success; the log names the error's code only.
 *
 * @example
 * ```ts
 * return stateNotSaved(log, 'POST', error); // { status: 500, ... }
 * ```
 */
export function stateNotSaved(log: EmulatorLog, method: string, error: unknown): GatewayReply {
  const { code, name } = error as { code?: string; name?: string };
  log({ kind: 'refused', status: 500, method, path: '-', reason: 'internal_error', message: `state not saved (${code ?? name ?? 'Error'})` });
  return emptyReply(500);
}

const endpoints = new WeakMap<object, GatewayEndpoint>();

/** Remembers the gateway endpoint of an emulator made by `createEmulator` (the Node server looks it up). */
export function registerGatewayEndpoint<T extends object>(emulator: T, endpoint: GatewayEndpoint): T {
  endpoints.set(emulator, endpoint);
  return emulator;
}

/** The gateway endpoint of an emulator made by `createEmulator`; `undefined` for another object with its shape. */
export function gatewayEndpointOf(emulator: object): GatewayEndpoint | undefined {
  return endpoints.get(emulator);
}
