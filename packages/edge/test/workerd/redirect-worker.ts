// A "gateway" as a workerd service that answers every request for its own host with a 307 to
// another origin, and records every request that reaches that other origin. workerd follows a
// redirect through the same service binding, so a proxy that follows would land here again.
// `GET /__received` (on its own socket, for the test only) answers how many arrived elsewhere.

let received = 0;

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === 'elsewhere.example') {
      received++;
      await request.arrayBuffer();
      return new Response('type=async-response\n&status=approved\n');
    }
    if (request.method === 'GET' && url.pathname === '/__received') return new Response(String(received));
    await request.arrayBuffer();
    return new Response('moved\n', { status: 307, headers: { Location: `https://elsewhere.example${url.pathname}` } });
  },
};
