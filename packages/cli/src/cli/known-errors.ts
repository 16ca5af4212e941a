// Errors from the libraries or the system that are the caller's mistake: said in the CLI's words (flags), exit 2.

/** The flag behind each option of the gateway client, the bulk sender or the schedule preview. */
const OPTION_FLAGS: Readonly<Record<string, string>> = {
  baseUrl: '--base-url',
  endpointId: '--endpoint-id',
  login: '--login',
  controlKey: '--control-key',
  privateKey: '--private-key',
  pathPrefix: '--path-prefix',
  projectCurrency: '--currency',
  timeoutMs: '--timeout',
  today: '--today',
  signatureMethod: '--control-key or --private-key',
};

interface Issue {
  field?: unknown;
  message?: unknown;
}

function flagFor(field: string): string {
  return OPTION_FLAGS[field] ?? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** An issue named by its option's flag: `baseUrl` as `--base-url: must use https: ...`, `options.today` as `--today: ...`. */
function issueInFlags(issue: Issue): string {
  const field = typeof issue.field === 'string' ? issue.field.replace(/^options\./, '') : '';
  const message = typeof issue.message === 'string' ? issue.message : 'invalid';
  return field === '' ? message : `${flagFor(field)}: ${message}`;
}

/**
 * The usage message for an error that stems from how the command was called, or `undefined`
 * when the error is not one: a port taken or not allowed (`EADDRINUSE`, `EACCES`), a host not
 * of this machine (`EADDRNOTAVAIL`), invalid client options (`INVALID_OPTIONS`, in flag names).
 *
 * @example
 * ```ts
 * usageMessageFor(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 8080, address: '127.0.0.1' }));
 * // 'port 8080 on 127.0.0.1 is taken by another program: choose another with --port N, or --port 0 for a free one'
 * ```
 */
export function usageMessageFor(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, port, address } = error as Error & { code?: unknown; port?: unknown; address?: unknown };
  const where = `port ${String(port ?? '?')}${address === undefined ? '' : ` on ${String(address)}`}`;
  if (code === 'EADDRINUSE') return `${where} is taken by another program: choose another with --port N, or --port 0 for a free one`;
  if (code === 'EACCES' && port !== undefined)
    return `${where} needs privileges to listen on: choose a port above 1023 with --port N, or --port 0 for a free one`;
  if (code === 'EADDRNOTAVAIL') return `${String(address ?? 'the host')} is not an address of this machine: choose another with --host (default 127.0.0.1)`;
  const issues: unknown = (error as { issues?: unknown }).issues;
  if (code === 'INVALID_OPTIONS' && Array.isArray(issues)) {
    return issues.length === 1 ? issueInFlags(issues[0] as Issue) : ['invalid flags:', ...issues.map((issue) => `  - ${issueInFlags(issue)}`)].join('\n');
  }
  return undefined;
}

/**
 * What to do about a 401/403 (the gateway did not accept the signature), in flags and commands:
 * the one text `send` and `bulk` print, instead of the client library's advice (which names its
 * API). `next` is the step that finds out why, which depends on the command.
 *
 * @example
 * ```ts
 * authenticationAdvice(403, 'To see why, run this command again with --show-request.');
 * // "the gateway did not accept the request's signature (HTTP 403).\nCheck --login, ..."
 * ```
 */
export function authenticationAdvice(httpStatus: number | undefined, next: string): string {
  return [
    `the gateway did not accept the request's signature${httpStatus === undefined ? '' : ` (HTTP ${httpStatus})`}.`,
    'Check --login, the key (--control-key, or --private-key whose public key the gateway holds; sandbox and production keys differ),',
    '--endpoint-id and --base-url, and the clock of this machine.',
    next,
  ].join('\n');
}
