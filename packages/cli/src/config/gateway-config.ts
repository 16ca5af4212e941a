import { readFile } from 'node:fs/promises';
import type { MerchantCredentials } from '@paysign/protocol';
import { UsageError } from '../cli/usage-error.js';
import type { Environment } from '../cli/environment.js';

/**
 * Where and as whom requests go. Each value comes from a flag or, in its place, an environment
 * variable: PAYSIGN_BASE_URL, PAYSIGN_ENDPOINT_ID, PAYSIGN_LOGIN, PAYSIGN_CONTROL_KEY,
 * PAYSIGN_PRIVATE_KEY_FILE, PAYSIGN_PATH_PREFIX, PAYSIGN_CURRENCY.
 */
export interface GatewayConfig {
  baseUrl?: string;
  endpointId?: string;
  login?: string;
  controlKey?: string;
  privateKeyFile?: string;
  pathPrefix?: string;
  currency?: string;
}

/** The environment variable behind each setting. */
export const GATEWAY_ENV: Readonly<Record<keyof GatewayConfig, string>> = Object.freeze({
  baseUrl: 'PAYSIGN_BASE_URL',
  endpointId: 'PAYSIGN_ENDPOINT_ID',
  login: 'PAYSIGN_LOGIN',
  controlKey: 'PAYSIGN_CONTROL_KEY',
  privateKeyFile: 'PAYSIGN_PRIVATE_KEY_FILE',
  pathPrefix: 'PAYSIGN_PATH_PREFIX',
  currency: 'PAYSIGN_CURRENCY',
});

/**
 * Reads the gateway settings: flags first, then the PAYSIGN_* environment variables.
 *
 * @example
 * ```ts
 * const config = readGatewayConfig({}, process.env); // { baseUrl: 'https://sandbox...', login: '...', ... }
 * ```
 */
export function readGatewayConfig(flags: Partial<Record<keyof GatewayConfig, string | undefined>>, env: Environment): GatewayConfig {
  const config: GatewayConfig = {};
  for (const key of Object.keys(GATEWAY_ENV) as (keyof GatewayConfig)[]) {
    const value = flags[key] ?? env[GATEWAY_ENV[key]];
    if (value !== undefined && value !== '') config[key] = value;
  }
  return config;
}

/** Reads the private key file a config names, if any (a usage error when unreadable). */
export async function readPrivateKeyFile(config: GatewayConfig): Promise<string | undefined> {
  if (config.privateKeyFile === undefined) return undefined;
  try {
    return await readFile(config.privateKeyFile, 'utf8');
  } catch (error) {
    throw new UsageError(`private key ${config.privateKeyFile}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

const NO_KEY = 'give --control-key (or PAYSIGN_CONTROL_KEY) or --private-key (or PAYSIGN_PRIVATE_KEY_FILE)';

function missingSettings(keys: readonly (keyof GatewayConfig)[]): UsageError {
  const flag = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return new UsageError(`missing ${keys.map((key) => `${flag(key)} (or ${GATEWAY_ENV[key]})`).join(', ')}`);
}

/** Throws a usage error naming the flag and variable of each missing setting. */
export function requireSettings(config: GatewayConfig, keys: readonly (keyof GatewayConfig)[]): void {
  const missing = keys.filter((key) => config[key] === undefined);
  if (missing.length > 0) throw missingSettings(missing);
  if (config.controlKey === undefined && config.privateKeyFile === undefined) throw new UsageError(NO_KEY);
}

/**
 * The merchant's credentials from the settings and the text of the private key file: every key
 * given, so that one client signs each operation with the method the gateway documents for it
 * (pan-eligibility/send HMAC-SHA1 with the control key, update-recurring-payments and transfer
 * RSA-SHA256 with the private key) and with the key there is when only one is given.
 *
 * @example
 * ```ts
 * const config = readConnectionFlags(values, process.env);
 * const merchant = merchantCredentials(config, await readPrivateKeyFile(config)); // { login, controlKey?, privateKey? }
 * ```
 */
export function merchantCredentials(config: GatewayConfig, privateKey: string | undefined): MerchantCredentials {
  const { login, controlKey } = config;
  if (login === undefined) throw missingSettings(['login']);
  if (privateKey !== undefined && controlKey !== undefined) return { login, controlKey, privateKey };
  if (privateKey !== undefined) return { login, privateKey };
  if (controlKey !== undefined) return { login, controlKey };
  throw new UsageError(NO_KEY);
}

/** The parseArgs definitions of the connection flags (`send`, `bulk`): one list for every command. */
export const CONNECTION_FLAG_OPTIONS = {
  'base-url': { type: 'string' },
  'endpoint-id': { type: 'string' },
  login: { type: 'string' },
  'control-key': { type: 'string' },
  'private-key': { type: 'string' },
  'path-prefix': { type: 'string' },
  currency: { type: 'string' },
} as const;

/** The connection flags every command that talks to the gateway takes (`send`, `bulk`). */
export interface ConnectionFlags {
  'base-url'?: string | undefined;
  'endpoint-id'?: string | undefined;
  login?: string | undefined;
  'control-key'?: string | undefined;
  'private-key'?: string | undefined;
  'path-prefix'?: string | undefined;
  currency?: string | undefined;
}

/**
 * The gateway settings from a command's connection flags, then the `PAYSIGN_*` variables.
 *
 * @example
 * ```ts
 * const config = readConnectionFlags(values, process.env); // { baseUrl, endpointId, login, ... }
 * ```
 */
export function readConnectionFlags(values: ConnectionFlags, env: Environment): GatewayConfig {
  return readGatewayConfig(
    {
      baseUrl: values['base-url'],
      endpointId: values['endpoint-id'],
      login: values.login,
      controlKey: values['control-key'],
      privateKeyFile: values['private-key'],
      pathPrefix: values['path-prefix'],
      currency: values.currency,
    },
    env,
  );
}
