import { write } from 'node:fs';
import { redactText } from '../redact/redact.js';

/** Most bytes of log lines waiting for stderr; past it lines are counted and dropped, never the event loop blocked. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/** A log sink that never blocks the event loop: see {@link createLogWriter}. */
export interface LogWriter {
  /** Queues one line (escaped by the emulator's lineLog; masked here, once). */
  line(text: string): void;
  /** Resolves once every queued line is written. */
  flush(): Promise<void>;
}

/**
 * The emulator's log lines on a file descriptor (stderr by default), written without blocking the
 * event loop: the lines of one turn are joined, masked once (card numbers 6 + 4, CVVs) and
 * written with one asynchronous `fs.write` on libuv's thread pool, the next batch after it. When
 * the descriptor falls behind by 8 MiB, further lines are dropped and counted in a line of their own.
 *
 * @example
 * ```ts
 * const writer = createLogWriter();
 * const log = lineLog((line) => writer.line(line));
 * await writer.flush(); // before exit
 * ```
 */
export function createLogWriter(fd = 2): LogWriter {
  let queued: string[] = [];
  let queuedBytes = 0;
  let dropped = 0;
  let writing = false;
  let waiters: (() => void)[] = [];
  const wake = (): void => {
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const next = (): void => {
    if (queued.length === 0 && dropped === 0) {
      writing = false;
      wake();
      return;
    }
    const lines = dropped === 0 ? queued : [...queued, `[${dropped} log lines dropped: stderr was slower than the emulator]`];
    queued = [];
    queuedBytes = 0;
    dropped = 0;
    const text = `${redactText(lines.join('\n'))}\n`;
    write(fd, text, () => next());
  };
  return {
    line(text) {
      if (queuedBytes + text.length > MAX_QUEUED_BYTES) {
        dropped++;
        return;
      }
      queued.push(text);
      queuedBytes += text.length + 1;
      if (writing) return;
      writing = true;
      setImmediate(next);
    },
    flush: () => (writing ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve()),
  };
}
