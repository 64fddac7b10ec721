// The person's FETH on /liquidStaking: the balance, their place in the swap queue (position and the
// FETH ahead of them), the unfilled FETH and the filled ETH; Claim ETH, and Cancel (after a
// confirmation, CancelFethModal.tsx) which takes the unfilled FETH out of the queue and back to the wallet.
import { Alert, Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { cancelFETHDeposit, claimETH } from '../protocol/writes.ts';
import { Card, Figure, Figures, Refusal } from '../pool/PoolParts.tsx';
import { useProtocolWrite } from '../pool/useProtocolWrite.ts';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { explainRefusal } from './liquidRefusals.ts';
import { queueView } from './liquidRules.ts';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';

const CancelFethModal = lazy(() => import('./CancelFethModal.tsx'));

/** positionText's words in the reader's language. */
function positionWords({ t }: LendingTranslate, view: ReturnType<typeof queueView>): string {
  if (view.position === undefined)
    return view.stuck ? t('lending.liquid.outOfQueue') : t('lending.liquid.notInQueue');
  if (view.position === 1) return t('lending.liquid.first');
  return t('lending.liquid.nth', { n: view.position });
}

export function YourFethCard({ blocked }: { blocked: boolean }) {
  const signer = useSigner();
  const fethBalance = useProtocol((s) => s.fethBalance);
  const fethSwapDeposit = useProtocol((s) => s.fethSwapDeposit);
  const ethSwapClaim = useProtocol((s) => s.ethSwapClaim);
  const fethQueuePosition = useProtocol((s) => s.fethQueuePosition);
  const view = queueView({ fethBalance, fethSwapDeposit, ethSwapClaim, fethQueuePosition });
  const { busy, refusal, run } = useProtocolWrite();
  const [confirming, setConfirming] = useState(false);
  // The confirmation loads on the first Cancel and stays mounted for its closing transition.
  const [asked, setAsked] = useState(false);
  const [done, setDone] = useState<string>();
  const tr = useLendingT();
  const { t, num } = tr;

  async function claim() {
    if (!signer) return;
    setDone(undefined);
    const landed = await run(t('lending.liquid.claimTx', { amount: num(view.toClaim, 4) }), () =>
      explainRefusal(() => claimETH(signer)),
    );
    if (landed) {
      const { amount, fee } = landed.details;
      setDone(
        fee.isZero
          ? t('lending.liquid.claimed', { amount: num(amount, 4) })
          : t('lending.liquid.claimedFee', { amount: num(amount, 4), fee: num(fee, 6) }),
      );
    }
  }

  async function cancel() {
    if (!signer) return;
    setConfirming(false);
    setDone(undefined);
    const landed = await run(t('lending.liquid.cancelTx', { amount: num(view.unfilled, 4) }), () =>
      explainRefusal(() => cancelFETHDeposit(signer)),
    );
    if (landed) setDone(t('lending.liquid.returned', { amount: num(landed.details.fethReturned, 4) }));
  }

  return (
    <Card title={t('lending.liquid.yours')} testId="liquid-yours">
      <Figures>
        <Figure
          label={t('lending.liquid.balance')}
          value={t('lending.feth', { amount: num(fethBalance, 4) })}
          testId="liquid-feth-balance"
        />
        <Figure label={t('lending.liquid.place')} value={positionWords(tr, view)} testId="liquid-position" />
        <Figure
          label={t('lending.liquid.ahead')}
          value={t('lending.feth', { amount: num(view.fethAhead, 4) })}
          hint={t('lending.liquid.aheadHint')}
          testId="liquid-feth-ahead"
        />
        <Figure
          label={t('lending.liquid.unfilled')}
          value={t('lending.feth', { amount: num(view.unfilled, 4) })}
          testId="liquid-unfilled"
        />
        <Figure
          label={t('lending.liquid.toClaim')}
          value={t('lending.eth', { amount: num(view.toClaim, 4) })}
          hint={t('lending.liquid.toClaimHint')}
          testId="liquid-to-claim"
        />
      </Figures>
      {view.stuck && (
        <Alert color="orange" variant="light" data-testid="liquid-stuck">
          {t('lending.liquid.stuck', { amount: num(view.unfilled, 4) })}
        </Alert>
      )}
      <Refusal text={refusal} />
      {done && (
        <Alert color="green" variant="light" role="status" data-testid="liquid-done">
          {done}
        </Alert>
      )}
      <Group gap="sm">
        <Button disabled={!signer || !view.canClaim || blocked} loading={busy} onClick={() => void claim()}>
          {t('lending.liquid.claim')}
        </Button>
        <Button
          variant="light"
          color="red"
          disabled={!signer || !view.canCancel}
          loading={busy}
          onClick={() => {
            setAsked(true);
            setConfirming(true);
          }}
        >
          {t('lending.liquid.cancel')}
        </Button>
      </Group>
      {asked && (
        <Suspense fallback={null}>
          <CancelFethModal
            opened={confirming}
            unfilled={num(view.unfilled, 4)}
            onKeep={() => setConfirming(false)}
            onCancel={() => void cancel()}
          />
        </Suspense>
      )}
    </Card>
  );
}
