// The signature debugger's script, bundled for the browser by scripts/build-debugger.mjs into
// the page itself: the explain engine of `paysign explain` on crypto.subtle, no network at all.
import { signBaseString } from '@paysign/oauth-core';
import { redactBaseString } from '@paysign/protocol';
import { redactCardData } from '@paysign/protocol';
import { describeDifferences, type Diagnosis, explainRequest, ExplainInputError } from '@paysign/protocol/diagnose';
import { diffBaseString } from './base-string-diff.js';
import { readPastedRequest } from './read-pasted.js';

const field = (id: string): string => (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement).value;
const show = (id: string, text: string): void => {
  (document.getElementById(id) as HTMLElement).textContent = text;
};

function signatureMethodOf(authorization: string, body: string): string {
  const match = /oauth_signature_method="?([A-Za-z0-9-]+)/.exec(`${authorization}&${body}`);
  return match?.[1] ?? '';
}

// A base string with the pieces the other one lacks coloured (class "changed").
function showDiff(id: string, shown: string | undefined, other: string | undefined): void {
  const target = document.getElementById(id) as HTMLElement;
  if (shown === undefined) {
    target.textContent = '-';
    return;
  }
  target.replaceChildren(
    ...diffBaseString(shown, other ?? shown).map((piece) => {
      const span = document.createElement('span');
      if (piece.kind === 'changed') span.className = 'changed';
      span.textContent = piece.text;
      return span;
    }),
  );
}

async function expectedSignature(diagnosis: Diagnosis, controlKey: string): Promise<string> {
  const method = diagnosis.signatureMethod ?? '';
  if (diagnosis.expectedBaseString === undefined) return '-';
  if (!method.startsWith('HMAC-')) return 'RSA: only the private key can make it; the public key checks the signature sent (see the verdict)';
  return signBaseString(diagnosis.expectedBaseString, {
    signatureMethod: method as 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512',
    consumerSecret: controlKey,
    tokenSecret: '',
  });
}

// Opened on an inspector entry, an RSA request is checked by the emulator: the page holds only its
// masked text, which can never verify, and the emulator holds the public key.
async function checkEntry(entry: string): Promise<void> {
  show('status', 'asking the emulator…');
  const response = await fetch(`/emulator/requests/${encodeURIComponent(entry)}/check`, { method: 'POST' });
  const answer = (await response.json()) as {
    error?: string;
    verdict?: string;
    signatureMethod?: string;
    causes?: { code: string; message: string }[];
    expectedBaseString?: string;
  };
  if (!response.ok) return show('status', `the emulator cannot check it: ${answer.error ?? response.status}`);
  show('verdict', `${answer.verdict}${answer.signatureMethod ? ` (${answer.signatureMethod})` : ''}, checked by the emulator`);
  showDiff('base-string', answer.expectedBaseString, undefined);
  show('expected-signature', 'RSA: only the private key can make it; the emulator checked the signature sent with the public key it holds');
  const list = document.getElementById('causes') as HTMLElement;
  list.replaceChildren(
    ...(answer.causes ?? []).map((cause) => {
      const item = document.createElement('li');
      const code = Object.assign(document.createElement('code'), { className: 'cause-code', textContent: cause.code });
      item.append(code, ` ${cause.message}`);
      return item;
    }),
  );
  if ((answer.causes ?? []).length === 0)
    list.replaceChildren(Object.assign(document.createElement('li'), { textContent: 'none: the signature verifies and the timestamp is fresh' }));
  show('status', 'done');
}

async function run(): Promise<void> {
  const url = field('url').trim();
  const entry = field('entry');
  if (entry !== '' && signatureMethodOf(field('authorization'), field('body')).startsWith('RSA-')) {
    return checkEntry(entry).catch((error: unknown) => show('status', `cannot check: ${error instanceof Error ? error.message : String(error)}`));
  }
  const authorization = field('authorization').trim();
  const body = field('body');
  const controlKey = field('control-key');
  const publicKey = field('public-key').trim();
  (document.getElementById('rsa-row') as HTMLElement).hidden = !signatureMethodOf(authorization, body).startsWith('RSA-') && publicKey === '';
  show('status', 'checking…');
  try {
    const diagnosis = await explainRequest({
      method: field('method').trim() || 'POST',
      url,
      ...(authorization !== '' && { authorization }),
      body,
      ...(controlKey !== '' && { controlKey }),
      ...(publicKey !== '' && { publicKey }),
    });
    show('verdict', `${diagnosis.verdict}${diagnosis.signatureMethod ? ` (${diagnosis.signatureMethod})` : ''}`);
    const expected = diagnosis.expectedBaseString === undefined ? undefined : redactBaseString(diagnosis.expectedBaseString);
    const signedShown = diagnosis.signedBaseString === undefined ? undefined : redactBaseString(diagnosis.signedBaseString);
    showDiff('base-string', expected, signedShown);
    showDiff('signed-base-string', signedShown, expected);
    show('expected-signature', await expectedSignature(diagnosis, controlKey));
    const signed = diagnosis.signedBaseString;
    show(
      'difference',
      signed !== undefined && signed !== diagnosis.expectedBaseString
        ? redactCardData(describeDifferences(diagnosis.expectedBaseString ?? '', signed).join('\n'))
        : '-',
    );
    const list = document.getElementById('causes') as HTMLElement;
    list.replaceChildren(
      ...diagnosis.causes.map((cause) => {
        const item = document.createElement('li');
        const code = document.createElement('code');
        code.className = 'cause-code';
        code.textContent = cause.code;
        item.append(code, ` ${redactCardData(cause.message)}`);
        return item;
      }),
    );
    if (diagnosis.causes.length === 0)
      list.replaceChildren(Object.assign(document.createElement('li'), { textContent: 'none: the signature verifies and the timestamp is fresh' }));
    show('status', 'done');
  } catch (error) {
    show(
      'status',
      error instanceof ExplainInputError ? `${error.code}: ${error.message}` : `cannot check: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const form = document.getElementById('debugger') as HTMLFormElement;
(document.getElementById('paste') as HTMLTextAreaElement).addEventListener('input', (event) => {
  const pasted = readPastedRequest((event.target as HTMLTextAreaElement).value);
  if (pasted === undefined) return show('status', 'not a raw HTTP request, a curl command or a --save-request file');
  for (const [id, value] of Object.entries(pasted)) (document.getElementById(id) as HTMLInputElement).value = value;
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});
// Checks as you type: once typing pauses for 300 ms.
let typing: ReturnType<typeof setTimeout> | undefined;
form.addEventListener('input', () => {
  clearTimeout(typing);
  typing = setTimeout(() => void run(), 300);
});
show('status', 'ready');
// Filled in by the request inspector's link: checked at once.
if (field('url') !== '') void run();
