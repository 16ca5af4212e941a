// A runtime-neutral test harness: suites register plain test functions here, and a thin entry
// per runtime runs them (vitest on Node; a plain runner on Deno, Bun, workerd and edge-runtime).
// No Node built-ins: this file and every suite must load in every runtime.

export type TestFunction = () => void | Promise<void>;

export interface TestCase {
  name: string;
  fn: TestFunction;
}

export interface Suite {
  name: string;
  tests: TestCase[];
}

/**
 * Defines a suite of tests.
 *
 * @example
 * ```ts
 * export default suite('percentEncode', (test) => {
 *   test('encodes a space as %20', () => assert.equal(percentEncode(' '), '%20'));
 * });
 * ```
 */
export function suite(name: string, define: (test: (name: string, fn: TestFunction) => void) => void): Suite {
  const tests: TestCase[] = [];
  define((testName, fn) => tests.push({ name: testName, fn }));
  return { name, tests };
}

export class AssertionError extends Error {
  override readonly name = 'AssertionError';
}

function show(value: unknown): string {
  try {
    return typeof value === 'string'
      ? JSON.stringify(value)
      : (JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value));
  } catch {
    return String(value);
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** The assertion functions; declared so that `assert.ok` narrows types (TS requires an explicit type for assertion signatures). */
export interface Assert {
  ok(value: unknown, message?: string): asserts value;
  equal<T>(actual: T, expected: T, message?: string): void;
  notEqual<T>(actual: T, unexpected: T, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  throws(fn: () => unknown, code?: string, message?: string): unknown;
  rejects(fn: () => Promise<unknown>, code?: string, message?: string): Promise<unknown>;
}

/** Assertions that work everywhere; each failure names what was expected and what came. */
export const assert: Assert = {
  ok(value: unknown, message = 'expected a truthy value'): asserts value {
    if (!value) throw new AssertionError(message);
  },
  equal<T>(actual: T, expected: T, message?: string): void {
    if (!Object.is(actual, expected)) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(expected)}, got ${show(actual)}`);
  },
  notEqual<T>(actual: T, unexpected: T, message?: string): void {
    if (Object.is(actual, unexpected)) throw new AssertionError(`${message ? `${message}: ` : ''}expected anything but ${show(unexpected)}`);
  },
  deepEqual(actual: unknown, expected: unknown, message?: string): void {
    if (!deepEqual(actual, expected)) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(expected)}, got ${show(actual)}`);
  },
  /** Checks that `fn` throws; with `code`, that the error's `code` is that. Returns the error. */
  throws(fn: () => unknown, code?: string, message?: string): unknown {
    try {
      fn();
    } catch (error) {
      if (code !== undefined && codeOf(error) !== code) {
        throw new AssertionError(`${message ? `${message}: ` : ''}expected code ${code}, got ${show(codeOf(error))}`);
      }
      return error;
    }
    throw new AssertionError(`${message ? `${message}: ` : ''}expected an error${code ? ` with code ${code}` : ''}`);
  },
  /** Checks that `fn` rejects; with `code`, that the error's `code` is that. Returns the error. */
  async rejects(fn: () => Promise<unknown>, code?: string, message?: string): Promise<unknown> {
    try {
      await fn();
    } catch (error) {
      if (code !== undefined && codeOf(error) !== code) {
        throw new AssertionError(`${message ? `${message}: ` : ''}expected code ${code}, got ${show(codeOf(error))}`);
      }
      return error;
    }
    throw new AssertionError(`${message ? `${message}: ` : ''}expected a rejection${code ? ` with code ${code}` : ''}`);
  },
};

export interface RunSummary {
  passed: number;
  failed: number;
  failures: { suite: string; test: string; error: string }[];
}

/**
 * Runs suites one test at a time and reports each result through `log`; ends with the line
 * `N passed, N failed`. For runtimes without vitest.
 *
 * @example
 * ```ts
 * const summary = await runSuites(suites, console.log);
 * if (summary.failed > 0) Deno.exit(1);
 * ```
 */
export async function runSuites(suites: readonly Suite[], log: (line: string) => void, label = ''): Promise<RunSummary> {
  const summary: RunSummary = { passed: 0, failed: 0, failures: [] };
  for (const s of suites) {
    for (const t of s.tests) {
      try {
        await t.fn();
        summary.passed++;
      } catch (error) {
        summary.failed++;
        const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        summary.failures.push({ suite: s.name, test: t.name, error: text });
        log(`FAIL ${s.name} > ${t.name}: ${text}`);
      }
    }
  }
  log(`${label ? `${label}: ` : ''}${summary.passed} passed, ${summary.failed} failed`);
  return summary;
}
