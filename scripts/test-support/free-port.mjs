// A free TCP port on 127.0.0.1 for a server the tests start in another process (workerd, the
// paysign binary, redis-server, PostgreSQL), which binds it a moment later.
//
// Not `listen(0)`: the kernel takes such a port from the ephemeral range (32768-60999 on Linux),
// the range every outgoing connection's local port also comes from, and with hundreds of test
// connections opened in parallel one of them can take the port before the server binds it
// ("Address already in use", seen in a full run). Ports are drawn at random below that range,
// each checked free by binding it once.
import { createServer } from 'node:net';

const LOWEST = 15_000;
const HIGHEST = 32_767;

function tryPort(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port below the ephemeral range, free on 127.0.0.1 when it is returned. */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await tryPort(port)) return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${HIGHEST} on 127.0.0.1`);
}
