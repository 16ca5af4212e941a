// The request inspector diagnoses refused requests in the background: wait until none is pending.
export async function untilDiagnosed(origin: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const listed = (await (await fetch(`${origin}/emulator/requests?refused=1&limit=500`)).json()) as { requests: { diagnosis: string }[] };
    if (!listed.requests.some((request) => request.diagnosis === 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the request inspector did not finish its diagnoses');
}
