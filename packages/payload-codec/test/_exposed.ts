// Everything a thrown error exposes to a log or a caller, as one text: message, stack, inspected
// properties, JSON. Stack *frames* ("    at fn (file:line:col)") are dropped: they hold code
// locations only (a fast-check frame at line 2549 would otherwise "contain" a cell 2549), while
// the stack's first line, which repeats the message, stays.
import { inspect } from 'node:util';

const withoutFrames = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join('\n');

/** The text an error exposes, minus stack frames. */
export function exposedText(error: Error): string {
  return withoutFrames([error.message, String(error.stack), inspect(error, { depth: 5 }), JSON.stringify(error)].join('\n'));
}
