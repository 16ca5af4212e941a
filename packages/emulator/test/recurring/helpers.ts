import { createEmulator, type Emulator, type EmulatorOptions } from '@paysign/emulator';

export const merchant = { login: 'merchant', controlKey: 'recurring-control-key', endpointIds: ['1234'], currency: 'EUR' } as const;

export interface Life {
  id: string;
  state: 'active' | 'stop';
  currentRepeatsNumber: number;
  charges: { index: number; date: string; amount: string; status: string; orderid: string }[];
  callbacks: { orderid: string; url: string; attempts: number; lastStatus: number | string | null; state: string }[];
  fields: Record<string, string>;
}

/** An emulator on the virtual clock, driven in-process through its admin API. */
export function virtualEmulator(today: string, options: EmulatorOptions = {}): Emulator {
  return createEmulator({ merchants: [merchant], clock: 'virtual', today, log: () => {}, seed: 7, ...options });
}

export async function admin(emulator: Emulator, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await emulator.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    }),
  );
  return { status: response.status, json: await response.json() };
}

export const create = (emulator: Emulator, profile: Record<string, string>) => admin(emulator, 'POST', '/emulator/recurring-payments', profile);
export const advance = (emulator: Emulator, advanceDays: number) => admin(emulator, 'POST', '/emulator/clock', { advanceDays });
export const life = async (emulator: Emulator, id: string): Promise<Life> => (await admin(emulator, 'GET', `/emulator/recurring-payments/${id}`)).json;
