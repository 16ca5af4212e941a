// publint --strict on the packed tarball, so it lints exactly the files a user downloads.
import { readFile } from 'node:fs/promises';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/** publint findings for one tarball; in strict mode warnings count as errors, suggestions are shown. */
export async function checkPublint(pkg) {
  const tarball = (await readFile(pkg.tarball)).buffer;
  const { messages, pkg: manifest } = await publint({ pack: { tarball }, strict: true, level: 'suggestion' });
  const lines = messages.map((m) => `${m.type}: ${formatMessage(m, manifest) ?? m.code}`);
  const failing = messages.filter((m) => m.type === 'error');
  return { ok: failing.length === 0, detail: lines.join('\n') };
}
