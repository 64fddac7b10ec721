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
import { checkAmount } from './amountRules.ts';
import { Card, Figure, Figures, NeedsSigner, PoolShell, Refusal } from './PoolParts.tsx';
import {
  bootstrapRefusal,
  checkMaxFee,
  rateDecay,
  redemptionPreview,
  opensAtText,
  redemptionsOpenAt,
} from './redeemRules.ts';
import { refusalText } from './refusals.ts';
import { useProtocolWrite, type Landed } from './useProtocolWrite.ts';
import { formatNumber } from '@payd/i18n';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';
import { amountErrorText } from './amountText.ts';

/** waitText's words in the reader's language: '1 hour', '12 hours', '1 day'. */
function waitWords({ t }: LendingTranslate, minutes: number): string {
  if (minutes % 1440 === 0) return t('lending.redeem.waitDays', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('lending.redeem.waitHours', { count: minutes / 60 });
  return t('lending.redeem.waitMinutes', { count: minutes });
}

/** checkMaxFee's message in the reader's language (its rate is this redemption's own). */
function maxFeeError({ t, message, pct }: LendingTranslate, text: string | undefined, ownRate: Decimal) {
  if (text === undefined) return undefined;
  return text.startsWith('Below this')
    ? t('lending.redeem.maxFeeBelow', { rate: pct(ownRate) })
    : message(text);
}

export function RedeemPage() {
  const { t } = useLendingT();
  return (
    <PoolShell title={t('lending.redeem.title')}>
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
  const tr = useLendingT();

  const check = checkAmount(text, { max: balance, maxName: 'your PAYD balance', unit: 'PAYD' });
  const typed = check.kind === 'ok' ? check.amount : undefined;
  const refused = bootstrapRefusal(connection.deployment, blockTime);
  // bootstrapRefusal words it in English; another language gives the date in its own form
  const closed =
    refused && tr.lang !== 'en'
      ? tr.t('lending.redeem.bootstrap', {
          when: opensAtText(tr.lang, redemptionsOpenAt(connection.deployment)),
        })
      : refused;
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
  const plannedError = planned && 'error' in planned ? tr.message(planned.error) : undefined;
  const fieldError = amountErrorText(tr, check) ?? plannedError;
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
  const tr = useLendingT();
  const { t, num, pct } = tr;

  async function submit() {
    if (!signer || !typed || !maxFee.rate || closed) return;
    setResult(undefined);
    const landed = await run(t('lending.redeem.tx', { amount: num(plannedAmount ?? typed) }), () =>
      redeemPAYD(signer, typed, maxFee.rate),
    );
    if (landed) {
      setResult(landed);
      setText('');
    }
  }

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('lending.redeem.intro')}</Text>
      {closed && (
        <Alert color="orange" variant="light" data-testid="redeem-bootstrap">
          {closed}
        </Alert>
      )}
      {!signer && <NeedsSigner what="redeem" />}
      <Card title={t('lending.nav.redeem')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('lending.amount.payd')}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={busy ? undefined : fieldError}
              description={t('lending.amount.inWallet', { amount: num(balance) })}
              {...maxSection(<MaxButton what="redemption" value={balance} onFill={setText} />)}
            />
            {planned && 'amount' in planned && typed && planned.amount.lt(typed) && (
              <Alert color="yellow" variant="light" data-testid="redeem-truncated">
                {truncationWords(tr, typed, planned.amount, planned.increasedAmount)}
              </Alert>
            )}
            <TextInput
              label={t('lending.redeem.maxFee')}
              inputMode="decimal"
              autoComplete="off"
              value={shownMaxFee}
              onChange={(e) => setMaxFeeText(e.currentTarget.value)}
              error={maxFeeError(tr, maxFee.message, ownRate)}
              description={
                maxFeeText === undefined
                  ? t('lending.redeem.maxFeeHintSet', { rate: pct(ownRate) })
                  : t('lending.redeem.maxFeeHint')
              }
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
                {t('lending.nav.redeem')}
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
  const { t, num, pct, lang } = useLendingT();
  const discount = formatNumber(lang, discountPercent / 100, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <Figures>
      <Figure label={t('lending.redeem.rate')} value={pct(shown.rate)} testId="redeem-rate" />
      <Figure
        label={discountPercent > 0 ? t('lending.redeem.feeDiscount', { discount }) : t('lending.redeem.fee')}
        value={t('lending.eth', { amount: num(shown.feeETH, 6) })}
        testId="redeem-fee"
      />
      <Figure
        label={t('lending.redeem.receive')}
        value={t('lending.eth', { amount: num(shown.ethReceived, 6) })}
        testId="redeem-eth"
      />
    </Figures>
  );
}

function RedeemResult({ landed }: { landed: Landed<RedemptionDetails> }) {
  const d = landed.details;
  const { t, num, lang } = useLendingT();
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={t('lending.redeem.done')}
      data-testid="redeem-result"
    >
      {t('lending.redeem.result', {
        payd: num(d.actualPAYDAmount),
        eth: num(d.collateralTaken.subOrZero(d.fee), 6),
        fee: num(d.fee, 6),
        gas: formatNumber(lang, landed.rawReceipt.gasUsed),
      })}
    </Alert>
  );
}

function DecayCard({ amount }: { amount: Decimal | undefined }) {
  const fees = useProtocol((s) => s.fees);
  const total = useProtocol((s) => s.total);
  const blockTime = useProtocol((s) => s.blockTimestamp);
  const rows = rateDecay(fees, blockTime, total, amount);
  const tr = useLendingT();
  const { t, num, pct } = tr;
  const rate = pct(fees.redemptionRate());
  return (
    <Card title={t('lending.redeem.decays')}>
      <Text size="sm">
        {amount
          ? t('lending.redeem.decayAmount', { rate, amount: num(amount) })
          : t('lending.redeem.decaySmall', { rate })}
      </Text>
      <Table withTableBorder={false} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lending.redeem.ifWait')}</Table.Th>
            <Table.Th>{t('lending.redeem.feeRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.minutes}>
              <Table.Td>{waitWords(tr, r.minutes)}</Table.Td>
              <Table.Td>{pct(r.rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** truncationText's words in the reader's language. */
function truncationWords(
  { t, num }: LendingTranslate,
  attempted: Decimal,
  redeemed: Decimal,
  increased?: Decimal,
) {
  const values = { redeemed: num(redeemed), attempted: num(attempted) };
  return increased
    ? t('lending.redeem.truncatedMore', { ...values, increased: num(increased) })
    : t('lending.redeem.truncated', values);
}
