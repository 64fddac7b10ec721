// The collateral gain of a rewards pool depositor on /guarantor: withdrawn to the wallet, or moved
// into their open cache (two transactions). RewardsPoolPage loads it for depositors only.
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { depositCollateral, withdrawETHGain } from '../protocol/writes.ts';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { Card, Refusal } from './PoolParts.tsx';
import { useProtocolWrite } from './useProtocolWrite.ts';

export default function GainCard() {
  const signer = useSigner();
  const gain = useProtocol((s) => s.stabilityDeposit.collateralGain);
  const cacheOpen = useProtocol((s) => s.cache.status === 'open');
  const { busy, refusal, setRefusal, run } = useProtocolWrite();
  const [moved, setMoved] = useState<string>();

  async function withdrawGain() {
    if (!signer) return;
    setMoved(undefined);
    await run(`Withdraw ${gain.prettify(6)} ETH gain`, () => withdrawETHGain(signer));
  }

  /** The pool pays the gain to the wallet; a second transaction adds it to the cache. */
  async function moveToCache() {
    if (!signer) return;
    setMoved(undefined);
    const amount = gain;
    const out = await run(`Withdraw ${amount.prettify(6)} ETH gain`, () => withdrawETHGain(signer));
    if (!out) return;
    const added = await run(`Add ${amount.prettify(6)} ETH to your cache`, () =>
      depositCollateral(signer, amount),
    );
    if (added) setMoved(`${amount.prettify(6)} ETH moved into your cache.`);
    else setRefusal(`The gain is in your wallet; adding it to your cache did not complete.`);
  }

  return (
    <Card title="Collateral gain" testId="pool-gain-card">
      <Text size="sm">
        {gain.isZero
          ? 'No gain yet: it grows when the pool absorbs a liquidation.'
          : `You can take ${gain.prettify(6)} ETH now.`}
      </Text>
      <Refusal text={refusal} />
      {moved && (
        <Alert color="green" variant="light" role="status">
          {moved}
        </Alert>
      )}
      <Group gap="sm">
        <Button disabled={!signer || gain.isZero} loading={busy} onClick={() => void withdrawGain()}>
          Withdraw gain to wallet
        </Button>
        <Button
          variant="light"
          disabled={!signer || gain.isZero || !cacheOpen}
          loading={busy}
          onClick={() => void moveToCache()}
        >
          Move gain into my cache
        </Button>
      </Group>
      {!cacheOpen && (
        <Text size="xs" c="dimmed">
          Moving the gain into a cache needs an open cache (
          <Anchor component={Link} to="/borrower" underline="always">
            Borrow
          </Anchor>
          ).
        </Text>
      )}
    </Card>
  );
}
