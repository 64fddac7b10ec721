// EthTxHistoryWs calls beyond the common screen operations: GetRewards (rewards.ts),
// GetDailyHistory and GetRewardDetail (history.ts), GetRewardChart (rewardChart.ts), on the caller's
// own wallet. Each implements its contract of @payd/schemas staking/contracts.ts.
import {
  getDailyHistory as getDailyHistoryContract,
  getRewardChart as getRewardChartContract,
  getRewardDetail as getRewardDetailContract,
  getRewards as getRewardsContract,
} from '@payd/schemas';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { getDailyHistory, getRewardDetail } from './history.ts';
import { caller, type StakingDeps } from './methodKit.ts';
import { getRewards } from './rewards.ts';
import { getRewardChart } from './rewardChart.ts';

export function historyMethods({ db, clock }: StakingDeps): MethodDefinition[] {
  return [
    implement(getRewardsContract, (b, ctx) => getRewards(db, clock, caller(ctx), b.walletAddress)),
    implement(getDailyHistoryContract, (b, ctx) =>
      getDailyHistory(db, caller(ctx), b.walletAddress, b.limit),
    ),
    implement(getRewardDetailContract, (b, ctx) =>
      getRewardDetail(db, caller(ctx), b.walletAddress, b.validatorId, b.day, b.kind),
    ),
    implement(getRewardChartContract, (b, ctx) =>
      getRewardChart(db, clock, caller(ctx), b.walletAddress, b.days),
    ),
  ];
}
