// The gateway README's Next.js (App Router) and Hono examples (issue 28 item 3), read from the
// README itself: each is type-checked with the workspace's strict settings against the package's
// sources, then compiled, run, and sent a genuine callback and a forged one.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { callbackControl } from '@paysign/protocol';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(join(root, 'packages/gateway/README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const EXAMPLES = {
  next: blocks.find((code) => code.startsWith('// app/callbacks/route.ts (Next.js App Router)')),
  hono: blocks.find((code) => code.startsWith('// Hono\n')),
};
// The reader's own order store, which the examples leave out.
const PRELUDE = `declare const orders: {
  awaitingCallback(merchantOrder: string): Promise<{ amount?: string } | undefined>;
  settle(merchantOrder: string, status: string): Promise<void>;
};
`;
const RUNTIME_PRELUDE = `const orders = globalThis.__readmeOrders;\n`;
const CONTROL_KEY = 'readme-control-key';

const dir = join(root, 'integration/.readme-frameworks');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function typeErrors(name: string, code: string): string[] {
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, PRELUDE + code);
  const gateway = join(root, 'packages/gateway/src/index.ts');
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    baseUrl: root,
    paths: { '@paysign/gateway': [gateway] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

async function load(name: string, code: string): Promise<Record<string, unknown>> {
  const js = ts.transpileModule(RUNTIME_PRELUDE + code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, js);
  return import(pathToFileURL(file).href);
}

async function callbackUrl(status: string, control?: string): Promise<string> {
  const fields = { status, orderid: '9021', merchantOrder: 'order-55' };
  const query = new URLSearchParams({
    status,
    orderid: fields.orderid,
    merchant_order: fields.merchantOrder,
    amount: '10.00',
    control: control ?? (await callbackControl(fields, CONTROL_KEY)),
  });
  return `http://127.0.0.1/callbacks?${query}`;
}

describe('the gateway README framework examples', () => {
  it('are in the README', () => {
    expect(EXAMPLES.next).toBeDefined();
    expect(EXAMPLES.hono).toBeDefined();
  });

  it.each(['next', 'hono'] as const)('%s: type-checks, and handles a genuine callback once and refuses a forged one', async (name) => {
    const code = EXAMPLES[name] as string;
    expect(typeErrors(name, code)).toEqual([]);
    const settled: [string, string][] = [];
    (globalThis as Record<string, unknown>).__readmeOrders = {
      awaitingCallback: async (merchantOrder: string) => (merchantOrder === 'order-55' ? { amount: '10.00' } : undefined),
      settle: async (merchantOrder: string, status: string) => void settled.push([merchantOrder, status]),
    };
    process.env.GATEWAY_CONTROL_KEY = CONTROL_KEY;
    const module = await load(name, code);
    const handle =
      name === 'next'
        ? (request: Request) => (module.GET as (request: Request) => Promise<Response>)(request)
        : (request: Request) => (module.default as { fetch(request: Request): Promise<Response> }).fetch(request);
    const genuine = await handle(new Request(await callbackUrl('approved')));
    expect(genuine.status).toBe(200);
    expect((await handle(new Request(await callbackUrl('approved')))).status).toBe(200);
    const forged = await handle(new Request(await callbackUrl('approved', 'f'.repeat(40))));
    expect(forged.status).toBe(403);
    expect(settled).toEqual([['order-55', 'approved']]);
  });
});
