// What every runtime entry does: gather the suites for the flavours present (the shared
// conformance suites, unchanged, plus this folder's export-map and transcript checks), run them
// with the shared harness, and print the summary line and the transcript digest run-all compares.
import { runSuites, type RunSummary, type Suite } from '../harness.js';
import { oauthSuites, specRuleSuites } from '../suites/index.js';
import { exportMapSuite } from './export-map.js';
import { presentFlavours, type OAuthCoreModule, type RuntimeEntry } from './flavours.js';
import { transcriptSuite } from './transcript.js';

/** The summary of one runtime's run, with the digest of its transcript. */
export interface ConformanceResult extends RunSummary {
  transcript: string;
}

/** The line prefix run-all reads the transcript digest from. */
export const TRANSCRIPT_PREFIX = 'transcript sha256: ';

/**
 * Runs the conformance suites (and any checks of the runtime itself) here and logs
 * `<runtime>: N passed, N failed`.
 *
 * @example
 * ```ts
 * const result = await runConformance({ runtime: 'bun', flavours, bare, hmac, bareAdapter: 'node' }, console.log);
 * if (result.failed > 0) process.exitCode = 1;
 * ```
 */
export async function runConformance(entry: RuntimeEntry, log: (line: string) => void, runtimeSuites: readonly Suite[] = []): Promise<ConformanceResult> {
  const transcript = transcriptSuite(entry.flavours, entry.hmac);
  // The shared suites get the bare import too, as `default`, exactly as the Node (vitest) entry does.
  const builds: Record<string, OAuthCoreModule> = { default: entry.bare, ...Object.fromEntries(presentFlavours(entry.flavours)) };
  const suites: Suite[] = [...runtimeSuites, exportMapSuite(entry), transcript.suite, ...oauthSuites(builds, entry.hmac), ...specRuleSuites()];
  const summary = await runSuites(suites, log, entry.runtime);
  const digest = await transcript.digest();
  log(`${TRANSCRIPT_PREFIX}${digest}`);
  return { ...summary, transcript: digest };
}
