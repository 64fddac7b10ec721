// /redeem (spec 000 sections 1, 5 and 9): PAYD swapped for ETH at face value from the riskiest
// caches. As the person types: the fee rate (with this redemption's own effect), the ETH received,
// how that rate decays if they wait, a maximum fee (default: the rate after this redemption + 0.1%;
// the transaction refuses rather than pay more), the truncated amount when a cache would be left under the minimum,
// 'redeemPAYD: amount too low to redeem (try at least {n})' with the real floor n (the first cache's net
// debt, @payd/protocol's redemptionMinimum) and no receipt for such an amount, and the bootstrap refusal.
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Decimal, type RedemptionDetails } from '@payd/protocol';
import { prepareRedemption, redeemPAYD } from '../protocol/writes.ts';
import { MaxButton, maxSection } from '../MaxButton.tsx';
import { useProtocol, useProtocolEntry, useSigner } from '../protocol/ProtocolProvider.tsx';
import { amountError, checkAmount } from './amountRules.ts';
import { Card, Figure, Figures, NeedsSigner, PoolShell, Refusal } from './PoolParts.tsx';
import {
  bootstrapRefusal,
  checkMaxFee,
  maxFeeHint,
  rateDecay,
  redemptionPreview,
  truncationText,
  waitText,
} from './redeemRules.ts';
import { refusalText } from './refusals.ts';
import { useProtocolWrite, type Landed } from './useProtocolWrite.ts';

export function RedeemPage() {
  return (
    <PoolShell title="Redeem PAYD">
      <Redeem />
    </PoolShell>
  );
}

/** What the chain says this amount redeems: all, a truncated part, or nothing (with the message). */
type Planned = { amount: Decimal; increasedAmount?: Decimal } | { error: string } | undefined;

function usePlannedRedemption(amount: Decimal | undefined): Planned {
  const signer = useSigner();
  const caches = useProtocol((s) => s.numberOfCaches);
  const total = useProtocol((s) => s.total);
  const [planned, setPlanned] = useState<Planned>();
  useEffect(() => {
    setPlanned(undefined);
    if (!signer || !amount) return;
    let current = true;
    const timer = setTimeout(() => {
      prepareRedemption(signer, amount).then(
        (p) =>
          current &&
          setPlanned({ amount: p.amount, ...(p.increasedAmount && { increasedAmount: p.increasedAmount }) }),
        (e) => current && setPlanned({ error: refusalText(e) ?? String(e) }),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [signer, amount?.raw, caches, total]); // eslint-disable-line react-hooks/exhaustive-deps
  return planned;
}

/**
 * What the typed amount and maximum fee give: the amount checked, the bootstrap refusal, what the
 * chain plans to redeem, the fee preview and the maximum fee (default: this redemption's rate + 0.1%).
 */
function useRedemptionQuote(text: string, maxFeeText: string | undefined) {
  const { connection } = useProtocolEntry();
  const fees = useProtocol((s) => s.fees);
  const total = useProtocol((s) => s.total);
  const price = useProtocol((s) => s.price);
  const balance = useProtocol((s) => s.paydBalance);
  const blockTime = useProtocol((s) => s.blockTimestamp);
  const discountPercent = useProtocol((s) => s.ftxStake.percentage);

  const check = checkAmount(text, { max: balance, maxName: 'your PAYD balance', unit: 'PAYD' });
  const typed = check.kind === 'ok' ? check.amount : undefined;
  const closed = bootstrapRefusal(connection.deployment, blockTime);
  // The amount planned (cut to what the caches allow) does not depend on the maximum fee.
  const planned = usePlannedRedemption(closed ? undefined : typed);
  const plannedAmount = planned && 'amount' in planned ? planned.amount : undefined;
  // What is redeemed decides the fee: the rate after this redemption's own raise of the base rate.
  const redeemed = typed ? (plannedAmount ?? typed) : undefined;
  const shown = redeemed ? redemptionPreview(fees, total, price, redeemed, discountPercent) : undefined;
  const ownRate = shown?.rate ?? fees.redemptionRate();
  const defaultMax = (shown ?? redemptionPreview(fees, total, price, Decimal.ZERO)).defaultMaxRate;
  const shownMaxFee = maxFeeText ?? defaultMax.mul(100).toString(3);
  const maxFee = checkMaxFee(shownMaxFee, ownRate);
  const fieldError = amountError(check) ?? (planned && 'error' in planned ? planned.error : undefined);
  return {
    balance,
    discountPercent,
    typed,
    closed,
    planned,
    plannedAmount,
    redeemed,
    shown,
    ownRate,
    shownMaxFee,
    maxFee,
    fieldError,
  };
}

function Redeem() {
  const signer = useSigner();
  const { busy, refusal, run } = useProtocolWrite();
  const [text, setText] = useState('');
  const [maxFeeText, setMaxFeeText] = useState<string>();
  const [result, setResult] = useState<Landed<RedemptionDetails>>();
  const quote = useRedemptionQuote(text, maxFeeText);
  const { balance, discountPercent, typed, closed, planned, plannedAmount, redeemed, shown } = quote;
  const { ownRate, shownMaxFee, maxFee, fieldError } = quote;

  async function submit() {
    if (!signer || !typed || !maxFee.rate || closed) return;
    setResult(undefined);
    const landed = await run(`Redeem ${(plannedAmount ?? typed).prettify()} PAYD`, () =>
      redeemPAYD(signer, typed, maxFee.rate),
    );
    if (landed) {
      setResult(landed);
      setText('');
    }
  }

  return (
    <Stack gap="md">
      <Text c="dimmed">
        Redeeming swaps PAYD for ETH at face value (1 PAYD = 1 USD of ETH), taken from the caches with the
        lowest collateral ratio, less a redemption fee.
      </Text>
      {closed && (
        <Alert color="orange" variant="light" data-testid="redeem-bootstrap">
          {closed}
        </Alert>
      )}
      {!signer && <NeedsSigner what="redeem PAYD" />}
      <Card title="Redeem">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Amount (PAYD)"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={busy ? undefined : fieldError}
              description={`In your wallet: ${balance.prettify()} PAYD`}
              {...maxSection(<MaxButton what="redemption" value={balance} onFill={setText} />)}
            />
            {planned && 'amount' in planned && typed && planned.amount.lt(typed) && (
              <Alert color="yellow" variant="light" data-testid="redeem-truncated">
                {truncationText(typed, planned.amount, planned.increasedAmount)}
              </Alert>
            )}
            <TextInput
              label="Maximum fee (%)"
              inputMode="decimal"
              autoComplete="off"
              value={shownMaxFee}
              onChange={(e) => setMaxFeeText(e.currentTarget.value)}
              error={maxFee.message}
              description={maxFeeHint(maxFeeText === undefined ? ownRate : undefined)}
            />
            {/* no receipt for an amount the chain refuses or has not planned yet */}
            {shown && plannedAmount && <RedeemFigures shown={shown} discountPercent={discountPercent} />}
            <Refusal text={refusal} />
            <Group>
              <Button
                type="submit"
                disabled={
                  !signer ||
                  !typed ||
                  !maxFee.rate ||
                  Boolean(closed) ||
                  Boolean(planned && 'error' in planned)
                }
                loading={busy}
              >
                Redeem
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {result && <RedeemResult landed={result} />}
      <DecayCard amount={redeemed} />
    </Stack>
  );
}

function RedeemFigures({
  shown,
  discountPercent,
}: {
  shown: ReturnType<typeof redemptionPreview>;
  /** The person's FTX discount on the fee. */
  discountPercent: number;
}) {
  return (
    <Figures>
      <Figure label="Redemption fee rate" value={shown.rate.toPercent()} testId="redeem-rate" />
      <Figure
        label={
          discountPercent > 0
            ? `Redemption fee, less your FTX discount of ${discountPercent}%`
            : 'Redemption fee'
        }
        value={`${shown.feeETH.prettify(6)} ETH`}
        testId="redeem-fee"
      />
      <Figure label="You receive" value={`${shown.ethReceived.prettify(6)} ETH`} testId="redeem-eth" />
    </Figures>
  );
}

function RedeemResult({ landed }: { landed: Landed<RedemptionDetails> }) {
  const d = landed.details;
  return (
    <Alert color="green" variant="light" role="status" title="Redeemed" data-testid="redeem-result">
      {d.actualPAYDAmount.prettify()} PAYD redeemed for {d.collateralTaken.subOrZero(d.fee).prettify(6)} ETH
      (fee {d.fee.prettify(6)} ETH). Gas used: {landed.rawReceipt.gasUsed.toLocaleString('en-US')}.
    </Alert>
  );
}

function DecayCard({ amount }: { amount: Decimal | undefined }) {
  const fees = useProtocol((s) => s.fees);
  const total = useProtocol((s) => s.total);
  const blockTime = useProtocol((s) => s.blockTimestamp);
  const rows = rateDecay(fees, blockTime, total, amount);
  return (
    <Card title="The fee decays">
      <Text size="sm">
        Each redemption raises the base rate; it then halves every 12 hours, minute by minute. Today's rate
        before your own redemption: {fees.redemptionRate().toPercent()}.
        {amount
          ? ` What a redemption of ${amount.prettify()} PAYD would pay if you wait (its own raise does not decay):`
          : ' What a small redemption would pay if you wait:'}
      </Text>
      <Table withTableBorder={false} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>If you wait</Table.Th>
            <Table.Th>Fee rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.minutes}>
              <Table.Td>{waitText(r.minutes)}</Table.Td>
              <Table.Td>{r.rate.toPercent()}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
