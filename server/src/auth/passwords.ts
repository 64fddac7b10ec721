// Password hashing with argon2id at OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';
import { passwordHashing } from './hashingGate.ts';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, so not importable as a value here). */
const ARGON2ID = 2;

const params = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a new password (through the bounded pool: a full pool answers 429 at once). */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, params));
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the same time, so timing does not
 * reveal whether an account exists. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('payd-no-such-user-password', params);
    const dummy = await dummyHash;
    await passwordHashing.run(() => verify(dummy, password).catch(() => false));
    return false;
  }
  return passwordHashing.run(() => verify(stored, password).catch(() => false));
}
