/** A python3 that imports oauthlib (PAYSIGN_PYTHON, Debian's /usr/bin/python3, the python3 on PATH), or undefined. */
export function findOauthlibPython(): string | undefined;
