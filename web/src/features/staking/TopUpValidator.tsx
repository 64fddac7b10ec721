// Top up a validator (issue 25 item 2): the 'Top up' button of one of the customer's validators and
// its modal. The amount (whole ETH, judged by topUpForm of @payd/schemas, the server's own rules),
// then TopUpValidator signs the deposit to the validator's pubkey on the server, the browser checks
// that deposit data (depositBatch.topUpBatch), the customer's wallet sends it through @payd/protocol
// (MultipleDeposit with one entry, protocolDeposit.ts), TopUpSent records the transaction, and the
// validator's top-ups show as pending until the beacon chain credits them (TopUpList).
// Exported for other pages: TopUpButton (any validator row) and topUpPath (a link to /manageValidator
// with the validator selected and this modal open).
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConnection, useConfig as useWagmiConfig } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { useApi } from '../../shell/session/session.tsx';
import { notify } from '../../notifications/notify.ts';
import { useSendWithStatus } from '../wallet/index.ts';
import { stakingKeys } from './dashboardApi.ts';
import { genesisForkVersion } from './genesisForkVersion.ts';
import { isBlockedCountKey } from './stakeRules.ts';
import { requestTopUp, topUpSent, useTopUps } from './topUpApi.ts';
import { topUpAmountError, topUpsOf, topUpTargetOf } from './topUpRules.ts';
import { useT } from '../../i18n/useT.ts';
import { amountText, topUpErrorLabel, topUpRangeLabel, topUpStateLabel } from './manageTexts.ts';
import type { ValidatorRow } from './validatorsRules.ts';

export { topUpPath } from './topUpRules.ts';

/** Signs, checks and sends one top-up; resolves to whether the wallet's transaction went through. */
function useSendTopUp(validator: ValidatorRow) {
  const { t, lang } = useT();
  const api = useApi();
  const qc = useQueryClient();
  const send = useSendWithStatus();
  const wagmiConfig = useWagmiConfig();
  const config = useConfig();
  const { address, chainId } = useConnection();
  const pubkey = String(validator.PubKey5 ?? '');
  return async (amountEth: number): Promise<boolean> => {
    if (!address) throw new Error(t('manage.topUp.connect'));
    const reply = await requestTopUp(api, { walletAddress: address, pubkey, amountEth });
    const { topUpBatch } = await import('./depositBatch.ts');
    const batch = topUpBatch(
      reply.DepositData,
      pubkey,
      address,
      genesisForkVersion(chainId),
      amountEth * 1_000_000_000,
    );
    const phase = await send(t('manage.topUp.tx', { amount: amountText(lang, amountEth) }), async () => {
      const { sendValidatorDeposits } = await import('./protocolDeposit.ts');
      const hash = await sendValidatorDeposits({ config, wagmiConfig, chainId, deposits: batch.deposits });
      await topUpSent(api, reply.TopUpId, hash);
      return hash;
    });
    await qc.invalidateQueries({ queryKey: [...stakingKeys.all] });
    return phase === 'confirmed';
  };
}

/** The modal: the amount, what may be added, and Top up. */
export function TopUpModal({
  validator,
  opened,
  onClose,
}: {
  validator: ValidatorRow;
  opened: boolean;
  onClose: () => void;
}) {
  const tr = useT();
  const { t, lang } = tr;
  const { address } = useConnection();
  const topUps = useTopUps(address);
  const target = topUpTargetOf(validator, topUps.data ?? []);
  const [amount, setAmount] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sendTopUp = useSendTopUp(validator);
  const error = topUpAmountError(target, amount);
  // The validator cannot take a top-up at all (0x01, not active): the reason stands, the input is off.
  const refused = target.kind !== '0x02' || !target.active;
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      if (await sendTopUp(amount!)) {
        notify({
          msgType: 'S',
          message: t('manage.topUp.sent', { amount: amountText(lang, amount!) }),
        });
        setAmount(null);
        setTouched(false);
        onClose();
      }
    } catch (e) {
      setFailure((e as Error)?.message || t('manage.topUp.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('manage.topUp.title')} centered>
      <Stack gap="md">
        <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {String(validator.PubKey5 ?? '')}
        </Text>
        <TextInput
          label={t('manage.topUp.amount')}
          description={target.kind === '0x02' && target.active ? topUpRangeLabel(tr, target) : undefined}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={amount === null ? '' : String(amount)}
          onKeyDown={(e) => {
            if (isBlockedCountKey(e.key)) e.preventDefault();
          }}
          onWheel={(e) => e.currentTarget.blur()}
          onChange={(e) => {
            const raw = e.currentTarget.value.trim();
            setTouched(true);
            setAmount(raw === '' ? null : Number(raw));
          }}
          disabled={refused}
          error={(touched || refused) && error ? topUpErrorLabel(tr, target, error) : null}
        />
        {refused ? null : (
          <Text fz="sm" c="dimmed">
            {t('manage.topUp.approve', { amount: amountText(lang, amount ?? 0) })}
          </Text>
        )}
        {failure ? (
          <Alert color="red" variant="light" data-testid="top-up-failure">
            {tr.message(failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={error !== null || busy} loading={busy} onClick={() => void submit()}>
            {t('manage.topUp.button')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Top up' for one validator, with its modal; `initiallyOpen` opens it at once (a link's target). */
export function TopUpButton({
  validator,
  initiallyOpen = false,
}: {
  validator: ValidatorRow;
  initiallyOpen?: boolean;
}) {
  const { t } = useT();
  const [opened, setOpened] = useState(initiallyOpen);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('manage.topUp.button')}
      </Button>
      <TopUpModal validator={validator} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** The validator's sent top-ups and where each stands (pending until credited). */
export function TopUpList({ validator }: { validator: ValidatorRow }) {
  const tr = useT();
  const { address } = useConnection();
  const topUps = topUpsOf(String(validator.PubKey5 ?? ''), useTopUps(address).data ?? []);
  if (!topUps.length) return null;
  return (
    <List fz="sm" data-testid="top-ups">
      {topUps.map((row) => (
        <List.Item key={row.TopUpId} data-testid={`top-up-${row.State}`}>
          {topUpStateLabel(tr, row)}
        </List.Item>
      ))}
    </List>
  );
}
