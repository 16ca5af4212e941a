import type { IncomingMessage } from 'node:http';
import type { DirectReply } from './direct-reply.js';

// Statuses whose reply has no body (the fetch standard's "null body status").
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Reads a Node reply straight into what the client needs, as `incomingResponse` + `readCappedBytes`
 * would give it: a `Content-Length` over `maxBytes` is refused before anything is read; otherwise
 * bytes are counted as they arrive and the reply is destroyed as soon as the count passes the cap
 * (`body: undefined`), so no more than the cap and one chunk is buffered. A status a `Response`
 * cannot carry (outside 200-599) rejects as fetch does (`TypeError('fetch failed')`); an abort or a
 * broken connection while the body is read rejects with the abort's reason, or
 * `TypeError('terminated')` with the system error as `cause`.
 */
export function readIncomingReply(incoming: IncomingMessage, method: string, maxBytes: number, abortReason: () => unknown): Promise<DirectReply> {
  const status = incoming.statusCode ?? 0;
  if (status < 200 || status > 599) {
    incoming.destroy();
    return Promise.reject(new TypeError('fetch failed', { cause: new RangeError(`a reply's status must be 200-599 (${status} given)`) }));
  }
  const headers: Record<string, string> = {};
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = (raw[i + 1] as string).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  if (method === 'HEAD' || NULL_BODY.has(status)) {
    incoming.resume();
    return Promise.resolve({ status, headers, body: new Uint8Array(0) });
  }
  const declared = headers['content-length'];
  if (declared !== undefined && /^[0-9]+$/.test(declared) && Number(declared) > maxBytes) {
    incoming.destroy();
    return Promise.resolve({ status, headers, body: undefined });
  }
  return new Promise<DirectReply>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(abortReason() ?? new TypeError('terminated', { cause: error ?? Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }) }));
    };
    incoming.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.byteLength;
      if (total > maxBytes) {
        settled = true;
        incoming.destroy();
        resolve({ status, headers, body: undefined });
        return;
      }
      chunks.push(chunk);
    });
    incoming.once('end', () => {
      if (settled) return;
      settled = true;
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
      resolve({ status, headers, body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
    });
    incoming.on('error', fail);
    incoming.once('close', () => {
      if (!incoming.complete) fail(undefined);
    });
  });
}
