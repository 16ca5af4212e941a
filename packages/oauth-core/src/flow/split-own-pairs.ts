/**
 * A form's pairs (a credentials reply, an authorization callback) split into the protocol's own
 * parameters, each allowed once (`twice` refuses a repeated one, naming it), and the others,
 * decoded, the first value of a repeated name kept.
 */
export function splitOwnPairs(
  pairs: readonly (readonly [string, string])[],
  ownNames: ReadonlySet<string>,
  twice: (name: string) => never,
): { own: Map<string, string>; extra: Record<string, string> } {
  const own = new Map<string, string>();
  const extra: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (ownNames.has(name)) {
      if (own.has(name)) twice(name);
      own.set(name, value);
    } else if (!Object.hasOwn(extra, name)) {
      extra[name] = value;
    }
  }
  return { own, extra };
}
