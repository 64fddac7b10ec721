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
import { discountedBorrowingFee, formatWhen, lockState, stakeOutcome, tierRows } from './ftxStakingRules.ts';
import { LendingLayout } from '../LendingLayout.tsx';
import { checkAmount } from './transferRules.ts';
import { useDiscountTiers } from './useDiscountTiers.ts';

/** The borrow the fee example is worked on. */
const EXAMPLE_BORROW = Decimal.from(10000);

export function FtxStakingPage() {
  return (
    <LendingLayout title="FTX staking">
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
  if (!stake || !now || !rate || !balance) return null;
  const lock = lockState(stake, now);
  const fee = discountedBorrowingFee(EXAMPLE_BORROW, rate, stake.percentage);
  return (
    <Paper withBorder radius="md" p="md" aria-label="Your FTX stake" role="region">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Your stake
        </Title>
        <Row label="Staked" value={`${stake.stakedFTX.prettify(2)} FTX`} testId="ftx-staked" />
        <Row label="In your wallet" value={`${balance.prettify(2)} FTX`} testId="ftx-balance" />
        <Row
          label="Tier"
          value={stake.tier ? `Tier ${stake.tier}: ${stake.percentage}% off fees` : 'No tier: no discount'}
          testId="ftx-tier"
        />
        <Row
          label="Unlocks"
          testId="ftx-unlock"
          value={
            lock.kind === 'none'
              ? 'Nothing staked'
              : lock.kind === 'locked'
                ? `Locked until ${formatWhen(lock.until)}`
                : `Unlocked since ${formatWhen(lock.since)}`
          }
        />
        <Text fz="sm" data-testid="ftx-next-fee">
          Next borrow fee: on {EXAMPLE_BORROW.prettify(0)} PAYD at today&apos;s rate of {rate.toPercent()} the
          fee is {fee.fee.prettify(2)} PAYD;{' '}
          {stake.percentage
            ? `your ${stake.percentage}% discount takes ${fee.discount.prettify(2)} PAYD off, so you pay ${fee.feeAfterDiscount.prettify(2)} PAYD.`
            : 'stake FTX to reach a tier and pay less.'}
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
  if (!stake || !balance || !allowance || !now) return null;

  const limit = kind === 'stake' ? balance : stake.stakedFTX;
  const checked = checkAmount(text, limit, kind === 'stake' ? 'FTX' : 'FTX staked');
  const locked = kind === 'unstake' && lockState(stake, now).kind === 'locked';
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
      if (await sendStakeChange({ send, signer, kind, amount: checked.value, allowance })) clear();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Stake or unstake FTX">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Stake or unstake
          </Title>
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as 'stake' | 'unstake')}
            data={[
              { value: 'stake', label: 'Stake' },
              { value: 'unstake', label: 'Unstake' },
            ]}
            aria-label="Stake or unstake"
          />
          <TextInput
            label="Amount (FTX)"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && !checked.ok ? checked.message : undefined}
            description={`${kind === 'stake' ? 'In your wallet' : 'Staked'}: ${limit.prettify(4)} FTX`}
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
              {kind === 'stake' ? 'Stake FTX' : 'Unstake FTX'}
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
}: {
  send: ReturnType<typeof useSendWithStatus>;
  signer: NonNullable<ReturnType<typeof useSigner>>;
  kind: 'stake' | 'unstake';
  amount: Decimal;
  allowance: Decimal;
}): Promise<boolean> {
  if (kind === 'unstake')
    return (
      (await send(
        `Unstake ${amount.prettify(2)} FTX`,
        async () => (await unstakeFTX(signer, amount)).hash,
      )) === 'confirmed'
    );
  if (allowance.lt(amount)) {
    const approved = await send(`Allow staking of ${amount.prettify(2)} FTX`, async () => {
      return (await approveFTXStaking(signer, amount)).hash;
    });
    if (approved !== 'confirmed') return false;
  }
  return (
    (await send(`Stake ${amount.prettify(2)} FTX`, async () => (await stakeFTX(signer, amount)).hash)) ===
    'confirmed'
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
  return (
    <>
      {kind === 'stake' && (
        <Text fz="sm" c="dimmed">
          Staking more restarts the lock for the whole stake.
        </Text>
      )}
      {lockedUntil !== null && (
        <Alert color="yellow" variant="light">
          Your stake is locked until {formatWhen(lockedUntil)}; it can be unstaked after that.
        </Alert>
      )}
      {outcome && (
        <Text fz="sm" data-testid="ftx-outcome">
          After this: {outcome.staked.prettify(2)} FTX staked,{' '}
          {outcome.tier ? `tier ${outcome.tier}, ${outcome.percentage}% off fees` : 'no tier, no discount'}.
        </Text>
      )}
      {kind === 'stake' && refusal && (
        <Alert color="red" variant="light" title="This wallet cannot stake FTX" role="alert">
          {refusal}
        </Alert>
      )}
      {!signed && (
        <Alert color="gray" variant="light">
          Must be connected through a Signer
        </Alert>
      )}
    </>
  );
}

function TierTable() {
  const tiers = useDiscountTiers();
  const staked = useProtocol((s) => s.ftxStake.stakedFTX);
  if (tiers.status === 'loading' || !staked) return null;
  if (tiers.status === 'failed')
    return (
      <Alert color="red" variant="light">
        The discount tiers cannot be read right now.
      </Alert>
    );
  const rows = tierRows(tiers.tiers, staked);
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Discount tiers">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Discount tiers
        </Title>
        <Text fz="sm" c="dimmed">
          A stake in a tier takes its percentage off your borrowing and redemption fees.
        </Text>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tier</Table.Th>
              <Table.Th>Stake</Table.Th>
              <Table.Th>Discount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.tier} aria-current={r.current ? 'true' : undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {r.tier} {r.current && <Badge size="sm">Yours</Badge>}
                </Table.Td>
                <Table.Td>{r.range}</Table.Td>
                <Table.Td>{r.percentage}%</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
