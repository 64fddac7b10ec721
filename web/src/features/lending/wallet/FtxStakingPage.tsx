// /ftxStaking (spec 000 section 1): stake and unstake FTX, the discount tier table, the person's
// tier and discount, when the stake unlocks and what the discount takes off the next borrowing fee.
// Every figure comes from the protocol store and follows new blocks by itself.
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Decimal } from '@payd/protocol';
import { approveFTXStaking, stakeFTX, unstakeFTX } from '../protocol/writes.ts';
import { useSendWithStatus } from '../../wallet/index.ts';
import { DevPanel } from '../dev/DevPanel.tsx';
import { useWalletKyc } from '../kycGateView.tsx';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { discountedBorrowingFee, lockState, stakeOutcome, tierRows } from './ftxStakingRules.ts';
import { formatDateTime } from '@payd/i18n';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';
import { LendingLayout } from '../LendingLayout.tsx';
import { checkAmount, transferMessages } from './transferRules.ts';
import { useDiscountTiers } from './useDiscountTiers.ts';

/** The borrow the fee example is worked on. */
const EXAMPLE_BORROW = Decimal.from(10000);

export function FtxStakingPage() {
  const { t } = useLendingT();
  return (
    <LendingLayout title={t('lending.nav.ftx')}>
      <DevPanel />
      <YourStake />
      <StakeForm />
      <TierTable />
    </LendingLayout>
  );
}

function YourStake() {
  const stake = useProtocol((s) => s.ftxStake);
  const now = useProtocol((s) => s.blockTimestamp);
  const rate = useProtocol((s) => s.borrowingRate);
  const balance = useProtocol((s) => s.ftxBalance);
  const { t, num, pct, lang } = useLendingT();
  if (!stake || !now || !rate || !balance) return null;
  const ftx = (v: Decimal) => t('lending.ftx.amount', { amount: num(v, 2) });
  const lock = lockState(stake, now);
  const fee = discountedBorrowingFee(EXAMPLE_BORROW, rate, stake.percentage);
  return (
    <Paper withBorder radius="md" p="md" aria-label={t('lending.ftx.yourStakeRegion')} role="region">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('lending.ftx.yourStake')}
        </Title>
        <Row label={t('lending.ftx.staked')} value={ftx(stake.stakedFTX)} testId="ftx-staked" />
        <Row label={t('lending.ftx.inWallet')} value={ftx(balance)} testId="ftx-balance" />
        <Row
          label={t('lending.ftx.tier')}
          value={
            stake.tier
              ? t('lending.ftx.tierOf', { tier: stake.tier, percent: stake.percentage })
              : t('lending.ftx.noTier')
          }
          testId="ftx-tier"
        />
        <Row
          label={t('lending.ftx.unlocks')}
          testId="ftx-unlock"
          value={
            lock.kind === 'none'
              ? t('lending.ftx.nothingStaked')
              : lock.kind === 'locked'
                ? t('lending.ftx.lockedUntil', { when: formatDateTime(lang, lock.until) })
                : t('lending.ftx.unlockedSince', { when: formatDateTime(lang, lock.since) })
          }
        />
        <Text fz="sm" data-testid="ftx-next-fee">
          {stake.percentage
            ? t('lending.ftx.nextFeeDiscount', {
                borrow: num(EXAMPLE_BORROW, 0),
                rate: pct(rate),
                fee: num(fee.fee, 2),
                percent: stake.percentage,
                discount: num(fee.discount, 2),
                pay: num(fee.feeAfterDiscount, 2),
              })
            : t('lending.ftx.nextFee', {
                borrow: num(EXAMPLE_BORROW, 0),
                rate: pct(rate),
                fee: num(fee.fee, 2),
              })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function StakeForm() {
  const stake = useProtocol((s) => s.ftxStake);
  const balance = useProtocol((s) => s.ftxBalance);
  const allowance = useProtocol((s) => s.ftxAllowance);
  const now = useProtocol((s) => s.blockTimestamp);
  const tiers = useDiscountTiers();
  const signer = useSigner();
  const kyc = useWalletKyc();
  const send = useSendWithStatus();
  const [kind, setKind] = useState<'stake' | 'unstake'>('stake');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const tr = useLendingT();
  const { t, message, num } = tr;
  if (!stake || !balance || !allowance || !now) return null;

  const limit = kind === 'stake' ? balance : stake.stakedFTX;
  const checked = checkAmount(text, limit, kind === 'stake' ? 'FTX' : 'FTX staked');
  const locked = kind === 'unstake' && lockState(stake, now).kind === 'locked';
  // transferRules words its messages in English; the limit one has a figure in it
  const amountMessage = checked.ok
    ? undefined
    : checked.message === transferMessages.overBalance(limit, kind === 'stake' ? 'FTX' : 'FTX staked')
      ? t(kind === 'stake' ? 'lending.send.over' : 'lending.ftx.overStaked', {
          balance: num(limit, 4),
          unit: 'FTX',
        })
      : message(checked.message);
  // Staking needs an approved wallet (canStakeFTX); taking a stake out does not.
  const refused = kind === 'stake' && (kyc.checking || Boolean(kyc.refusal));
  const outcome =
    checked.ok && tiers.status === 'ready'
      ? stakeOutcome(stake, tiers.tiers, kind, checked.value)
      : undefined;

  // After a confirmation the emptied field is fresh again, not an error.
  const clear = () => {
    setText('');
    setTouched(false);
  };

  const submit = async () => {
    setTouched(true);
    if (!checked.ok || !signer || locked || refused) return;
    setBusy(true);
    try {
      if (await sendStakeChange({ send, signer, kind, amount: checked.value, allowance, tr })) clear();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('lending.ftx.formRegion')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('lending.ftx.stakeOrUnstake')}
          </Title>
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as 'stake' | 'unstake')}
            data={[
              { value: 'stake', label: t('lending.ftx.stake') },
              { value: 'unstake', label: t('lending.ftx.unstake') },
            ]}
            aria-label={t('lending.ftx.stakeOrUnstake')}
          />
          <TextInput
            label={t('lending.send.amount', { unit: 'FTX' })}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? amountMessage : undefined}
            description={t(kind === 'stake' ? 'lending.ftx.limitWallet' : 'lending.ftx.limitStaked', {
              amount: num(limit, 4),
            })}
          />
          <StakeNotes
            kind={kind}
            lockedUntil={locked ? (stake.endDate ?? now) : null}
            outcome={outcome}
            refusal={kyc.refusal}
            signed={Boolean(signer)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!signer || locked || refused}>
              {kind === 'stake' ? t('lending.ftx.stakeFtx') : t('lending.ftx.unstakeFtx')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * Stakes (after allowing the amount when the allowance is short) or unstakes through the status
 * bar's send; true once the last transaction is confirmed.
 */
async function sendStakeChange({
  send,
  signer,
  kind,
  amount,
  allowance,
  tr: { t, num },
}: {
  tr: LendingTranslate;
  send: ReturnType<typeof useSendWithStatus>;
  signer: NonNullable<ReturnType<typeof useSigner>>;
  kind: 'stake' | 'unstake';
  amount: Decimal;
  allowance: Decimal;
}): Promise<boolean> {
  if (kind === 'unstake')
    return (
      (await send(
        t('lending.ftx.unstakeTx', { amount: num(amount, 2) }),
        async () => (await unstakeFTX(signer, amount)).hash,
      )) === 'confirmed'
    );
  if (allowance.lt(amount)) {
    const approved = await send(t('lending.ftx.allowTx', { amount: num(amount, 2) }), async () => {
      return (await approveFTXStaking(signer, amount)).hash;
    });
    if (approved !== 'confirmed') return false;
  }
  return (
    (await send(
      t('lending.ftx.stakeTx', { amount: num(amount, 2) }),
      async () => (await stakeFTX(signer, amount)).hash,
    )) === 'confirmed'
  );
}

/** What the form says about the change: the lock, the stake after it, a refusal, a missing signer. */
function StakeNotes({
  kind,
  lockedUntil,
  outcome,
  refusal,
  signed,
}: {
  kind: 'stake' | 'unstake';
  /** When the stake unlocks, while an unstake must wait for it. */
  lockedUntil: Date | null;
  outcome: ReturnType<typeof stakeOutcome> | undefined;
  refusal: string | null | undefined;
  signed: boolean;
}) {
  const { t, num, lang } = useLendingT();
  return (
    <>
      {kind === 'stake' && (
        <Text fz="sm" c="dimmed">
          {t('lending.ftx.restartsLock')}
        </Text>
      )}
      {lockedUntil !== null && (
        <Alert color="yellow" variant="light">
          {t('lending.ftx.locked', { when: formatDateTime(lang, lockedUntil) })}
        </Alert>
      )}
      {outcome && (
        <Text fz="sm" data-testid="ftx-outcome">
          {outcome.tier
            ? t('lending.ftx.after', {
                amount: num(outcome.staked, 2),
                tier: outcome.tier,
                percent: outcome.percentage,
              })
            : t('lending.ftx.afterNoTier', { amount: num(outcome.staked, 2) })}
        </Text>
      )}
      {kind === 'stake' && refusal && (
        <Alert color="red" variant="light" title={t('lending.ftx.cannotStake')} role="alert">
          {refusal}
        </Alert>
      )}
      {!signed && (
        <Alert color="gray" variant="light">
          {t('lending.send.needsSigner')}
        </Alert>
      )}
    </>
  );
}

function TierTable() {
  const tiers = useDiscountTiers();
  const staked = useProtocol((s) => s.ftxStake.stakedFTX);
  const { t, num } = useLendingT();
  if (tiers.status === 'loading' || !staked) return null;
  if (tiers.status === 'failed')
    return (
      <Alert color="red" variant="light">
        {t('lending.ftx.tiersUnreadable')}
      </Alert>
    );
  const rows = tierRows(tiers.tiers, staked);
  // tierRows words the range in English: the same range in the reader's language
  const range = (i: number) => {
    const { start, end } = tiers.tiers[i]!;
    return end.isInfinite
      ? t('lending.ftx.rangeOpen', { start: num(start, 0) })
      : t('lending.ftx.range', { start: num(start, 0), end: num(end, 0) });
  };
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('lending.ftx.tiers')}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('lending.ftx.tiers')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('lending.ftx.tiersExplain')}
        </Text>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lending.ftx.tier')}</Table.Th>
              <Table.Th>{t('lending.ftx.stakeColumn')}</Table.Th>
              <Table.Th>{t('lending.ftx.discount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.tier} aria-current={r.current ? 'true' : undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {r.tier} {r.current && <Badge size="sm">{t('lending.ftx.yours')}</Badge>}
                </Table.Td>
                <Table.Td>{range(i)}</Table.Td>
                <Table.Td>{t('lending.ftx.percent', { percent: r.percentage })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
