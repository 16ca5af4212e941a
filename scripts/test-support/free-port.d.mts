/** A port below the ephemeral range, free on 127.0.0.1 when it is returned. */
export function freePort(): Promise<number>;
