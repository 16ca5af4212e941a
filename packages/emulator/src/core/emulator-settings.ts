import { DEFAULT_TIMESTAMP_WINDOW_SECONDS } from '@paysign/oauth-core';
import { isPositiveWholeNumber } from '@paysign/protocol';
import type { AdminAccess } from '../admin/loopback.js';
import { DEFAULT_CALLBACK_ATTEMPTS, DEFAULT_CALLBACK_BACKOFF_MS, DEFAULT_MAX_CALLBACKS_IN_FLIGHT } from '../callbacks/callback-sender.js';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_ORDERS,
  DEFAULT_MAX_PARAMETERS,
  DEFAULT_MAX_REQUEST_LOG_BYTES,
  DEFAULT_OUTCOME_DELAY_MS,
  type EmulatorOptions,
} from '../emulator-options.js';
import { EmulatorError } from '../errors.js';

/** The emulator's options, checked, with their defaults filled in. */
export interface EmulatorSettings {
  pathPrefix: string;
  publicOrigin: string | undefined;
  maxBodyBytes: number;
  maxParameters: number;
  timestampWindowSeconds: number;
  now: () => number;
  adminApi: AdminAccess;
  outcomeDelayMs: number;
  callbackAttempts: number;
  callbackBackoffMs: number;
  maxCallbacksInFlight: number;
  maxOrders: number;
  maxRequestLogBytes: number;
}

const PREFIX = /^(?:\/[A-Za-z0-9._~-]+)*$/;

function positiveInteger(value: number | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined) return fallback;
  if (min === 1 ? !isPositiveWholeNumber(value) : !Number.isSafeInteger(value) || value < min)
    throw new EmulatorError('INVALID_OPTIONS', `${name} must be ${min === 0 ? 'a whole number, 0 or more' : 'a positive integer'}`);
  return value;
}

function originOf(publicOrigin: string | undefined): string | undefined {
  if (publicOrigin === undefined) return undefined;
  try {
    return new URL(publicOrigin).origin;
  } catch {
    throw new EmulatorError('INVALID_OPTIONS', 'publicOrigin must be an absolute URL such as https://sandbox.example');
  }
}

/**
 * Checks the options that are plain settings (the parts they name are checked by the parts).
 *
 * @throws {EmulatorError} `INVALID_OPTIONS` naming the option and the rule.
 * @example
 * ```ts
 * const settings = readSettings({ pathPrefix: '/payment/', maxBodyBytes: 4096 }); // pathPrefix '/payment'
 * ```
 */
export function readSettings(options: EmulatorOptions): EmulatorSettings {
  const pathPrefix = (options.pathPrefix ?? '/payment').replace(/\/+$/, '');
  if (!PREFIX.test(pathPrefix)) throw new EmulatorError('INVALID_OPTIONS', 'pathPrefix must be empty or /segment[/segment...] of unreserved characters');
  const adminApi = options.adminApi ?? 'loopback';
  if (adminApi !== 'loopback' && adminApi !== 'any' && adminApi !== 'off')
    throw new EmulatorError('INVALID_OPTIONS', 'adminApi must be "loopback", "any" or "off"');
  return {
    pathPrefix,
    publicOrigin: originOf(options.publicOrigin),
    maxBodyBytes: positiveInteger(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes'),
    maxParameters: positiveInteger(options.maxParameters, DEFAULT_MAX_PARAMETERS, 'maxParameters'),
    timestampWindowSeconds: options.timestampWindowSeconds ?? DEFAULT_TIMESTAMP_WINDOW_SECONDS,
    now: options.now ?? (() => Math.floor(Date.now() / 1000)),
    adminApi,
    outcomeDelayMs: positiveInteger(options.outcomeDelayMs, DEFAULT_OUTCOME_DELAY_MS, 'outcomeDelayMs', 0),
    callbackAttempts: positiveInteger(options.callbackAttempts, DEFAULT_CALLBACK_ATTEMPTS, 'callbackAttempts'),
    callbackBackoffMs: positiveInteger(options.callbackBackoffMs, DEFAULT_CALLBACK_BACKOFF_MS, 'callbackBackoffMs'),
    maxCallbacksInFlight: positiveInteger(options.maxCallbacksInFlight, DEFAULT_MAX_CALLBACKS_IN_FLIGHT, 'maxCallbacksInFlight'),
    maxOrders: positiveInteger(options.maxOrders, DEFAULT_MAX_ORDERS, 'maxOrders'),
    maxRequestLogBytes: positiveInteger(options.maxRequestLogBytes, DEFAULT_MAX_REQUEST_LOG_BYTES, 'maxRequestLogBytes'),
  };
}
