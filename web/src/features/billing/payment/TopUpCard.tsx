// 'How much do you want to top up?' (spec 001 sections 4, 5, 9): the credits input (e, E, +, -
// blocked; 2 decimals; minimum 1), the pay buttons with their disabled rules and texts, the review
// modal with the discount and the non-refundable warning, the rate check before paying, then the
// wallet payment (ETH, FTX) or /stripeCheckout (card).
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConnection } from 'wagmi';
import {
  checkCredits,
  NON_REFUNDABLE_WARNING,
  payButtons,
  priceOf,
  RATE_CHANGED_MESSAGE,
  sameRate,
  TOP_UP_BLOCKED_KEYS,
  truncateCreditsInput,
  type PayCurrency,
  type Rates,
} from '@payd/schemas';
import { useApi } from '../../../shell/session/session.tsx';
import { StakingCard } from '../../../ui/pageParts.tsx';
import {
  bookEthPayment,
  bookFtxPayment,
  bookWhenConfirmed,
  getRates,
  usePaymentSettings,
} from './paymentApi.ts';
import { discountWords, paymentFailureText, pricesText } from './topUpText.ts';
import { useT } from '../../../i18n/useT.ts';
import { useWalletPay } from './walletPay.ts';

// Loaded just after the card shows: Mantine's Modal and Table (focus trap, scroll lock, floating-ui)
// are for the review step, not for the card's first paint.
const ReviewModal = lazy(() => import('./TopUpReviewModal.tsx'));

const LABEL: Record<PayCurrency, string> = {
  ETH: 'payment.payEth',
  FTX: 'payment.payFtx',
  USD: 'payment.payCard',
};

export function TopUpCard({ rates, validators }: { rates: Rates | null; validators: number }) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { address } = useConnection();
  const settings = usePaymentSettings();
  const pay = useWalletPay();
  const { t, message } = useT();
  const [text, setText] = useState('');
  const [review, setReview] = useState<PayCurrency | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const check = checkCredits(text);
  const buttons = payButtons(text, rates, validators);
  const credits = check.ok ? check.credits : '';

  async function confirm(currency: PayCurrency) {
    if (!rates || !check.ok) return;
    setBusy(true);
    setError(null);
    setDone(null);
    let sent: string | null = null;
    try {
      const fresh = await getRates(api);
      if (!sameRate(rates, fresh, currency)) {
        setError(message(RATE_CHANGED_MESSAGE));
        return;
      }
      if (currency === 'USD') {
        void navigate(`/stripeCheckout?credits=${encodeURIComponent(credits)}`);
        return;
      }
      const to = settings.data?.fintruxWallet;
      if (!to || !address) throw new Error(t('payment.connectWallet'));
      const amount = priceOf(credits, rates, validators, currency);
      const txHash = await pay(currency, to, amount);
      sent = txHash;
      const base = { txHash, walletAddress: address, fintruxWallet: to, creditAmt: credits };
      const book = () =>
        currency === 'ETH'
          ? bookEthPayment(api, { ...base, ethAmt: amount })
          : bookFtxPayment(api, {
              ...base,
              ftxAmt: amount,
              ftxTokenAddress: settings.data!.ftxTokenAddress!,
            });
      await bookWhenConfirmed(book, () =>
        setWaiting(t('payment.waiting', { count: settings.data?.confirmations ?? 0 })),
      );
      setDone(t('payment.done', { credits }));
      setText('');
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    } catch (e) {
      // The money left the wallet: say which transaction, so support can find and book it.
      setError(
        paymentFailureText(e, sent, (m, tx) => t('payment.failedWithTx', { message: message(m), tx })),
      );
    } finally {
      setWaiting(null);
      setBusy(false);
      setReview(null);
    }
  }

  return (
    <StakingCard title={t('payment.topUp.title')} testId="top-up-card">
      {buttons.message ? <Alert color="yellow">{message(buttons.message)}</Alert> : null}
      <CreditsInput
        text={text}
        onText={setText}
        disabled={buttons.inputDisabled || busy}
        error={check.ok ? null : message(check.error)}
      />
      {check.ok && rates ? <Prices credits={credits} rates={rates} validators={validators} /> : null}
      <Text fz="sm" c="dimmed">
        {message(NON_REFUNDABLE_WARNING)} {t('payment.discounts')}
      </Text>
      <PayButtons buttons={buttons} busy={busy} review={review} onPick={setReview} />
      <Outcome error={error} done={done} />
      <Suspense fallback={null}>
        <ReviewModal
          review={review}
          rates={rates}
          credits={check.ok ? credits : null}
          validators={validators}
          busy={busy}
          waiting={waiting}
          onClose={() => setReview(null)}
          onConfirm={(c) => void confirm(c)}
        />
      </Suspense>
    </StakingCard>
  );
}

/** The credits to buy: e, E, + and - are blocked, and what is typed is cut to 2 decimals. */
function CreditsInput({
  text,
  onText,
  disabled,
  error,
}: {
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
  error: string | null;
}) {
  const { t } = useT();
  return (
    <TextInput
      label={t('payment.credits')}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      error={error}
      onChange={(e) =>
        onText(truncateCreditsInput(e.currentTarget.value) || (e.currentTarget.value === '' ? '' : text))
      }
      onKeyDown={(e) => {
        if (TOP_UP_BLOCKED_KEYS.includes(e.key)) e.preventDefault();
      }}
      data-testid="top-up-credits"
      maw={320}
    />
  );
}

/** What the credits cost in each currency, with the discount the review applies. */
function Prices({ credits, rates, validators }: { credits: string; rates: Rates; validators: number }) {
  const { t } = useT();
  return (
    <Text fz="sm" c="dimmed" data-testid="top-up-prices">
      {pricesText(credits, rates, validators, (d) => discountWords(t, d))}
    </Text>
  );
}

const currencies: PayCurrency[] = ['ETH', 'FTX', 'USD'];

/** The pay buttons, each opening the review, and why the wallet ones are disabled. */
function PayButtons({
  buttons,
  busy,
  review,
  onPick,
}: {
  buttons: ReturnType<typeof payButtons>;
  busy: boolean;
  /** The currency under review (its button shows the payment's progress). */
  review: PayCurrency | null;
  onPick: (c: PayCurrency) => void;
}) {
  const { t, message } = useT();
  return (
    <>
      <Group gap="sm">
        {currencies.map((c) => (
          <Button
            key={c}
            variant={c === 'USD' ? 'light' : 'filled'}
            disabled={buttons[c].disabled || busy}
            loading={busy && review === c}
            onClick={() => onPick(c)}
            data-testid={`pay-${c.toLowerCase()}`}
          >
            {t(LABEL[c])}
          </Button>
        ))}
      </Group>
      {[buttons.ETH.message, buttons.FTX.message].filter(Boolean).map((m) => (
        <Text key={m} c="red" fz="sm">
          {message(m)}
        </Text>
      ))}
    </>
  );
}

function Outcome({ error, done }: { error: string | null; done: string | null }) {
  if (error)
    return (
      <Alert color="red" data-testid="top-up-error">
        {error}
      </Alert>
    );
  if (done)
    return (
      <Alert color="green" data-testid="top-up-done">
        {done}
      </Alert>
    );
  return null;
}
