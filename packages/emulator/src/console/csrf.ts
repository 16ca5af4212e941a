/** A fresh random token for one emulator: every console form carries it, every console POST must send it back. */
export function createCsrfToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Why a console action is refused as cross-site, or `undefined` when it may run: the form's
 * token must be the emulator's; a browser's `Origin` must be the page's own origin (scheme and
 * the Host the request was addressed to); its `Sec-Fetch-Site`, when sent, must be `same-origin`.
 *
 * @example
 * ```ts
 * csrfProblem(request, form.get('csrf'), token); // 'the form token is missing or wrong'
 * ```
 */
export function csrfProblem(request: Request, sentToken: string | null, token: string): string | undefined {
  if (sentToken === null || !sameText(sentToken, token)) return 'the form token is missing or wrong: reload the console and try again';
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return `Sec-Fetch-Site is ${site}: console actions are taken from the console only`;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const url = new URL(request.url);
    const own = `${url.protocol}//${request.headers.get('host') ?? url.host}`;
    if (origin.toLowerCase() !== own.toLowerCase()) return "the Origin is not the console's own: console actions are taken from the console only";
  }
  return undefined;
}
