import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README shows examples/readme.mjs with what each line prints as a comment below it: the file
// and the README's code block must be the same program, and each comment what the built package prints.
describe('README example (examples/readme.mjs)', () => {
  const example = fileURLToPath(new URL('../examples/readme.mjs', import.meta.url));
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

  it('is the program the README shows', () => {
    const code = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('//'));
    expect(code(block)).toEqual(code(readFileSync(example, 'utf8')));
  });

  it('prints what the README says it prints', () => {
    const printed = execFileSync(process.execPath, [example], { encoding: 'utf8' });
    const lines = printed
      .replace(/\s*\n\s*/g, ' ')
      .replace(/\[ /g, '[')
      .replace(/ \]/g, ']');
    const promised = [...block.matchAll(/^\/\/ (.*)$/gm)].map((match) => match[1]).join(' ');
    expect(lines.trim()).toBe(promised);
  });
});
