// The gateway emulator as a workerd service: the proxy's upstream in the workerd test.
import { createEmulator, type Emulator } from '@paysign/emulator';

interface Env {
  EMULATOR_MERCHANTS: string;
}

let emulator: Emulator | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    emulator ??= createEmulator({ merchants: JSON.parse(env.EMULATOR_MERCHANTS), log: () => undefined });
    return emulator.fetch(request);
  },
};
