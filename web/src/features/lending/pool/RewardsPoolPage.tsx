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
import { checkAmount } from './amountRules.ts';
import { Card, Figure, Figures, NeedsSigner, PoolShell, Refusal } from './PoolParts.tsx';
import { depositAfter, poolView, withdrawalBlockText, writeAmount, type PoolAction } from './poolRules.ts';
import { useProtocolWrite } from './useProtocolWrite.ts';
import { useRewardsPoolHistory } from './useRewardsPoolHistory.ts';
import { useLendingT } from '../useLendingT.ts';
import { amountErrorText } from './amountText.ts';
import { Tagged } from '../../../i18n/Tagged.tsx';

// The collateral gain's card and the top-up / withdraw switch show only to a depositor: they load
// for them.
const GainCard = lazy(() => import('./GainCard.tsx'));
const SegmentedControl = lazy(() => import('../../../ui/segmentedControlModule.ts'));

export function RewardsPoolPage() {
  const { t } = useLendingT();
  return (
    <PoolShell title={t('lending.nav.pool')}>
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
  const { t, num, pct } = useLendingT();
  const payd = (v: typeof poolTotal) => t('lending.payd', { amount: num(v) });
  const eth6 = (v: typeof poolTotal) => t('lending.eth', { amount: num(v, 6) });

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('lending.pool.intro')}</Text>
      <Card title={t('lending.pool.yourDeposit')} testId="pool-figures">
        <Figures>
          <Figure label={t('lending.pool.deposited')} value={payd(view.deposited)} testId="pool-deposit" />
          <Figure label={t('lending.pool.share')} value={pct(view.share)} testId="pool-share" />
          <Figure label={t('lending.pool.total')} value={payd(view.poolTotal)} testId="pool-total" />
          <Figure
            label={t('lending.pool.gain')}
            value={eth6(view.collateralGain)}
            hint={t('lending.pool.gainValue', { amount: num(view.gainValue) })}
            testId="pool-gain"
          />
          <Figure
            label={t('lending.pool.rewards')}
            value={view.rewardsEarned ? eth6(view.rewardsEarned) : '…'}
            hint={t('lending.pool.rewardsHint')}
            testId="pool-rewards"
          />
          <Figure
            label={t('lending.pool.used')}
            value={view.usedByLiquidations ? payd(view.usedByLiquidations) : '…'}
            hint={t('lending.pool.usedHint')}
            testId="pool-used"
          />
          <Figure
            label={t('lending.pool.apr')}
            value={view.apr ? pct(view.apr) : '…'}
            hint={t('lending.pool.aprHint')}
            testId="pool-apr"
          />
        </Figures>
      </Card>
      {blocked && (
        <Alert color="orange" variant="light" data-testid="pool-blocked">
          {blocked}{' '}
          <Tagged
            id="lending.pool.seeRisky"
            tags={{
              risky: (text) => (
                <Anchor component={Link} to="/riskyCaches">
                  {text}
                </Anchor>
              ),
            }}
          />
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
  const { t, num, pct } = useLendingT();
  const riskiest = useProtocol((s) => s.riskiestCacheBeforeRedistribution);
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const price = useProtocol((s) => s.price);
  const count = useProtocol((s) => s.numberOfCaches);
  const w = rewardsPoolWithdrawal(riskiest.compounded(redistributed), price, count);
  // withdrawalBlockText words it in English; the page says the same in the reader's language
  if (w.allowed || !withdrawalBlockText(w)) return undefined;
  const values = { ratio: pct(w.ratio), price: num(w.releasePrice) };
  return t(w.lastCache ? 'lending.pool.blockedLast' : 'lending.pool.blocked', values);
}

function DepositForm() {
  const signer = useSigner();
  const deposit = useProtocol((s) => s.stabilityDeposit);
  const balance = useProtocol((s) => s.paydBalance);
  const { busy, refusal, run } = useProtocolWrite();
  const tr = useLendingT();
  const { t, num } = tr;
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

  /** actionLabel's words in the reader's language: 'Top up 100.00 PAYD'. */
  function actionText(action: PoolAction): string {
    if (action === 'withdrawAll')
      return t('lending.pool.withdrawAllTx', { amount: num(deposit.currentPAYD) });
    const amount = num(typed ?? deposit.currentPAYD);
    if (action === 'withdraw') return t('lending.pool.withdrawTx', { amount });
    return t(has ? 'lending.pool.topUpTx' : 'lending.pool.depositTx', { amount });
  }

  async function submit(action: PoolAction) {
    if (!signer || (action !== 'withdrawAll' && !typed)) return;
    const amount = writeAmount(action, deposit, typed);
    const landed = await run(actionText(action), () =>
      action === 'deposit'
        ? depositPAYDInRewardsPool(signer, amount)
        : withdrawPAYDFromRewardsPool(signer, amount),
    );
    if (landed) setText('');
  }

  return (
    <Card title={has ? t('lending.pool.topUpOrWithdraw') : t('lending.pool.depositPayd')}>
      {!signer && <NeedsSigner what="deposit" />}
      {has && (
        <Suspense fallback={<div style={{ height: 36 }} />}>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'deposit' | 'withdraw')}
            data={[
              { value: 'deposit', label: t('lending.pool.topUp') },
              { value: 'withdraw', label: t('lending.pool.withdraw') },
            ]}
            aria-label={t('lending.pool.topUpOrWithdraw')}
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
            label={t('lending.amount.payd')}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // While the write is on its way the balance already moves: no refusal of the sent amount.
            error={busy ? undefined : amountErrorText(tr, check)}
            description={
              mode === 'deposit'
                ? t('lending.amount.inWallet', { amount: num(balance) })
                : t('lending.pool.inPool', { amount: num(deposit.currentPAYD) })
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
              {t('lending.pool.after', { amount: num(depositAfter(mode, deposit, typed)) })}
            </Text>
          )}
          <Refusal text={refusal} />
          <Group gap="sm">
            <Button type="submit" disabled={!signer || !typed || withdrawBlocked} loading={busy}>
              {mode === 'withdraw'
                ? t('lending.pool.withdraw')
                : has
                  ? t('lending.pool.topUp')
                  : t('lending.pool.deposit')}
            </Button>
            {has && mode === 'withdraw' && (
              <Button
                variant="light"
                disabled={!signer || withdrawBlocked}
                loading={busy}
                onClick={() => void submit('withdrawAll')}
              >
                {t('lending.pool.withdrawAll')}
              </Button>
            )}
          </Group>
          {withdrawBlocked && (
            <Text size="sm" c="dimmed" data-testid="withdraw-blocked">
              {t('lending.pool.withdrawBlocked')}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
