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
import { liquidLabels, positionText, queueView } from './liquidRules.ts';

const CancelFethModal = lazy(() => import('./CancelFethModal.tsx'));

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

  async function claim() {
    if (!signer) return;
    setDone(undefined);
    const landed = await run(liquidLabels.claim(view.toClaim), () => explainRefusal(() => claimETH(signer)));
    if (landed) {
      const { amount, fee } = landed.details;
      setDone(
        `${amount.prettify(4)} ETH sent to your wallet${fee.isZero ? '' : ` (swap fee ${fee.prettify(6)} ETH)`}.`,
      );
    }
  }

  async function cancel() {
    if (!signer) return;
    setConfirming(false);
    setDone(undefined);
    const landed = await run(liquidLabels.cancel(view.unfilled), () =>
      explainRefusal(() => cancelFETHDeposit(signer)),
    );
    if (landed) setDone(`${landed.details.fethReturned.prettify(4)} FETH returned to your wallet.`);
  }

  return (
    <Card title="Your FETH" testId="liquid-yours">
      <Figures>
        <Figure label="FETH balance" value={`${fethBalance.prettify(4)} FETH`} testId="liquid-feth-balance" />
        <Figure label="Place in the queue" value={positionText(view)} testId="liquid-position" />
        <Figure
          label="FETH ahead of you"
          value={`${view.fethAhead.prettify(4)} FETH`}
          hint="filled before your entry"
          testId="liquid-feth-ahead"
        />
        <Figure
          label="Unfilled in the queue"
          value={`${view.unfilled.prettify(4)} FETH`}
          testId="liquid-unfilled"
        />
        <Figure
          label="Filled, to claim"
          value={`${view.toClaim.prettify(4)} ETH`}
          hint="sent less the swap fee, if any"
          testId="liquid-to-claim"
        />
      </Figures>
      {view.stuck && (
        <Alert color="orange" variant="light" data-testid="liquid-stuck">
          Processing your queue entry failed, so it left the queue. Cancel it to take back its{' '}
          {view.unfilled.prettify(4)} FETH.
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
          Claim ETH
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
          Cancel queued FETH
        </Button>
      </Group>
      {asked && (
        <Suspense fallback={null}>
          <CancelFethModal
            opened={confirming}
            unfilled={view.unfilled.prettify(4)}
            onKeep={() => setConfirming(false)}
            onCancel={() => void cancel()}
          />
        </Suspense>
      )}
    </Card>
  );
}
