/** One piece of a base string for display: shared by both, or only in one of them. */
export interface DiffPiece {
  text: string;
  kind: 'same' | 'changed';
}

// A base string's elements and parameters: METHOD & URI & name%3Dvalue%26name%3Dvalue...
function pieces(baseString: string): string[] {
  const [method = '', uri = '', params = ''] = baseString.split('&');
  const parameters = params === '' ? [] : params.split('%26');
  return [method, '&', uri, '&', ...parameters.flatMap((p, i) => (i === 0 ? [p] : ['%26', p]))];
}

/**
 * Marks where one base string differs from another, element by element (method, URI) and
 * parameter by parameter: each piece of `shown` is `same` when `other` has it too, `changed`
 * otherwise. The debugger colours the changed pieces of both strings.
 *
 * @example
 * ```ts
 * diffBaseString('POST&u&a%3D1%26b%3D2', 'POST&u&a%3D1%26b%3D3');
 * // [{ text: 'POST&u&a%3D1%26', kind: 'same' }, { text: 'b%3D2', kind: 'changed' }]
 * ```
 */
export function diffBaseString(shown: string, other: string): DiffPiece[] {
  const theirs = new Set(pieces(other));
  const out: DiffPiece[] = [];
  for (const piece of pieces(shown)) {
    const kind = piece === '&' || piece === '%26' || theirs.has(piece) ? 'same' : 'changed';
    const last = out.at(-1);
    if (last !== undefined && last.kind === kind) last.text += piece;
    else out.push({ text: piece, kind });
  }
  return out;
}
