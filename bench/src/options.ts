// Command-line options of `pnpm bench`.

export const SUITES = ['hmac', 'rsa', 'runtimes', 'concurrency', 'inflight', 'payload', 'memory'] as const;
export type SuiteName = (typeof SUITES)[number];

export interface BenchOptions {
  quick: boolean;
  suites: ReadonlySet<SuiteName>;
  rounds: number;
  sampleMs: number;
  /** Signs in the memory-flatness run. */
  memorySigns: number;
  /** Row counts of the payload benchmark. */
  payloadRows: readonly number[];
  /** Where the Markdown, SVG and JSON go. */
  outDir: string;
}

const USAGE = `usage: bench [--quick] [--only=hmac,rsa,runtimes,concurrency,inflight,payload,memory] [--rounds=N] [--sample-ms=N] [--out=DIR]`;

/**
 * Parses the command line; `--quick` is for development (fewer, shorter rounds, written to
 * results/quick so the committed results stay as they are).
 *
 * @example
 * ```ts
 * parseOptions(['--quick', '--only=hmac']).suites; // Set { 'hmac' }
 * ```
 */
export function parseOptions(argv: readonly string[], defaultOutDir = 'results'): BenchOptions {
  const quick = argv.includes('--quick');
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  for (const arg of argv) {
    // `pnpm ... bench -- --only=hmac` passes the `--` separator through: it is not an option.
    if (arg === '--') continue;
    if (arg !== '--quick' && !/^--(only|rounds|sample-ms|out)=/.test(arg)) throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  const only = value('only');
  const suites = new Set<SuiteName>();
  for (const name of only === undefined ? SUITES : only.split(',')) {
    if (!(SUITES as readonly string[]).includes(name)) throw new Error(`unknown suite ${name}\n${USAGE}`);
    suites.add(name as SuiteName);
  }
  const positive = (name: string, fallback: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive whole number\n${USAGE}`);
    return parsed;
  };
  return {
    quick,
    suites,
    rounds: positive('rounds', quick ? 3 : 9),
    sampleMs: positive('sample-ms', quick ? 30 : 150),
    memorySigns: quick ? 100_000 : 1_000_000,
    payloadRows: quick ? [1, 100, 10_000] : [1, 100, 100_000],
    outDir: value('out') ?? (quick ? `${defaultOutDir}/quick` : defaultOutDir),
  };
}
