// The admin-set FTX discount tiers, read once per protocol connection through @payd/protocol.
import { useEffect, useState } from 'react';
import { getDiscountTiers, type DiscountTier } from '@payd/protocol';
import { useProtocolEntry } from '../protocol/ProtocolProvider.tsx';

export type TiersState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tiers: DiscountTier[] };

export function useDiscountTiers(): TiersState {
  const { connection } = useProtocolEntry();
  const [state, setState] = useState<TiersState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    getDiscountTiers(connection).then(
      (tiers) => !cancelled && setState({ status: 'ready', tiers }),
      () => !cancelled && setState({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [connection]);
  return state;
}
