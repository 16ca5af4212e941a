// RFC 9110 §7.6.1: connection-specific fields describe one hop and are never forwarded. Set-Cookie
// is dropped too: a gateway cookie belongs to the proxy's connection, not to the merchant's caller.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'set-cookie']);

/**
 * The reply headers to pass back to the caller: all of the gateway's, less the hop-by-hop ones
 * and any that `Connection` names. Every WinterCG `fetch` hands over a compressed body already
 * decoded, so `Content-Encoding` and `Content-Length` no longer describe the bytes passed on and
 * go too (the platform frames and, where it likes, compresses the reply itself). The `Location`
 * of a 3xx goes as well: the caller's own `fetch` would follow it and POST the caller's body
 * (card data, its `Paysign-Signature`) to wherever the gateway pointed; the status and body stay.
 */
export function replyHeaders(upstream: Headers, status: number): Headers {
  const encoding = (upstream.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const bodyWasDecoded = encoding !== 'identity';
  const named = new Set((upstream.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase()));
  const headers = new Headers();
  upstream.forEach((value, name) => {
    if (HOP_BY_HOP.has(name) || named.has(name)) return;
    if (name === 'location' && status >= 300 && status < 400) return;
    if (bodyWasDecoded && (name === 'content-encoding' || name === 'content-length')) return;
    headers.append(name, value);
  });
  return headers;
}
