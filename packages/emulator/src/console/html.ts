const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and quoted attribute values: whatever a merchant sent (a
 * `<script>` in `first-name`) is shown as text. Control characters are shown as `\u{...}` too,
 * so nothing invisible reaches the page.
 *
 * @example
 * ```ts
 * escapeHtml('<script>alert(1)</script>'); // '&lt;script&gt;alert(1)&lt;/script&gt;'
 * ```
 */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/[&<>"']/g, (c) => ENTITIES[c] as string)
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

/** The security headers of every console page: nothing framed, nothing loaded from elsewhere, no referrer. */
export function pageHeaders(scriptSources: string, connectSources = "'none'"): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src ${scriptSources}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; connect-src ${connectSources}`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
}

/** The page's frame: a title, a small stylesheet and the body. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
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
