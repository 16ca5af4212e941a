// Runs the signing matrix in workerd: starts `workerd serve` on a loopback port with the bundled
// worker, and times each batch from here (workerd's own clock stands still during a request).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figures, measureInterleaved } from '../harness/measure.js';
import type { Progress } from '../harness/progress.js';
import type { CaseResult, GroupResult } from '../signers/matrix.js';
import type { Algorithm, CaseKind } from '../signers/types.js';
import { freePort } from '../../../scripts/test-support/free-port.mjs';

interface Prepared {
  auto: string;
  groups: { algorithm: Algorithm; requestId: string; requestTitle: string; cases: { id: string; kind: CaseKind; label: string }[] }[];
}

const config = (port: number) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .benchWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const benchWorker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2025-06-01",
  # node:crypto for the peers (oauth-1.0a and oauth-sign as their READMEs use them); paysign is bundled for workerd, so it still uses crypto.subtle.
  compatibilityFlags = ["nodejs_compat"],
);
`;

/** Runs the matrix in workerd and returns its groups, or throws with why it could not. */
export async function runWorkerd(
  binary: string,
  plan: { pkcs1Pem: string; rounds: number; sampleMs: number; algorithms: Algorithm[] },
  progress: Progress,
): Promise<GroupResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'paysign-workerd-'));
  copyFileSync(fileURLToPath(new URL('./workerd-worker.js', import.meta.url)), join(dir, 'worker.js'));
  const port = await freePort();
  writeFileSync(join(dir, 'config.capnp'), config(port));
  const child = spawn(binary, ['serve', join(dir, 'config.capnp')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    let prepared: Prepared | undefined;
    for (let attempt = 0; attempt < 100 && prepared === undefined; attempt++) {
      if (child.exitCode !== null) throw new Error(`workerd exited: ${stderr.slice(-500)}`);
      try {
        const response = await fetch(`${base}/prepare`, { method: 'POST', body: JSON.stringify(plan) });
        if (!response.ok) throw new Error(`workerd could not prepare the signers: ${await response.text()}`);
        prepared = (await response.json()) as Prepared;
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('workerd could not')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (prepared === undefined) throw new Error('workerd did not start listening');
    const version = `workerd ${binary.includes('workerd') ? await workerdVersion(binary) : ''}`.trim();
    const results: GroupResult[] = [];
    for (const [index, group] of prepared.groups.entries()) {
      progress.step(`${group.algorithm} · ${group.requestTitle} · ${version}`);
      const samples = await measureInterleaved(
        group.cases.map((c) => ({
          id: c.id,
          async run(n: number) {
            const response = await fetch(`${base}/run?group=${index}&case=${encodeURIComponent(c.id)}&n=${n}`);
            if (!response.ok) throw new Error(`workerd failed ${c.id}: ${await response.text()}`);
            await response.arrayBuffer();
          },
        })),
        { rounds: plan.rounds, sampleMs: plan.sampleMs, onSample: (event) => progress.update(event.done, event.total, event.caseId) },
      );
      const floorId = group.cases.find((c) => c.kind === 'floor')!.id;
      const figure = figures(samples, floorId);
      const cases: CaseResult[] = group.cases.map((c) => ({
        ...c,
        opsPerSecond: figure[c.id]!.opsPerSecond,
        vsFloor: figure[c.id]!.vsFloor!,
        samples: samples[c.id]!,
      }));
      results.push({
        runtime: version,
        algorithm: group.algorithm,
        requestId: group.requestId,
        requestTitle: group.requestTitle,
        floorId,
        auto: prepared.auto,
        cases,
      });
    }
    return results;
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function workerdVersion(binary: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(binary, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', () => resolve(out.trim().replace(/^workerd\s*/, '')));
    child.on('error', () => resolve(''));
  });
}
