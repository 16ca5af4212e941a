// The gateway emulator as a workerd service: the proxy's upstream in the workerd test. It also
// answers `GET /__accepted` (on its own socket, for the test only) with how many operations it
// has executed, so a test can tell a refused copy from one executed twice.
import { createEmulator, type Emulator } from '@paysign/emulator';

interface Env {
  EMULATOR_MERCHANTS: string;
}

let emulator: Emulator | undefined;
let accepted = 0;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    if (request.method === 'GET' && new URL(request.url).pathname === '/__accepted') return Promise.resolve(new Response(String(accepted)));
    emulator ??= createEmulator({
      merchants: JSON.parse(env.EMULATOR_MERCHANTS),
      log: (event) => {
        if (event.kind === 'accepted') accepted++;
      },
    });
    return emulator.fetch(request);
  },
};
