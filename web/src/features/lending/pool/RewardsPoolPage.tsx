// /guarantor, the rewards pool (spec 000 section 1): deposit PAYD (a second deposit is a top-up),
// withdraw part or all of it, the collateral gain (liquidations and rewards), the rewards earned and
// the PAYD used by liquidations since the first deposit, the rewards APR of the last 30 days, the
// gain withdrawn to the wallet or moved into the person's cache, the pool's total and their share.
// Every figure follows the protocol store, so another account's liquidation shows by itself.
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { rewardsPoolWithdrawal } from '@payd/protocol';
import { depositPAYDInRewardsPool, withdrawPAYDFromRewardsPool } from '../protocol/writes.ts';
import { MaxButton, maxSection } from '../MaxButton.tsx';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { amountError, checkAmount } from './amountRules.ts';
import { Card, Figure, Figures, NeedsSigner, PoolShell, Refusal } from './PoolParts.tsx';
import {
  actionLabel,
  depositAfter,
  poolView,
  withdrawalBlockText,
  writeAmount,
  type PoolAction,
} from './poolRules.ts';
import { useProtocolWrite } from './useProtocolWrite.ts';
import { useRewardsPoolHistory } from './useRewardsPoolHistory.ts';

// The collateral gain's card and the top-up / withdraw switch show only to a depositor: they load
// for them.
const GainCard = lazy(() => import('./GainCard.tsx'));
const SegmentedControl = lazy(() => import('../../../ui/segmentedControlModule.ts'));

export function RewardsPoolPage() {
  return (
    <PoolShell title="Rewards pool">
      <RewardsPool />
    </PoolShell>
  );
}

function RewardsPool() {
  const deposit = useProtocol((s) => s.stabilityDeposit);
  const poolTotal = useProtocol((s) => s.paydInRewardsPool);
  const price = useProtocol((s) => s.price);
  const blocked = useWithdrawalBlock();
  const view = poolView(deposit, poolTotal, price, useRewardsPoolHistory());

  return (
    <Stack gap="md">
      <Text c="dimmed">
        PAYD in the rewards pool pays off the debt of liquidated caches; in return you receive their ETH
        collateral, worth more than the PAYD used.
      </Text>
      <Card title="Your deposit" testId="pool-figures">
        <Figures>
          <Figure label="Deposited" value={`${view.deposited.prettify()} PAYD`} testId="pool-deposit" />
          <Figure label="Your share of the pool" value={view.share.toPercent()} testId="pool-share" />
          <Figure label="Pool total" value={`${view.poolTotal.prettify()} PAYD`} testId="pool-total" />
          <Figure
            label="Collateral gain"
            value={`${view.collateralGain.prettify(6)} ETH`}
            hint={`≈ ${view.gainValue.prettify()} PAYD at today's price`}
            testId="pool-gain"
          />
          <Figure
            label="Rewards earned"
            value={view.rewardsEarned ? `${view.rewardsEarned.prettify(6)} ETH` : '…'}
            hint="Your share of the reported staking rewards since your first deposit, paid into the collateral gain"
            testId="pool-rewards"
          />
          <Figure
            label="Used by liquidations"
            value={view.usedByLiquidations ? `${view.usedByLiquidations.prettify()} PAYD` : '…'}
            hint="PAYD of your deposits that paid off liquidated debt, since your first deposit"
            testId="pool-used"
          />
          <Figure
            label="Rewards APR (last 30 days)"
            value={view.apr ? view.apr.toPercent() : '…'}
            hint="The staking rewards of the last 30 days per PAYD deposited, at today's ETH price, for a year"
            testId="pool-apr"
          />
        </Figures>
      </Card>
      {blocked && (
        <Alert color="orange" variant="light" data-testid="pool-blocked">
          {blocked}{' '}
          <Anchor component={Link} to="/riskyCaches">
            See the risky caches
          </Anchor>
          .
        </Alert>
      )}
      <DepositForm />
      {view.hasDeposit && (
        <Suspense fallback={null}>
          <GainCard />
        </Suspense>
      )}
    </Stack>
  );
}

/** Why the pool keeps PAYD in now (and what would let it out), or undefined. */
function useWithdrawalBlock(): string | undefined {
  const riskiest = useProtocol((s) => s.riskiestCacheBeforeRedistribution);
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const price = useProtocol((s) => s.price);
  const count = useProtocol((s) => s.numberOfCaches);
  return withdrawalBlockText(rewardsPoolWithdrawal(riskiest.compounded(redistributed), price, count));
}

function DepositForm() {
  const signer = useSigner();
  const deposit = useProtocol((s) => s.stabilityDeposit);
  const balance = useProtocol((s) => s.paydBalance);
  const { busy, refusal, run } = useProtocolWrite();
  const [mode, setMode] = useState<'deposit' | 'withdraw'>('deposit');
  const [text, setText] = useState('');
  const has = !deposit.initialPAYD.isZero;
  const blocked = useWithdrawalBlock();
  const withdrawBlocked = mode === 'withdraw' && Boolean(blocked);
  const check =
    mode === 'deposit'
      ? checkAmount(text, { max: balance, maxName: 'your PAYD balance', unit: 'PAYD' })
      : checkAmount(text, { max: deposit.currentPAYD, maxName: 'your deposit', unit: 'PAYD' });
  const typed = check.kind === 'ok' ? check.amount : undefined;

  async function submit(action: PoolAction) {
    if (!signer || (action !== 'withdrawAll' && !typed)) return;
    const amount = writeAmount(action, deposit, typed);
    const landed = await run(actionLabel(action, deposit, typed), () =>
      action === 'deposit'
        ? depositPAYDInRewardsPool(signer, amount)
        : withdrawPAYDFromRewardsPool(signer, amount),
    );
    if (landed) setText('');
  }

  return (
    <Card title={has ? 'Top up or withdraw' : 'Deposit PAYD'}>
      {!signer && <NeedsSigner what="deposit in the rewards pool" />}
      {has && (
        <Suspense fallback={<div style={{ height: 36 }} />}>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'deposit' | 'withdraw')}
            data={[
              { value: 'deposit', label: 'Top up' },
              { value: 'withdraw', label: 'Withdraw' },
            ]}
            aria-label="Top up or withdraw"
          />
        </Suspense>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(mode);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Amount (PAYD)"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // While the write is on its way the balance already moves: no refusal of the sent amount.
            error={busy ? undefined : amountError(check)}
            description={
              mode === 'deposit'
                ? `In your wallet: ${balance.prettify()} PAYD`
                : `In the pool: ${deposit.currentPAYD.prettify()} PAYD (withdrawing also pays out the gain)`
            }
            {...maxSection(
              <MaxButton
                what={mode === 'deposit' ? 'deposit' : 'withdrawal'}
                value={mode === 'deposit' ? balance : deposit.currentPAYD}
                onFill={setText}
              />,
            )}
          />
          {typed && (
            <Text size="sm" data-testid="pool-after">
              Deposit after: {depositAfter(mode, deposit, typed).prettify()} PAYD
            </Text>
          )}
          <Refusal text={refusal} />
          <Group gap="sm">
            <Button type="submit" disabled={!signer || !typed || withdrawBlocked} loading={busy}>
              {mode === 'withdraw' ? 'Withdraw' : has ? 'Top up' : 'Deposit'}
            </Button>
            {has && mode === 'withdraw' && (
              <Button
                variant="light"
                disabled={!signer || withdrawBlocked}
                loading={busy}
                onClick={() => void submit('withdrawAll')}
              >
                Withdraw all
              </Button>
            )}
          </Group>
          {withdrawBlocked && (
            <Text size="sm" c="dimmed" data-testid="withdraw-blocked">
              Withdrawing PAYD is refused while a cache is under 115% (see above).
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
