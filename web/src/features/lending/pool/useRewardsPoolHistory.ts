// The person's rewards pool history (@payd/protocol's getRewardsPoolHistory), read again when the
// deposit changes or a reward report lands; undefined while it loads (a history read for the
// deposit before a change would show the PAYD used as reset) or when it cannot be read.
import { useEffect, useState } from 'react';
import { getRewardsPoolHistory } from '@payd/protocol';
import { useProtocol, useProtocolEntry } from '../protocol/ProtocolProvider.tsx';
import type { PoolHistoryInput } from './poolRules.ts';

export function useRewardsPoolHistory(): PoolHistoryInput | undefined {
  const { connection } = useProtocolEntry();
  const owner = connection.userAddress;
  const initial = useProtocol((s) => s.stabilityDeposit.initialPAYD.toString());
  const distributed = useProtocol((s) => s.totalRewardsDistributed.toString());
  const key = `${owner ?? ''}:${initial}:${distributed}`;
  const [found, setFound] = useState<{ key: string; value: PoolHistoryInput }>();
  useEffect(() => {
    if (!owner) return;
    let current = true;
    getRewardsPoolHistory(connection, owner).then(
      (history) => current && setFound({ key, value: { history, now: Date.now() } }),
      () => undefined, // the figures stay at '…'
    );
    return () => {
      current = false;
    };
  }, [connection, owner, key]);
  return found?.key === key ? found.value : undefined;
}
