import { redactCardData } from '@paysign/protocol';
import { redactFormBody, redactUrl } from '@paysign/protocol/diagnose';
import { html as h, raw } from 'hono/html';
import { layout } from '../console/html.js';
import { DEBUGGER_SCRIPT, DEBUGGER_SCRIPT_HASH } from './debugger-bundle.generated.js';

/** The request fields the debugger is filled in with. */
export interface DebuggerFields {
  method: string;
  url: string;
  authorization: string;
  body: string;
  /** The request inspector's entry it was opened on: an RSA request is then checked by the emulator, with the key it holds. */
  entry: string;
}

/**
 * The signature debugger: one self-contained HTML page, its script inline (the explain engine
 * built for the browser), so it works served by the emulator, saved to disk or put on any host.
 * Nothing typed into it leaves the page.
 *
 * @example
 * ```ts
 * const { html, scriptHash } = await debuggerPage(); // scriptHash goes in the CSP's script-src
 * await debuggerPage({ url, authorization, body }); // filled in (masked), as the request inspector links it
 * ```
 */
export async function debuggerPage(prefill: Partial<DebuggerFields> = {}): Promise<{ html: string; scriptHash: string }> {
  // Filled in from the request inspector's "open in debugger" link: masked values only.
  const v = {
    method: redactCardData(prefill.method ?? 'POST'),
    url: redactUrl(prefill.url ?? ''),
    authorization: redactCardData(prefill.authorization ?? ''),
    body: redactFormBody(prefill.body ?? ''),
    entry: /^[1-9][0-9]{0,15}$/.test(prefill.entry ?? '') ? (prefill.entry as string) : '',
  };
  const html = await layout(
    'paysign signature debugger',
    h`<header><strong>paysign signature debugger</strong><a href="/">console</a></header>
<main><section><p id="private"><strong>Nothing is sent:</strong> the check runs in this page, with your browser's WebCrypto. The page makes no request, and works saved to disk too.${
      v.entry === ''
        ? ''
        : h` Opened on request ${v.entry} of the inspector, an RSA-SHA256 request is checked by the emulator instead, as it received it and with the public key it holds (the page shows its masked answer; the request's bytes stay in the emulator).`
    }</p>
<form id="debugger"><input type="hidden" id="entry" value="${v.entry}">
<p><label for="paste">Paste a request</label> (a raw HTTP request, a curl command, or a <code>paysign send --save-request</code> file: it fills the fields below)<textarea id="paste" rows="3"></textarea></p>
<p><label for="method">Method</label><input type="text" id="method" name="method" value="${v.method}" style="width:80px"></p>
<p><label for="url">URL</label><input type="url" id="url" name="url" value="${v.url}" placeholder="https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1234"></p>
<p><label for="authorization">Authorization header</label><textarea id="authorization" name="authorization" rows="3" placeholder='OAuth oauth_consumer_key="…", oauth_signature_method="HMAC-SHA1", …'>${v.authorization}</textarea></p>
<p><label for="body">Body</label><textarea id="body" name="body" rows="3" placeholder="client-order-id=order-1&amp;sending-card-ref-id=ref-9">${v.body}</textarea></p>
<p><label for="control-key">Control key</label><input type="password" id="control-key" name="control-key" autocomplete="off"></p>
<p id="rsa-row"><label for="public-key">Public key</label> (RSA-SHA256: the merchant's PEM)<textarea id="public-key" name="public-key" rows="3"></textarea></p>
<button type="submit" id="check">Check the signature</button> <span id="status" class="muted">loading…</span>
</form></section>
<section id="result"><h2>Result</h2><table>
<tr><th>Verdict</th><td id="verdict">-</td></tr>
<tr><th>Base string the gateway builds</th><td><code id="base-string">-</code></td></tr>
<tr><th>Base string that was signed</th><td><code id="signed-base-string">-</code></td></tr>
<tr><th>Expected signature</th><td><code id="expected-signature">-</code></td></tr>
<tr><th>Difference from what was signed</th><td><pre id="difference">-</pre></td></tr>
<tr><th>Causes (codes of <code>paysign explain</code>)</th><td><ul id="causes"></ul></td></tr></table></section></main>
<style>.changed{background:#fde2e1;color:#7a1410}</style>
<script type="module">${raw(DEBUGGER_SCRIPT)}</script>`,
  );
  return { html: String(html), scriptHash: DEBUGGER_SCRIPT_HASH };
}
