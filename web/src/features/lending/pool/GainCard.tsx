// The collateral gain of a rewards pool depositor on /guarantor: withdrawn to the wallet, or moved
// into their open cache (two transactions). RewardsPoolPage loads it for depositors only.
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { depositCollateral, withdrawETHGain } from '../protocol/writes.ts';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { Card, Refusal } from './PoolParts.tsx';
import { useProtocolWrite } from './useProtocolWrite.ts';
import { useLendingT } from '../useLendingT.ts';
import { Tagged } from '../../../i18n/Tagged.tsx';

export default function GainCard() {
  const signer = useSigner();
  const gain = useProtocol((s) => s.stabilityDeposit.collateralGain);
  const cacheOpen = useProtocol((s) => s.cache.status === 'open');
  const { busy, refusal, setRefusal, run } = useProtocolWrite();
  const [moved, setMoved] = useState<string>();
  const { t, num } = useLendingT();
  const withdrawLabel = (amount: typeof gain) => t('lending.gain.withdrawTx', { amount: num(amount, 6) });

  async function withdrawGain() {
    if (!signer) return;
    setMoved(undefined);
    await run(withdrawLabel(gain), () => withdrawETHGain(signer));
  }

  /** The pool pays the gain to the wallet; a second transaction adds it to the cache. */
  async function moveToCache() {
    if (!signer) return;
    setMoved(undefined);
    const amount = gain;
    const out = await run(withdrawLabel(amount), () => withdrawETHGain(signer));
    if (!out) return;
    const added = await run(t('lending.gain.addTx', { amount: num(amount, 6) }), () =>
      depositCollateral(signer, amount),
    );
    if (added) setMoved(t('lending.gain.moved', { amount: num(amount, 6) }));
    else setRefusal(t('lending.gain.notAdded'));
  }

  return (
    <Card title={t('lending.pool.gain')} testId="pool-gain-card">
      <Text size="sm">
        {gain.isZero ? t('lending.gain.none') : t('lending.gain.take', { amount: num(gain, 6) })}
      </Text>
      <Refusal text={refusal} />
      {moved && (
        <Alert color="green" variant="light" role="status">
          {moved}
        </Alert>
      )}
      <Group gap="sm">
        <Button disabled={!signer || gain.isZero} loading={busy} onClick={() => void withdrawGain()}>
          {t('lending.gain.withdraw')}
        </Button>
        <Button
          variant="light"
          disabled={!signer || gain.isZero || !cacheOpen}
          loading={busy}
          onClick={() => void moveToCache()}
        >
          {t('lending.gain.move')}
        </Button>
      </Group>
      {!cacheOpen && (
        <Text size="xs" c="dimmed">
          <Tagged
            id="lending.gain.needsCache"
            tags={{
              borrow: (text) => (
                <Anchor component={Link} to="/borrower" underline="always">
                  {text}
                </Anchor>
              ),
            }}
          />
        </Text>
      )}
    </Card>
  );
}
