// The person's rewards pool history (@payd/protocol's getRewardsPoolHistory), read again when the
// deposit changes or a reward report lands; undefined while it loads (a history read for the
// deposit before a change would show the PAYD used as reset) or when it cannot be read.
import { useEffect, useState } from 'react';
import type { RewardsPoolHistory } from '@payd/protocol';
import { useProtocol, useProtocolEntry } from '../protocol/ProtocolProvider.tsx';
import type { PoolHistoryInput } from './poolRules.ts';

export function useRewardsPoolHistory(): PoolHistoryInput | undefined {
  const { connection } = useProtocolEntry();
  const owner = connection.userAddress;
  const initial = useProtocol((s) => s.stabilityDeposit.initialPAYD.toString());
  const distributed = useProtocol((s) => s.totalRewardsDistributed.toString());
  // The APR's 30 days end at the chain's clock (chain 88's dev clock runs ahead of the wall clock).
  const now = useProtocol((s) => s.fees.timeOfLatestBlock.getTime());
  const key = `${owner ?? ''}:${initial}:${distributed}`;
  const [found, setFound] = useState<{ key: string; history: RewardsPoolHistory }>();
  useEffect(() => {
    if (!owner) return;
    let current = true;
    // The history's event reads load with it, after the page's first figures.
    import('@payd/protocol/rewardsPoolHistory')
      .then(({ getRewardsPoolHistory }) => getRewardsPoolHistory(connection, owner))
      .then(
        (history) => current && setFound({ key, history }),
        () => undefined, // the figures stay at '…'
      );
    return () => {
      current = false;
    };
  }, [connection, owner, key]);
  return found?.key === key ? { history: found.history, now } : undefined;
}
