import { spawnSync } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { start, stop } from '../listen-process.js';

// `paysign callbacks listen --forward-to` against an app that misbehaves on the wire (round 8,
// issue 35): it drops the connection after its headers, streams a body of 100 MB or one that never
// ends, writes control characters in its status line and headers; a sender that leaves while its
// delivery is at the app; many copies of one callback at once. The app here is a raw TCP server, so
// every byte it answers is the test's. The rules: the sender gets the app's status only once the
// app's answer is whole (otherwise 502, or 504 past 10 s), so a callback the app never finished
// answering is retried, never lost; nothing the app writes reaches the terminal unescaped; memory
// and time stay bounded whatever the app sends.

const GOOD =
  'status=approved&orderid=1234567&merchant_order=hf-abc&client_orderid=hf-abc&type=sale&amount=10.00&control=652ace404c4dfe8bba069ecee594ec23a89340e1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawApp {
  server: Server;
  url: string;
  /** The request heads received, in order. */
  received: string[];
  /** Sockets closed (by either side). */
  closed: number;
}

/** An app on raw TCP: `answer(socket, index)` writes whatever it likes once a request head came. */
async function rawApp(answer: (socket: Socket, index: number) => void): Promise<RawApp> {
  const app: RawApp = { server: createServer(), url: '', received: [], closed: 0 };
  const sockets = new Set<Socket>();
  app.server.on('close-all', () => {
    for (const socket of sockets) socket.destroy();
  });
  app.server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let head = '';
    let answered = false;
    socket.on('error', () => undefined);
    socket.on('close', () => void app.closed++);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (answered || !head.includes('\r\n\r\n')) return;
      answered = true;
      app.received.push(head.slice(0, head.indexOf('\r\n')));
      answer(socket, app.received.length - 1);
    });
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  app.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/callbacks`;
  return app;
}
const closeRaw = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.emit('close-all');
  });
const listen = (forwardTo: string) => start(['callbacks', 'listen', '--control-key', 'test-merchant-control', '--forward-to', forwardTo]);
/** Resident memory of a process, in bytes (Linux /proc). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout)?.[1]) * 1024;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('callbacks listen --forward-to: an app that misbehaves on the wire (round 8)', () => {
  it('the app sends 200 and its headers, then drops the connection mid-body: 502 (the answer was cut), and the retry is forwarded', async () => {
    const app = await rawApp((socket, index) => {
      if (index === 0) {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nhalf of it');
        setTimeout(() => socket.destroy(), 100);
      } else socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    });
    const { child, base, stderr } = await listen(app.url);
    try {
      const cut = await fetch(`${base}/cb?${GOOD}`);
      expect([cut.status, await cut.text()]).toEqual([502, "the app's answer was cut before its end"]);
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect(app.received).toEqual([`GET /callbacks?${GOOD} HTTP/1.1`, `GET /callbacks?${GOOD} HTTP/1.1`]);
      expect(stderr()).toMatch(/forward to http:\/\/127\.0\.0\.1:\d+\/callbacks failed: the answer was cut \(UND_ERR_SOCKET\)/);
    } finally {
      expect(await stop(child)).toBe(0);
      await closeRaw(app.server);
    }
  });

  it('a chunked body cut before its last chunk: 502, never 200', async () => {
    const app = await rawApp((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n');
      setTimeout(() => socket.destroy(), 100);
    });
    const { child, base } = await listen(app.url);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(502);
    } finally {
      expect(await stop(child)).toBe(0);
      await closeRaw(app.server);
    }
  });

  it('a body of 100 MB streamed as fast as it goes: answered within 5 s with the app status, listen stops reading it (the app sees its socket closed), its memory stays under 64 MB more', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const written = { bytes: 0 };
    const app = await rawApp((socket) => {
      socket.write('HTTP/1.1 201 Created\r\nContent-Length: 104857600\r\n\r\n');
      const pump = () => {
        while (written.bytes < 100 * chunk.length && !socket.destroyed) {
          written.bytes += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        socket.end();
      };
      pump();
    });
    const { child, base } = await listen(app.url);
    try {
      const before = rssOf(child.pid!);
      const started = Date.now();
      const answer = await fetch(`${base}/cb?${GOOD}`);
      expect(answer.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect.poll(() => app.closed).toBeGreaterThanOrEqual(1);
      expect(written.bytes).toBeLessThan(100 * chunk.length);
      expect(rssOf(child.pid!) - before).toBeLessThan(64 * 1024 * 1024);
    } finally {
      expect(await stop(child)).toBe(0);
      await closeRaw(app.server);
    }
  }, 30_000);

  it('a body that never ends (a byte every 100 ms): 504 at 10 s, listen closes the socket, and the retry is forwarded', async () => {
    const app = await rawApp((socket, index) => {
      if (index > 0) return void socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      const drip = setInterval(() => (socket.destroyed ? clearInterval(drip) : socket.write('1\r\nx\r\n')), 100);
    });
    const { child, base, stderr } = await listen(app.url);
    try {
      const started = Date.now();
      const answer = await fetch(`${base}/cb?${GOOD}`);
      expect(answer.status).toBe(504);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
      expect(stderr()).toContain('no answer in 10000 ms');
      await expect.poll(() => app.closed).toBe(1);
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(204);
      expect(app.received).toHaveLength(2);
    } finally {
      expect(await stop(child)).toBe(0);
      await closeRaw(app.server);
    }
  }, 30_000);

  it('a status line and headers holding ESC, BEL, NUL and CR: nothing of them reaches stdout, stderr or the sender; the sender gets 200 or 502, never a header of the app', async () => {
    const answers = [
      'HTTP/1.1 200 OK\u001b]0;owned\u0007\u001b[2J\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nX-Evil: a\u001b[31mred\u0007\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nX-Evil: a\u0000b\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nX-Evil: a\rInjected: yes\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 2\u001b[0m00 OK\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 999 Nine\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 20 Short\r\nContent-Length: 0\r\n\r\n',
      '\u001b[2JHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
    ];
    const app = await rawApp((socket, index) => socket.end(answers[index] ?? 'HTTP/1.1 500 Nope\r\n\r\n'));
    const { child, base, lines, stderr } = await listen(app.url);
    try {
      const statuses: number[] = [];
      for (const _ of answers) {
        const answer = await fetch(`${base}/cb?${GOOD}`);
        statuses.push(answer.status);
        expect(answer.headers.get('x-evil')).toBeNull();
        expect(answer.headers.get('injected')).toBeNull();
        expect(await answer.text()).not.toMatch(CONTROL);
      }
      expect(app.received).toHaveLength(answers.length);
      expect(statuses.every((status) => status === 200 || status === 502)).toBe(true);
      expect(statuses.slice(5)).toEqual([502, 502, 502]); // 999, 20, and a status line that is not one
      expect(stderr()).not.toMatch(CONTROL);
      expect(lines.join('\n')).not.toMatch(CONTROL);
    } finally {
      expect(await stop(child)).toBe(0);
      await closeRaw(app.server);
    }
  });

  it('informational answers: 103 then 200 is 200; a 101 switch nobody asked for is 502; a 100 with no final answer is 502 or 504, never taken', async () => {
    const answers = [
      'HTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    ];
    const app = await rawApp((socket, index) =>
      index < answers.length ? socket.end(answers[index] as string) : socket.write('HTTP/1.1 100 Continue\r\n\r\n'),
    );
    const { child, base } = await listen(app.url);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(502);
      expect([502, 504]).toContain((await fetch(`${base}/cb?${GOOD}`)).status); // never taken: retried
      expect(app.received).toHaveLength(3);
    } finally {
      expect(await stop(child)).toBe(0);
      await closeRaw(app.server);
    }
  }, 30_000);
});

describe('callbacks listen --forward-to: the sender and its copies (round 8)', () => {
  it('the sender leaves while its delivery is at the app: the app gets it whole and answers; a copy meanwhile is 503; the retry after is forwarded; listen survives', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const received: string[] = [];
    const sawClose: boolean[] = [];
    const app: HttpServer = createHttpServer((request, response) => {
      received.push(request.url ?? '');
      const index = received.length - 1;
      sawClose[index] = false;
      request.socket.once('close', () => (sawClose[index] = !response.writableFinished));
      if (index === 0) void held.then(() => response.writeHead(200).end('taken'));
      else response.writeHead(200).end('taken');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callbacks`;
    const { child, base, stderr } = await listen(url);
    try {
      const leaving = new AbortController();
      const first = fetch(`${base}/cb?${GOOD}`, { signal: leaving.signal }).catch((error: Error) => error.name);
      while (received.length === 0) await sleep(10);
      leaving.abort();
      expect(await first).toBe('AbortError');
      await sleep(200);
      const copy = await fetch(`${base}/cb?${GOOD}`);
      expect(copy.status).toBe(503); // its first delivery is still at the app
      expect(received).toHaveLength(1);
      expect(sawClose[0]).toBe(false); // the app's delivery was not cut when the sender left
      release();
      await expect.poll(() => stderr()).toMatch(/forwarded to \S+: HTTP 200/);
      const retry = await fetch(`${base}/cb?${GOOD}`);
      expect(retry.status).toBe(200);
      expect(received).toEqual([`/callbacks?${GOOD}`, `/callbacks?${GOOD}`]);
    } finally {
      expect(await stop(child)).toBe(0);
      await new Promise<void>((resolve) => {
        app.close(() => resolve());
        app.closeAllConnections();
      });
    }
  });

  it('twenty copies of one callback at once, the app slow: exactly one reaches the app, the others are 503; another callback at the same time is not held up', async () => {
    const OTHER =
      'status=approved&orderid=1234567&merchant_order=hf-abd&client_orderid=hf-abd&type=sale&amount=10.00&control=' +
      (await import('node:crypto')).createHash('sha1').update('approved1234567hf-abdtest-merchant-control').digest('hex');
    const received: string[] = [];
    const app: HttpServer = createHttpServer((request, response) => {
      received.push(request.url ?? '');
      setTimeout(() => response.writeHead(200).end(), 1_000);
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callbacks`;
    const { child, base } = await listen(url);
    try {
      const copies = Array.from({ length: 20 }, () => fetch(`${base}/cb?${GOOD}`).then((r) => r.status));
      const other = fetch(`${base}/cb?${OTHER}`).then((r) => r.status);
      const statuses = await Promise.all(copies);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 503)).toHaveLength(19);
      expect(await other).toBe(200);
      expect(received.filter((r) => r === `/callbacks?${GOOD}`)).toHaveLength(1);
      expect(received.filter((r) => r === `/callbacks?${OTHER}`)).toHaveLength(1);
    } finally {
      expect(await stop(child)).toBe(0);
      await new Promise<void>((resolve) => {
        app.close(() => resolve());
        app.closeAllConnections();
      });
    }
  });
});
