// oauth-sign ships no types; these are the two functions the benchmark calls.
declare module 'oauth-sign' {
  export function hmacsign(httpMethod: string, baseUri: string, params: Record<string, string>, consumerSecret: string, tokenSecret?: string): string;
  export function rfc3986(value: string): string;
}
