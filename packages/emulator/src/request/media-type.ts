/**
 * What an operation request's `Content-Type` says about its body: a form in one of the two
 * charsets the spec's Headers table uses (UTF-8 when none is named), no header, or anything else.
 */
export type BodyMediaType = 'utf-8' | 'iso-8859-1' | 'absent' | 'unsupported';

const FORM = 'application/x-www-form-urlencoded';
// RFC 9110 §8.3.1: media-type = type "/" subtype parameters; parameters = *( OWS ";" OWS [ parameter ] );
// parameter = token "=" ( token / quoted-string ).
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?)*)[ \\t]*$`);
const PARAMETER = new RegExp(`(${TOKEN})=(?:(${TOKEN})|"((?:[^"\\\\]|\\\\.)*)")`, 'g');

/**
 * Reads a request's `Content-Type` as RFC 9110 defines it: `type/subtype` must be exactly
 * `application/x-www-form-urlencoded` (any case), followed by optional `;` parameters whose
 * `charset`, if given, must be `UTF-8` or `ISO-8859-1` (any case, quoted or not; the spec's
 * Headers table shows `charset=ISO-8859-1`). Anything else, including
 * `application/x-www-form-urlencodedEVIL` or a broken parameter list, is `'unsupported'`; no
 * header is `'absent'`.
 *
 * @example
 * ```ts
 * formMediaType('application/x-www-form-urlencoded; charset=UTF-8'); // 'utf-8'
 * formMediaType('application/x-www-form-urlencoded; charset=ISO-8859-1'); // 'iso-8859-1'
 * formMediaType('application/x-www-form-urlencoded; charset=windows-1252'); // 'unsupported'
 * formMediaType('application/x-www-form-urlencodedEVIL'); // 'unsupported'
 * formMediaType(null); // 'absent'
 * ```
 */
export function formMediaType(contentType: string | null): BodyMediaType {
  if (contentType === null) return 'absent';
  const match = MEDIA_TYPE.exec(contentType);
  if (!match || `${match[1]}/${match[2]}`.toLowerCase() !== FORM) return 'unsupported';
  let charset: BodyMediaType = 'utf-8';
  for (const parameter of (match[3] as string).matchAll(PARAMETER)) {
    if ((parameter[1] as string).toLowerCase() !== 'charset') continue;
    const value = (parameter[2] ?? (parameter[3] as string).replace(/\\(.)/g, '$1')).toLowerCase();
    if (value !== 'utf-8' && value !== 'iso-8859-1') return 'unsupported';
    charset = value;
  }
  return charset;
}
