import { remoteAddressOf } from './loopback.js';

// A loopback name or address, then an optional port: nothing else may be in the Host of an admin request.
const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::(\d{1,5}))?$/i;

/** The port the connection arrived on, when the host runtime tells it (`@hono/node-server`'s socket). */
function localPortOf(env: unknown): number | undefined {
  const port = (env as { incoming?: { socket?: { localPort?: unknown } } } | undefined)?.incoming?.socket?.localPort;
  return typeof port === 'number' ? port : undefined;
}

/**
 * Whether an admin request is addressed to the emulator by a name a web page cannot take over
 * (DNS rebinding: a page on `rebind.attacker.example` whose name is made to resolve to 127.0.0.1
 * reaches a loopback socket, but its requests carry `Host: rebind.attacker.example`). Allowed:
 * `localhost`, `127.x.x.x` or `[::1]` with the emulator's port (the connection's local port when
 * the runtime tells it; 80 when the Host has none), or exactly the host of `publicOrigin`.
 * An in-process call (no `env`) has no Host to forge and passes.
 *
 * @example
 * ```ts
 * adminHostAllowed(new Request('http://127.0.0.1:8080/emulator/clock', { headers: { Host: 'rebind.attacker.example:8080' } }), { remoteAddress: '127.0.0.1' }, undefined); // false
 * ```
 */
export function adminHostAllowed(request: Request, env: unknown, publicOrigin: string | undefined): boolean {
  if (remoteAddressOf(env) === null) return true;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  if (publicOrigin !== undefined && host.toLowerCase() === new URL(publicOrigin).host) return true;
  const loopback = LOOPBACK_HOST.exec(host);
  if (loopback === null) return false;
  const localPort = localPortOf(env);
  return localPort === undefined || Number(loopback[1] ?? '80') === localPort;
}
