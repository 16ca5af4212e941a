// The Upstash REST protocol in front of a real redis-server, for @upstash/redis: POST / with a
// JSON command array, answered `{ result }` (strings in Base64 when the client asks with
// `Upstash-Encoding: base64`, as it does by default), and POST /pipeline with an array of them. It lets the real @upstash/redis client send
// its real HTTP requests to a real Redis here; Upstash's own service is not reached.
import { createServer, type Server } from 'node:http';
import type { RedisClientType } from 'redis';

function encode(value: unknown, base64: boolean): unknown {
  if (!base64) return value;
  if (typeof value === 'string') return value === 'OK' ? 'OK' : Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map((v) => encode(v, base64));
  return value;
}

export interface UpstashRest {
  url: string;
  /** Every command received, as sent. */
  commands: string[][];
  close(): Promise<void>;
}

export async function startUpstashRest(redis: RedisClientType): Promise<UpstashRest> {
  const commands: string[][] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const base64 = request.headers['upstash-encoding'] === 'base64';
      response.setHeader('Content-Type', 'application/json');
      if (request.headers.authorization !== 'Bearer test-token') {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: 'Unauthorized' }));
        return;
      }
      const execute = async (parts: unknown[]): Promise<{ result?: unknown; error?: string }> => {
        const command = parts.map(String);
        commands.push(command);
        try {
          return { result: encode(await redis.sendCommand(command), base64) };
        } catch (error) {
          return { error: (error as Error).message };
        }
      };
      const input = JSON.parse(body) as unknown[];
      // The client batches commands sent in the same tick to /pipeline (auto-pipelining): an array of commands.
      if (request.url === '/pipeline') {
        const results = [];
        for (const command of input as unknown[][]) results.push(await execute(command));
        response.end(JSON.stringify(results));
        return;
      }
      const result = await execute(input);
      if (result.error !== undefined) response.statusCode = 400;
      response.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    commands,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
