import { isLoopbackHost } from '@paysign/protocol';
/** A request read from pasted text: what the debugger's fields hold. */
export interface PastedRequest {
  method: string;
  url: string;
  authorization: string;
  body: string;
}

// Splits a shell command line into words as a POSIX shell does for quotes and backslashes (no
// expansion: `$VAR` stays as written), joining lines continued with a backslash.
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end === -1 ? line.length : end);
      i = end === -1 ? line.length : end;
      inWord = true;
    } else if (char === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1] as string)) i++;
        word += line[i];
        i++;
      }
      inWord = true;
    } else if (char === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') word += line[i + 1];
      i++;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function fromCurl(text: string): PastedRequest | undefined {
  const words = shellWords(text.trim());
  if (words[0] !== 'curl') return undefined;
  let method: string | undefined;
  let url = '';
  let authorization = '';
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const next = (): string => words[++i] ?? '';
    if (word === '-X' || word === '--request') method = next();
    else if (word === '-H' || word === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      if (colon !== -1 && header.slice(0, colon).trim().toLowerCase() === 'authorization') authorization = header.slice(colon + 1).trim();
    } else if (word === '-d' || word === '--data' || word === '--data-raw' || word === '--data-binary' || word === '--data-ascii') data.push(next());
    else if (word === '--url') url = next();
    else if (!word.startsWith('-') && url === '') url = word;
  }
  return { method: method ?? (data.length > 0 ? 'POST' : 'GET'), url, authorization, body: data.join('&') };
}

function fromSavedFile(text: string): PastedRequest | undefined {
  let saved: { method?: unknown; url?: unknown; headers?: unknown; body?: unknown };
  try {
    saved = JSON.parse(text) as typeof saved;
  } catch {
    return undefined;
  }
  if (typeof saved?.url !== 'string') return undefined;
  const headers = typeof saved.headers === 'object' && saved.headers !== null ? (saved.headers as Record<string, unknown>) : {};
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return {
    method: typeof saved.method === 'string' ? saved.method : 'POST',
    url: saved.url,
    authorization: typeof authorization === 'string' ? authorization : '',
    body: typeof saved.body === 'string' ? saved.body : '',
  };
}

function fromRawHttp(text: string): PastedRequest | undefined {
  const normalised = text.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = (split === -1 ? normalised : normalised.slice(0, split)).trim().split('\n');
  const body = split === -1 ? '' : normalised.slice(split + 2).replace(/\n$/, '');
  const start = /^([A-Za-z]+)\s+(\S+)\s+HTTP\/\d(?:\.\d)?$/.exec(head[0] ?? '');
  if (start === null) return undefined;
  let host = '';
  let authorization = '';
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'host') host = value;
    else if (name === 'authorization') authorization = value;
  }
  const target = start[2] as string;
  // The scheme is not in a request as sent: http for this machine, https for any other host.
  const local = URL.canParse(`http://${host}`) && isLoopbackHost(new URL(`http://${host}`).hostname);
  const url = /^https?:\/\//.test(target) ? target : `${local ? 'http' : 'https'}://${host}${target}`;
  return { method: start[1] as string, url, authorization, body };
}

/**
 * Reads a request pasted into the debugger: a `paysign send --save-request` file (JSON), a curl
 * command (`-X`, `-H 'Authorization: ...'`, `-d`/`--data-raw`, quotes as a shell reads them), or a
 * raw HTTP request (request line, headers, blank line, body; the scheme taken as http for a
 * loopback Host and https otherwise). `undefined` when it is none of them.
 *
 * @example
 * ```ts
 * readPastedRequest("curl -X POST 'https://g.example/p' -H 'Authorization: OAuth a=\"1\"' -d 'amount=1.00'");
 * // { method: 'POST', url: 'https://g.example/p', authorization: 'OAuth a="1"', body: 'amount=1.00' }
 * ```
 */
export function readPastedRequest(text: string): PastedRequest | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return fromSavedFile(trimmed);
  if (/^curl\s/.test(trimmed)) return fromCurl(trimmed);
  return fromRawHttp(trimmed);
}
