// The validator pool's refusals in words, for the Liquid staking forms. The texts are the protocol's
// (poolRefusalText of @payd/protocol); this hands them to the lending write flow. The forms check
// the same rules before the wallet is asked; these cover what changed on chain in between (another
// deposit took the validators, the entry was filled or cancelled). The pool's error ABI and its
// decoder (@payd/protocol/poolErrors) load once a write has failed, not with the page.

/** A refusal of the validator pool that carries its words as its message. */
export class LiquidRefusalError extends Error {
  override name = 'LiquidRefusalError';
}

/**
 * Runs a write of the validator pool; a refusal of the pool is rethrown as a LiquidRefusalError,
 * whose message the lending write flow (useProtocolWrite) shows by the form as it stands. Anything
 * else (a rejection in the wallet, a network error) passes through unchanged.
 */
export async function explainRefusal<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { poolRefusalText } = await import('@payd/protocol/poolErrors');
    const text = poolRefusalText(error);
    throw text ? new LiquidRefusalError(text) : error;
  }
}
