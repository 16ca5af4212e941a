import { CodecError } from '../errors.js';

/**
 * Decodes UTF-8 strictly (`fatal`: malformed bytes are refused, never replaced with U+FFFD). A
 * leading BOM is kept in the text (`ignoreBOM`), so the CSV reader removes exactly one.
 */
export function decodeUtf8Strict(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (cause) {
    const offset = firstInvalidUtf8(bytes);
    throw new CodecError(
      'INVALID_UTF8',
      `the payload's bytes are not UTF-8 (from byte ${offset}); was the CSV encoded as Latin-1, e.g. with btoa()?`,
      {},
      { cause },
    );
  }
}

/** Offset of the first ill-formed sequence (Unicode 15, Table 3-7), or -1; the error path only. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let trailing: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) trailing = 1;
    else if (lead === 0xe0) [trailing, low] = [2, 0xa0];
    else if (lead === 0xed) [trailing, high] = [2, 0x9f];
    else if (lead >= 0xe1 && lead <= 0xef) trailing = 2;
    else if (lead === 0xf0) [trailing, low] = [3, 0x90];
    else if (lead === 0xf4) [trailing, high] = [3, 0x8f];
    else if (lead >= 0xf1 && lead <= 0xf3) trailing = 3;
    else return i;
    for (let k = 1; k <= trailing; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += trailing + 1;
  }
  return -1;
}
