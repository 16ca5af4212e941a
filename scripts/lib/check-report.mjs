// The one report of the repository's check scripts (packaging, JSR, release): a line per check,
// `ok  ` or `FAIL`, with the time since the start and any detail indented below it, then
// `<label>: N passed, N failed`.

/**
 * Starts a report.
 *
 * @example
 * ```js
 * const checks = createCheckReport('jsr');
 * checks.report('jsr.json matches package.json', problems.length === 0, problems.join('\n'));
 * process.exit(checks.finish() === 0 ? 0 : 1);
 * ```
 */
export function createCheckReport(label) {
  const started = Date.now();
  const results = [];
  return {
    /** Prints one check's line (and its detail); returns `ok`. */
    report(name, ok, detail = '') {
      results.push(ok);
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (at ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (detail) console.log(detail.replace(/^/gm, '       '));
      return ok;
    },
    /** How many checks have failed so far. */
    failed: () => results.filter((ok) => !ok).length,
    /** Seconds since the report started. */
    elapsed: () => (Date.now() - started) / 1000,
    /** Prints the summary line; returns the number of failed checks. */
    finish() {
      const failed = this.failed();
      console.log(`${label}: ${results.length - failed} passed, ${failed} failed`);
      return failed;
    },
  };
}
