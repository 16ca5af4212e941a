import { isLoopbackHost } from '@paysign/protocol';
import { remoteAddressOf } from './loopback.js';

// A host (a name, an IPv4 address or a bracketed IPv6 one), then an optional port: the Host of a
// request, read as written; the host must be the protocol's loopback, nothing else.
const HOST_AND_PORT = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/** The port the connection arrived on, when the host runtime tells it (`@hono/node-server`'s socket). */
function localPortOf(env: unknown): number | undefined {
  const port = (env as { incoming?: { socket?: { localPort?: unknown } } } | undefined)?.incoming?.socket?.localPort;
  return typeof port === 'number' ? port : undefined;
}

/**
 * Whether an admin request is addressed to the emulator by a name a web page cannot take over
 * (DNS rebinding: a page on `rebind.attacker.example` whose name is made to resolve to 127.0.0.1
 * reaches a loopback socket, but its requests carry `Host: rebind.attacker.example`). Allowed:
 * a loopback host (`localhost`, 127.0.0.0/8 or `[::1]`) with the emulator's port (the connection's local port when
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
  const parts = HOST_AND_PORT.exec(host);
  if (parts === null || !isLoopbackHost(parts[1] as string)) return false;
  const localPort = localPortOf(env);
  return localPort === undefined || Number(parts[2] ?? '80') === localPort;
}
