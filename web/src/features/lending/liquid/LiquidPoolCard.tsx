// The validator pool's figures on /liquidStaking: staked ETH, the queue, ETH on its way from exits,
// free and claimable ETH, and the reported rewards.
import { Card, Figure, Figures } from '../pool/PoolParts.tsx';
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import { poolRows } from './liquidRules.ts';
import { useT } from '../../../i18n/useT.ts';

export function LiquidPoolCard() {
  const totalStakedETH = useProtocol((s) => s.totalStakedETH);
  const availableValidators = useProtocol((s) => s.availableValidators);
  const unfilledFETHInQueue = useProtocol((s) => s.unfilledFETHInQueue);
  const deactivatedETHInProgress = useProtocol((s) => s.deactivatedETHInProgress);
  const freeETH = useProtocol((s) => s.freeETH);
  const claimableETH = useProtocol((s) => s.claimableETH);
  const totalLifetimeStakingRewards = useProtocol((s) => s.totalLifetimeStakingRewards);
  const totalLifetimeMiningRewards = useProtocol((s) => s.totalLifetimeMiningRewards);
  const currentRewards = useProtocol((s) => s.currentRewards);
  const totalRewardsDistributed = useProtocol((s) => s.totalRewardsDistributed);
  // poolRows words its labels and hints in English: shown in the reader's language
  const { t, message } = useT();
  const rows = poolRows({
    totalStakedETH,
    availableValidators,
    unfilledFETHInQueue,
    deactivatedETHInProgress,
    freeETH,
    claimableETH,
    totalLifetimeStakingRewards,
    totalLifetimeMiningRewards,
    currentRewards,
    totalRewardsDistributed,
  });
  return (
    <Card title={t('lending.liquid.pool')} testId="liquid-pool">
      <Figures>
        {rows.map((r) => (
          <Figure
            key={r.testId}
            label={message(r.label)}
            value={r.value}
            hint={message(r.hint)}
            testId={r.testId}
          />
        ))}
      </Figures>
    </Card>
  );
}
