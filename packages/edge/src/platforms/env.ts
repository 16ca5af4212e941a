import { isPositiveWholeNumber } from '@paysign/protocol';
import { EdgeError } from '../errors.js';
import type { MerchantCredentials, SigningProxyOptions } from '../options.js';
import type { Allowlist } from '../request/route.js';

/**
 * The platform's environment: secrets and variables by name (Workers `env`, `process.env`, `Deno.env`).
 *
 * @example
 * ```ts
 * import { optionsFromEnv, type ProxyEnv } from '@paysign/edge';
 *
 * const env: ProxyEnv = Deno.env.toObject();
 * const options = optionsFromEnv(env); // throws EdgeError INVALID_OPTIONS naming a missing or bad variable
 * ```
 */
export type ProxyEnv = Readonly<Record<string, unknown>>;

function text(env: ProxyEnv, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new EdgeError('INVALID_OPTIONS', `${name} must be a string`);
  return value;
}

function required(env: ProxyEnv, name: string): string {
  const value = text(env, name);
  if (value === undefined) throw new EdgeError('INVALID_OPTIONS', `${name} is not set`);
  return value;
}

function list(env: ProxyEnv, name: string): string[] | undefined {
  const value = text(env, name);
  return value === undefined ? undefined : value.split(/[\s,]+/).filter((item) => item !== '');
}

function integer(env: ProxyEnv, name: string): number | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  if (!isPositiveWholeNumber(value)) throw new EdgeError('INVALID_OPTIONS', `${name} must be a positive whole number`);
  return Number(value);
}

function allowlist(env: ProxyEnv): Allowlist {
  const value = env.PAYSIGN_ALLOW;
  if (value !== null && typeof value === 'object') return value as Allowlist;
  const json = required(env, 'PAYSIGN_ALLOW');
  try {
    return JSON.parse(json) as Allowlist;
  } catch {
    throw new EdgeError('INVALID_OPTIONS', 'PAYSIGN_ALLOW must be JSON such as {"transfer":["1234"]}');
  }
}

function merchant(env: ProxyEnv): MerchantCredentials {
  const login = required(env, 'PAYSIGN_MERCHANT_LOGIN');
  const controlKey = text(env, 'PAYSIGN_CONTROL_KEY');
  const privateKey = text(env, 'PAYSIGN_PRIVATE_KEY');
  // Both: each operation signs with the method the gateway documents for it (@paysign/protocol).
  if (controlKey !== undefined && privateKey !== undefined) return { login, controlKey, privateKey };
  if (controlKey !== undefined) return { login, signatureMethod: 'HMAC-SHA1', controlKey };
  if (privateKey !== undefined) return { login, signatureMethod: 'RSA-SHA256', privateKey };
  throw new EdgeError('INVALID_OPTIONS', 'PAYSIGN_CONTROL_KEY (HMAC-SHA1) or PAYSIGN_PRIVATE_KEY (RSA-SHA256) must be set');
}

/**
 * Reads the proxy's options from the platform's environment. Secrets: `PAYSIGN_CONTROL_KEY` and/or
 * `PAYSIGN_PRIVATE_KEY` (PEM, `\n` escapes allowed), `PAYSIGN_CALLER_TOKENS` and/or
 * `PAYSIGN_CALLER_HMAC_SECRETS` (comma- or space-separated). Variables: `PAYSIGN_GATEWAY_URL`,
 * `PAYSIGN_MERCHANT_LOGIN`, `PAYSIGN_ALLOW` (JSON: operation to endpoint ids), and optionally
 * `PAYSIGN_PATH_PREFIX`, `PAYSIGN_MAX_BODY_BYTES`, `PAYSIGN_TIMEOUT_MS`,
 * `PAYSIGN_HMAC_WINDOW_SECONDS`, `PAYSIGN_OAUTH_PARAMS_IN_BODY` (`true`).
 *
 * @throws {EdgeError} `INVALID_OPTIONS` naming the variable (never its value).
 * @example
 * ```ts
 * const proxy = createSigningProxy(optionsFromEnv(process.env));
 * ```
 */
export function optionsFromEnv(env: ProxyEnv): SigningProxyOptions {
  const callers: SigningProxyOptions['callers'] = {};
  const tokens = list(env, 'PAYSIGN_CALLER_TOKENS');
  const hmacSecrets = list(env, 'PAYSIGN_CALLER_HMAC_SECRETS');
  const window = integer(env, 'PAYSIGN_HMAC_WINDOW_SECONDS');
  if (tokens !== undefined) callers.bearerTokens = tokens;
  if (hmacSecrets !== undefined) callers.hmacSecrets = hmacSecrets;
  if (window !== undefined) callers.hmacWindowSeconds = window;
  const options: SigningProxyOptions = {
    gatewayUrl: required(env, 'PAYSIGN_GATEWAY_URL'),
    merchant: merchant(env),
    callers,
    allow: allowlist(env),
  };
  const pathPrefix = text(env, 'PAYSIGN_PATH_PREFIX');
  const maxBodyBytes = integer(env, 'PAYSIGN_MAX_BODY_BYTES');
  const timeoutMs = integer(env, 'PAYSIGN_TIMEOUT_MS');
  const inBody = text(env, 'PAYSIGN_OAUTH_PARAMS_IN_BODY');
  if (pathPrefix !== undefined) options.pathPrefix = pathPrefix;
  if (maxBodyBytes !== undefined) options.maxBodyBytes = maxBodyBytes;
  if (timeoutMs !== undefined) options.timeoutMs = timeoutMs;
  if (inBody !== undefined) {
    if (inBody !== 'true' && inBody !== 'false') throw new EdgeError('INVALID_OPTIONS', 'PAYSIGN_OAUTH_PARAMS_IN_BODY must be true or false');
    options.oauthParamsInBody = inBody === 'true';
  }
  return options;
}
