// Why the person's cache was liquidated, read once its status says so: the CacheLiquidated event
// (normal or recovery mode) and the price of its block (@payd/protocol's getCacheLiquidation).
import { useEffect, useState } from 'react';
import { getCacheLiquidation, type CacheLiquidation, type CacheStatus } from '@payd/protocol';
import { useProtocolEntry } from '../protocol/ProtocolProvider.tsx';

export function useLiquidationReason(status: CacheStatus): CacheLiquidation | undefined {
  const { connection } = useProtocolEntry();
  const [found, setFound] = useState<CacheLiquidation>();
  const owner = connection.userAddress;
  useEffect(() => {
    setFound(undefined);
    if (status !== 'closedByLiquidation' || !owner) return;
    let current = true;
    getCacheLiquidation(connection, owner).then(
      (l) => current && setFound(l),
      () => undefined, // the neutral text stays
    );
    return () => {
      current = false;
    };
  }, [connection, owner, status]);
  return found;
}
