// The admin-set FTX discount tiers (spec 000 section 3: tier, start, end, percentage), read from the
// FTX staking contract. Not part of the store: tiers change only by an admin, so pages read them once.
import { ftxStakingAbi } from '../abi/readAbis.ts';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import { Decimal } from '../decimal/Decimal.ts';
import type { DiscountTier } from '../model/FtxStake.ts';

/** The discount tiers in the contract's order (ascending start). */
export async function getDiscountTiers(connection: ProtocolConnection): Promise<DiscountTier[]> {
  const rows = (await withReadRetry(() =>
    connection.publicClient.readContract({
      address: connection.deployment.addresses.ftxStaking,
      abi: ftxStakingAbi,
      functionName: 'getDiscountTiers',
    }),
  )) as readonly { tier: bigint; start: bigint; end: bigint; percentage: bigint }[];
  return rows.map((r) => ({
    tier: Number(r.tier),
    start: Decimal.fromRaw(r.start),
    end: Decimal.fromRaw(r.end),
    percentage: Number(r.percentage),
  }));
}
