// EthTxHistoryWs calls beyond the common screen operations: GetRewards (rewards.ts),
// GetDailyHistory and GetRewardDetail (history.ts), GetRewardChart (rewardChart.ts), on the caller's
// own wallet.
import { z } from 'zod';
import { getRewardChart as getRewardChartContract } from '@payd/schemas';
import { accessDenied } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { getDailyHistory, getRewardDetail, REWARD_KINDS } from './history.ts';
import { method, walletBody, type StakingDeps } from './methodKit.ts';
import { getRewards } from './rewards.ts';
import { getRewardChart } from './rewardChart.ts';

export function historyMethods({ db, clock }: StakingDeps): MethodDefinition[] {
  return [
    method('EthTxHistory', 'GetRewards', walletBody, (b, c) => getRewards(db, clock, c, b.walletAddress)),
    method(
      'EthTxHistory',
      'GetDailyHistory',
      walletBody.extend({ limit: z.number().int().min(1).max(32767) }),
      (b, c) => getDailyHistory(db, c, b.walletAddress, b.limit),
    ),
    method(
      'EthTxHistory',
      'GetRewardDetail',
      walletBody.extend({
        validatorId: z.number().int().positive().max(2_147_483_647),
        day: z.iso.date(),
        kind: z.enum(REWARD_KINDS),
      }),
      (b, c) => getRewardDetail(db, c, b.walletAddress, b.validatorId, b.day, b.kind),
    ),
    implement(getRewardChartContract, async (b, ctx) => {
      if (!ctx.user) throw accessDenied();
      const { usrId, usrName, role } = ctx.user;
      return getRewardChart(db, clock, { usrId, usrName, role }, b.walletAddress, b.days);
    }),
  ];
}
