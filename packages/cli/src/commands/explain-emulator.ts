// Asks a local emulator what it made of a request: the same cause it recorded when it refused it
// (or, for a request it does not keep, its diagnosis with the merchants and keys it knows).
// Loopback URLs only: the request holds card data, and only the emulator answers this route.

import { isLoopbackHost } from '@paysign/protocol';

/** The `Server` header of every reply of the emulator (and of no gateway). */
export const EMULATOR_SERVER = 'paysign-emulator';

/** A request as `paysign send` sent it (and `--save-request` wrote it). */
export interface RequestAsSent {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** What the emulator answered: its recorded cause (`recorded`) or a diagnosis now, masked. */
export interface EmulatorDiagnosis {
  recorded: boolean;
  status?: number;
  verdict?: string;
  causes: { code: string; message: string }[];
  expectedBaseString?: string;
}

/** Whether a URL names this machine (the protocol's loopback: localhost, 127.0.0.0/8, ::1), where an emulator may listen. */
export function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && isLoopbackHost(new URL(url).hostname);
}

/**
 * Asks the emulator at the request's own origin (`POST /emulator/diagnose`), within `timeoutMs`;
 * `undefined` when the URL is not loopback, or nothing there answers `GET /emulator/requests` as
 * the emulator's inspector does.
 */
export async function askEmulator(request: RequestAsSent, timeoutMs = 5000): Promise<EmulatorDiagnosis | undefined> {
  if (!isLoopbackUrl(request.url)) return undefined;
  const origin = new URL(request.url).origin;
  try {
    // Only an emulator gets the request (card data included): a signing proxy or another local
    // service on the port does not answer this probe with the inspector's JSON.
    const probe = await fetch(`${origin}/emulator/requests?limit=1`, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const listed = probe.ok ? ((await probe.json().catch(() => undefined)) as { requests?: unknown } | undefined) : undefined;
    if (!Array.isArray(listed?.requests)) return undefined;
    const response = await fetch(`${origin}/emulator/diagnose`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as EmulatorDiagnosis;
    return Array.isArray(answer?.causes) ? answer : undefined;
  } catch {
    return undefined;
  }
}
