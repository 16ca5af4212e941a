// Longest functions of a package's sources (lines from the function's first to last line).
import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.ts$/.test(name) && !/\.generated\./.test(name) ? [p] : [];
  });
const out = [];
for (const file of files(process.argv[2])) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = sf.getLineAndCharacterOfPosition(node.end).line;
      const name =
        node.name?.getText?.() ??
        (ts.isVariableDeclaration(node.parent)
          ? node.parent.name.getText()
          : ts.isPropertyAssignment(node.parent)
            ? node.parent.name.getText()
            : '(anonymous)');
      out.push({ lines: end - start + 1, where: `${file.replace(`${process.argv[2]}/`, '')}:${start + 1}`, name });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
out.sort((a, b) => b.lines - a.lines);
for (const f of out.slice(0, Number(process.argv[3] ?? 8))) console.log(f.lines, f.name, f.where);
