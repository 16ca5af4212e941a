// A one-line progress display on stderr: redrawn in place on a terminal, one line per step in a log.

export interface Progress {
  /** Starts a named step (`HMAC-SHA1 · transfer on node 20`). */
  step(title: string): void;
  /** Reports progress within the step, `done` of `total`. */
  update(done: number, total: number, detail?: string): void;
  /** Prints a line that stays. */
  note(line: string): void;
  finish(): void;
}

/**
 * Creates the progress display; `quiet` silences it (for tests and machine output).
 *
 * @example
 * ```ts
 * const progress = createProgress(process.stderr);
 * progress.step('HMAC-SHA1 · transfer');
 * progress.update(3, 24, 'paysign:node');
 * ```
 */
export function createProgress(stream: { write(text: string): unknown; isTTY?: boolean }, quiet = false): Progress {
  const started = Date.now();
  let title = '';
  let lastLog = 0;
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s`;
  const write = (text: string) => {
    if (!quiet) stream.write(text);
  };
  return {
    step(next) {
      title = next;
      if (stream.isTTY) write(`\r\x1b[2K${elapsed()}  ${title}`);
      else write(`${elapsed()}  ${title}\n`);
    },
    update(done, total, detail = '') {
      if (stream.isTTY) {
        const width = 20;
        const filled = Math.round((done / Math.max(total, 1)) * width);
        write(`\r\x1b[2K${elapsed()}  ${title}  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${detail}`);
      } else if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        write(`${elapsed()}    ${done}/${total} ${detail}\n`);
      }
    },
    note(line) {
      write(`${stream.isTTY ? '\r\x1b[2K' : ''}${line}\n`);
      if (stream.isTTY && title !== '') write(`${elapsed()}  ${title}`);
    },
    finish() {
      if (stream.isTTY) write('\r\x1b[2K');
      write(`${elapsed()}  done\n`);
    },
  };
}
