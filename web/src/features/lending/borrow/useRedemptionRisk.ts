// Reads the caches in redemption order (ascending ratio, pages of 50 through the multi-cache
// getter) up to the person's own, again only when their cache or the system's debt changes.
import { useEffect, useState } from 'react';
import { getCaches, type Cache } from '@payd/protocol';
import { useProtocol, useProtocolEntry } from '../protocol/ProtocolProvider.tsx';
import { redemptionRisk, type ListedCache, type RedemptionRisk } from './redemptionRisk.ts';

const PAGE = 50;

export function useRedemptionRisk(cache: Cache): RedemptionRisk | undefined | 'loading' {
  const { connection } = useProtocolEntry();
  const owner = useProtocol((s) => s.userAddress);
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const total = useProtocol((s) => s.total);
  const [risk, setRisk] = useState<RedemptionRisk | undefined | 'loading'>('loading');
  useEffect(() => {
    if (!owner) return;
    let cancelled = false;
    void (async () => {
      const listed: ListedCache[] = [];
      for (let start = 0; ; start += PAGE) {
        const page = await getCaches(connection, {
          first: PAGE,
          startingAt: start,
          sortedBy: 'ascendingCollateralRatio',
        });
        listed.push(
          ...page.map((c) => ({ ownerAddress: c.ownerAddress, cache: c.compounded(redistributed) })),
        );
        const found = page.some((c) => c.ownerAddress.toLowerCase() === owner.toLowerCase());
        if (found || page.length < PAGE) break;
      }
      if (!cancelled) setRisk(redemptionRisk(owner, listed, total.debt));
    })().catch(() => !cancelled && setRisk(undefined));
    return () => {
      cancelled = true;
    };
  }, [connection, owner, cache, redistributed, total]);
  return risk;
}
