// The contracts of the staking methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through staking/methods.ts.
import { defineContract } from '../contract/contract.ts';
import { rewardChartBody, rewardChartReply } from './rewardChart.ts';

export const getRewardChart = defineContract({
  service: 'EthTxHistory',
  method: 'GetRewardChart',
  summary: "The caller's daily rewards of one wallet over the last days (consensus, fees, MEV).",
  auth: 'user',
  body: rewardChartBody,
  reply: rewardChartReply,
  example: { body: { walletAddress: '0x0000000000000000000000000000000000000001', days: 30 } },
});
