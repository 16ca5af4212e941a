// The Authorization header's syntax, both ways (RFC 5849 §3.5.1, RFC 2617 quoted-strings): what
// formatAuthorizationHeader refuses to write, and how parseAuthorizationHeader reads escapes,
// realm, separators and the cases it must refuse.
import { assert, suite, type Suite } from '../harness.js';
import type { Flavours, OAuthCore } from './flavours.js';

function headerSyntaxSuite(flavour: string, core: OAuthCore): Suite {
  const parse = (value: string) => {
    const { realm, params } = core.parseAuthorizationHeader(value);
    return { ...(realm !== undefined && { realm }), params: { ...params } };
  };
  return suite(`Authorization header syntax [${flavour}]`, (test) => {
    test('a parameter named realm or the empty string is refused when writing (the realm is its own argument)', () => {
      const error = assert.throws(() => core.formatAuthorizationHeader({ oauth_nonce: 'n', realm: 'x' }), 'INVALID_PARAMETER') as Error;
      assert.equal(error.message, 'an Authorization header parameter cannot be named realm; pass the realm as its own argument');
      const empty = assert.throws(() => core.formatAuthorizationHeader({ '': 'x' }), 'INVALID_PARAMETER') as Error;
      assert.equal(empty.message, 'an Authorization header parameter cannot be named with the empty string; pass the realm as its own argument');
      assert.equal(core.formatAuthorizationHeader({ realmx: 'x' }), 'OAuth realmx="x"');
      assert.equal(core.formatAuthorizationHeader({}), 'OAuth ');
    });

    test('the realm is written as a quoted-string, " and \\ escaped, and read back', () => {
      const header = core.formatAuthorizationHeader({ oauth_nonce: 'a b' }, 'say "hi" \\o/');
      assert.equal(header, 'OAuth realm="say \\"hi\\" \\\\o/", oauth_nonce="a%20b"');
      assert.deepEqual(parse(header), { realm: 'say "hi" \\o/', params: { oauth_nonce: 'a b' } });
      assert.equal(core.formatAuthorizationHeader({ a: '1' }, ''), 'OAuth realm="", a="1"');
    });

    test('backslash escapes in quoted values are read (RFC 2617 quoted-pair), then percent-decoding', () => {
      assert.deepEqual(parse('OAuth a="x\\"y", b="c\\\\d", c="\\e%20f"'), { params: { a: 'x"y', b: 'c\\d', c: 'e f' } });
      assert.deepEqual(parse('OAuth realm="a\\"b\\\\"'), { realm: 'a"b\\', params: {} });
    });

    test('the realm is neither percent-decoded nor a parameter; its name is matched exactly', () => {
      assert.deepEqual(parse('OAuth realm="a%20b", oauth_nonce="n"'), { realm: 'a%20b', params: { oauth_nonce: 'n' } });
      assert.deepEqual(parse('OAuth Realm="x"'), { params: { Realm: 'x' } });
    });

    test('realm given twice, or a parameter given twice (also once encoded), is refused', () => {
      const realm = assert.throws(() => core.parseAuthorizationHeader('OAuth realm="a", realm="b"'), 'INVALID_HEADER') as Error;
      assert.ok(realm.message.includes('realm twice'));
      assert.throws(() => core.parseAuthorizationHeader('OAuth realm="", oauth_nonce="n", realm=""'), 'INVALID_HEADER');
      const twice = assert.throws(() => core.parseAuthorizationHeader('OAuth a="1", a="1"'), 'INVALID_HEADER') as Error;
      assert.ok(twice.message.includes('a twice'));
      assert.throws(() => core.parseAuthorizationHeader('OAuth oauth_nonce="1", oauth%5Fnonce="2"'), 'INVALID_HEADER');
    });

    test('separators: any whitespace, trailing commas and spaces, scheme in any case', () => {
      const expected = { params: { a: '1', b: '2' } };
      for (const value of [
        'OAuth a="1", b="2"',
        'OAuth a="1",b="2"',
        'OAuth   a = "1" ,\tb="2"  ',
        'OAuth a="1", b="2",',
        'OAuth a="1", b="2", ',
        'OAuth a="1", b="2" , , ',
        'oauth a="1", b="2"',
        '  OAUTH a="1", b="2"',
        'OAuth\ta="1", b="2"',
      ]) {
        assert.deepEqual(parse(value), expected, JSON.stringify(value));
      }
      assert.deepEqual(parse('OAuth'), { params: {} });
      assert.deepEqual(parse('OAuth   '), { params: {} });
      assert.deepEqual(parse('OAuth a=""'), { params: { a: '' } });
      assert.deepEqual(parse('OAuth oauth%5Fnonce="x%2By"'), { params: { oauth_nonce: 'x+y' } });
    });

    test('a value that is not quoted -> INVALID_HEADER (RFC 5849 §3.5.1 quotes every value)', () => {
      for (const value of ['OAuth oauth_nonce=', 'OAuth oauth_nonce=abc', 'OAuth a="1", b=2', 'oauth a=1, b=2', 'OAuth realm=x, a="1"', 'OAuth a= , b="2"']) {
        const error = assert.throws(() => core.parseAuthorizationHeader(value), 'INVALID_HEADER', JSON.stringify(value)) as Error;
        assert.ok(error.message.includes('not quoted'), error.message);
      }
    });

    test('not OAuth, or broken syntax -> INVALID_HEADER naming where', () => {
      for (const value of ['Bearer abc', 'OAuthx a="1"', 'OAut a="1"', '', 'x OAuth a="1"']) {
        assert.throws(() => core.parseAuthorizationHeader(value), 'INVALID_HEADER', JSON.stringify(value));
      }
      for (const value of ['OAuth a="1" b="2"', 'OAuth a="1', 'OAuth ="1"', 'OAuth a', 'OAuth a="1"x', 'OAuth a b="1"', 'OAuth ,a="1"x']) {
        const error = assert.throws(() => core.parseAuthorizationHeader(value), 'INVALID_HEADER', JSON.stringify(value)) as Error;
        assert.ok(/at character \d+/.test(error.message), error.message);
      }
      const at = assert.throws(() => core.parseAuthorizationHeader('OAuth a="1", b'), 'INVALID_HEADER') as Error;
      assert.equal(at.message, 'the Authorization header is malformed at character 12');
      for (const notText of [42, null, { toString: () => 'OAuth a="1"' }]) {
        const error = assert.throws(() => core.parseAuthorizationHeader(notText as never), 'INVALID_HEADER') as Error;
        assert.equal(error.message, 'the Authorization header must be a string');
      }
    });
  });
}

/** The Authorization header's syntax for every flavour. */
export function headerSyntaxSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => headerSyntaxSuite(name, core));
}
