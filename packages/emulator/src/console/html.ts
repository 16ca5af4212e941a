import { html } from 'hono/html';
import type { secureHeaders } from 'hono/secure-headers';
import type { HtmlEscapedString } from 'hono/utils/html';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** HTML made by `hono/html`'s `html` tag: every value put in it is escaped unless it is HTML made the same way. */
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * The console's secure headers (`hono/secure-headers`' options): nothing framed, nothing loaded from
 * elsewhere, no referrer beyond the page's origin, scripts only from `scriptSources`.
 *
 * @example
 * ```ts
 * app.use('/', secureHeaders(consoleSecurity(["'self'"], ["'self'"])));
 * ```
 */
export function consoleSecurity(scriptSources: string[], connectSources: string[] = ["'none'"]): SecureHeadersOptions {
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      imgSrc: ['data:'],
      scriptSrc: scriptSources,
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      connectSrc: connectSources,
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
    // The console is plain HTTP on loopback: no HSTS from it.
    strictTransportSecurity: false,
  };
}

/** The page's frame: a title, a small stylesheet and the body. */
export function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#1d2430;color:#fff;padding:10px 20px;display:flex;gap:20px;align-items:center}
header a{color:#cfe3ff}main{padding:12px 20px;max-width:1200px}
section{background:#fff;border:1px solid #dde1e7;border-radius:6px;padding:10px 14px;margin:12px 0}
h2{font-size:16px;margin:4px 0 8px}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #eceff3;padding:4px 6px;text-align:left;vertical-align:top}
code,pre{font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
.approved{color:#17803d}.declined,.refused{color:#b42318}.muted{color:#667085}
form.inline{display:inline}button{cursor:pointer}label{margin-right:8px}
textarea,input[type=text],input[type=url]{font:12px ui-monospace,monospace;width:100%;box-sizing:border-box}
</style></head><body>${body}</body></html>`;
}
