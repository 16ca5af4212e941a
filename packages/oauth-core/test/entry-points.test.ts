// The runtime entry points (src/entries/*.ts) are a dozen lines each: they bind createSigner,
// createVerifier, signBaseString and verifyBaseString to their adapter, typed as the members of
// BoundApi, where those functions are documented once. Two things that design must keep, checked
// on the built package as users get it (`pnpm build` first): an editor still shows the docs, with
// an example, where a user calls the function; and a bundle keeps only the functions it imports.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = ['@paysign/oauth-core', '@paysign/oauth-core/node', '@paysign/oauth-core/webcrypto', '@paysign/oauth-core/js'];
const BOUND = ['createSigner', 'createVerifier', 'signBaseString', 'verifyBaseString'] as const;

/** What an editor (the TypeScript language service) shows when hovering each bound function where it is called, in a file importing them from `entry`. */
function hoversAtCalls(entry: string): Map<string, { signature: string; documentation: string; tags: string[] }> {
  const file = `${packageDir}test/hover.ts`;
  const calls = BOUND.map((name) =>
    name === 'createSigner'
      ? `${name}({ consumerKey: 'merchant', consumerSecret: 'secret', signatureMethod: 'HMAC-SHA1' });`
      : `${name}(...([] as unknown as Parameters<typeof ${name}>));`,
  );
  const text = `import { ${BOUND.join(', ')} } from '${entry}';\n${calls.join('\n')}\n`;
  const options: ts.CompilerOptions = { strict: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noEmit: true };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (path) => {
      const content = path === file ? text : ts.sys.readFile(path);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => packageDir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (path) => path === file || ts.sys.fileExists(path),
    readFile: (path) => (path === file ? text : ts.sys.readFile(path)),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  // The calls compile: the names resolve to the built package's declarations.
  expect(service.getSemanticDiagnostics(file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '))).toEqual([]);
  const hovers = new Map<string, { signature: string; documentation: string; tags: string[] }>();
  for (const name of BOUND) {
    const info = service.getQuickInfoAtPosition(file, text.indexOf(`\n${name}(`) + 2);
    hovers.set(name, {
      signature: ts.displayPartsToString(info?.displayParts),
      documentation: ts.displayPartsToString(info?.documentation),
      tags: (info?.tags ?? []).map((tag) => tag.name),
    });
  }
  return hovers;
}

describe('the docs of the bound functions, written once on BoundApi', () => {
  for (const entry of ENTRIES) {
    it(`show with an example where ${entry}'s functions are called, from the built .d.ts`, () => {
      const hovers = hoversAtCalls(entry);
      const signer = hovers.get('createSigner');
      expect(signer?.documentation).toMatch(/^Creates a signer: OAuth 1\.0 \(RFC 5849\)/);
      expect(signer?.tags).toEqual(expect.arrayContaining(['throws', 'example']));
      // The signer type is the entry's: signSync where the adapter is synchronous.
      expect(signer?.signature).toContain(entry.endsWith('/node') || entry.endsWith('/js') ? '): SyncSigner' : '): Signer');
      expect(hovers.get('createVerifier')?.documentation).toMatch(/^Creates a verifier of OAuth 1\.0 signed requests/);
      expect(hovers.get('signBaseString')?.documentation).toMatch(/^Signs a ready signature base string/);
      expect(hovers.get('verifyBaseString')?.documentation).toMatch(/^Checks a Base64 signature/);
      for (const name of BOUND) expect(hovers.get(name)?.tags, name).toContain('example');
    });
  }
});

/** The minified bundle of a module that re-exports `names` from `entry`, bundled for a worker. */
async function bundle(entry: string, names: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `export { ${names.join(', ')} } from '${entry}';`, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['worker'],
    external: ['node:crypto'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

// Reason codes only the verifier writes.
const VERIFIER_ONLY = /stale_timestamp|unknown_consumer|replayed_nonce/;

describe('a bundle of the bound functions', () => {
  for (const entry of ENTRIES) {
    it(`keeps no verifier when it imports only createSigner from ${entry}`, async () => {
      expect(await bundle(entry, ['createVerifier'])).toMatch(VERIFIER_ONLY);
      const signerOnly = await bundle(entry, ['createSigner']);
      expect(signerOnly).toContain('oauth_signature');
      expect(signerOnly).not.toMatch(VERIFIER_ONLY);
      // and no public-key parsing: the signing adapter has no rsaPublic
      expect(signerOnly).not.toContain('rsaPublic');
    });
  }
});
