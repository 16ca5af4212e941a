// @paysign/emulator/node: the emulator behind a Node HTTP server, and profiles read from a file.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createEmulator } from './create-emulator.js';
import type { Emulator, EmulatorOptions } from './emulator-options.js';
import { EmulatorError } from './errors.js';
import { gatewayListener } from './node-gateway.js';
import { withIncomingBody } from './node-incoming-body.js';
import { gatewayEndpointOf } from './request/gateway-endpoint.js';
import { createMemoryProfileStore } from './store/memory-store.js';
import { parseProfiles } from './store/load-profiles.js';
import type { ProfileStore } from './store/profile-store.js';

export * from './index.js';
export { openStateDirectory, STATE_FORMAT, STATE_VERSION, type StateDirectory } from './state/state-directory.js';

/**
 * Options of {@link serve}: the emulator's options, and where its HTTP server listens.
 *
 * @example
 * ```ts
 * import { serve, type ServeOptions } from '@paysign/emulator/node';
 *
 * const options: ServeOptions = { merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'] }], port: 8080 };
 * const server = await serve(options);
 * ```
 */
export interface ServeOptions extends EmulatorOptions {
  /** The interface to listen on. Default `127.0.0.1`: the emulator is for this machine only. */
  host?: string;
  /** The port; `0` (the default) picks a free one. */
  port?: number;
  /** An emulator to serve; default: one made from the other options. */
  emulator?: Emulator;
}

/**
 * A running emulator server.
 *
 * @example
 * ```ts
 * import { serve, type RunningEmulator } from '@paysign/emulator/node';
 *
 * const server: RunningEmulator = await serve({ merchants });
 * console.log(`gateway at ${server.url}`); // http://127.0.0.1:PORT
 * await server.close();
 * ```
 */
export interface RunningEmulator {
  readonly emulator: Emulator;
  /** `http://HOST:PORT`, to use as the gateway's base URL. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting connections and closes idle ones; resolves once the server is closed. */
  close(): Promise<void>;
}

/**
 * Serves the emulator over HTTP on Node. Connections are kept alive for 60 s, as the gateway's
 * `Keep-Alive: timeout=60` says.
 *
 * @throws {EmulatorError} `INVALID_OPTIONS` for a bad port; the listen error (EADDRINUSE, ...) otherwise.
 * @example
 * ```ts
 * const server = await serve({ merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'] }] });
 * console.log(`listening on ${server.url}`); // http://127.0.0.1:43817
 * await server.close();
 * ```
 */
export async function serve(options: ServeOptions = {}): Promise<RunningEmulator> {
  const { host = '127.0.0.1', port = 0, emulator: given, ...emulatorOptions } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new EmulatorError('INVALID_OPTIONS', 'port must be an integer from 0 to 65535');
  const emulator = given ?? createEmulator(emulatorOptions);
  // The console, the debugger and the admin API through @hono/node-server; the gateway's paths
  // straight from node:http when the emulator is createEmulator's (src/node-gateway.ts).
  const fallback = getRequestListener(withIncomingBody(emulator.fetch), { hostname: host });
  const endpoint = gatewayEndpointOf(emulator);
  const server: Server = createServer(endpoint === undefined ? fallback : gatewayListener(endpoint, fallback));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 60_000;
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    emulator,
    url: `http://${urlHost}:${address.port}`,
    host: address.address,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        emulator.stop();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

/**
 * Reads recurring payments from a JSON file (see {@link parseProfiles}) into a new in-memory store.
 *
 * @throws {EmulatorError} `INVALID_PROFILES` when the file cannot be read or is not of the documented shape.
 * @example
 * ```ts
 * const server = await serve({ merchants, profiles: await loadProfilesFile('profiles.json') });
 * ```
 */
export async function loadProfilesFile(path: string): Promise<ProfileStore> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new EmulatorError('INVALID_PROFILES', `cannot read the profiles file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return createMemoryProfileStore(parseProfiles(text));
}
