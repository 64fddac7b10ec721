// The login bot challenge: after failed logins the server sends a random challenge and an
// iteration count; the client proves work by deriving a 32-byte key and retries once.
// Uses WebCrypto so the browser and Node compute the same value.

export const CHALLENGE_KEY_BYTES = 32;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** PBKDF2-HMAC-SHA256(password = challenge, salt = lower-cased user name, count iterations), hex. */
export async function solveLoginChallenge(
  serverChallenge: string,
  challengeCount: number,
  usrName: string,
): Promise<string> {
  const enc = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey('raw', enc.encode(serverChallenge), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await globalThis.crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: enc.encode(usrName.trim().toLowerCase()),
      iterations: challengeCount,
    },
    key,
    CHALLENGE_KEY_BYTES * 8,
  );
  return toHex(new Uint8Array(bits));
}

/** The `nonce` field of a Login retry that answers a challenge. */
export function challengeNonce(serverChallenge: string, solution: string): string {
  return `${serverChallenge}.${solution}`;
}
