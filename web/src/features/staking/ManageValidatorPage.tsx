// /manageValidator (spec 001 'Single-validator withdrawal and exit screen'): the withdrawal address,
// the Withdrawal Key card ('Reveal 24 word mnemonic': DisplayMnemonic after a fresh sign-in, the
// 'Withdrawal Key' modal with the words 6 a row and manual exit instructions with copy buttons),
// 'Manage Your Validator(s)' with the live validators' dropdown, the selected validator's row and
// the red Exit Validator button (a voluntary exit signed on the server, WithdrawValidator), then
// /withdrawConfirm. An old sign-in is confirmed in place (ConfirmIdentityModal); the selected
// validator's key actions (copy, deposit data, keystore) are ValidatorKeyActions, its pending
// operations with their expected dates PendingOperations; its top-up (issue 25) is TopUpButton, and
// /manageValidator?topUp=<pubkey> (topUpPath) opens it for that validator; its wallet requests
// (upgrade to 0x02, consolidate, withdraw partially, exit from the wallet) are
// ValidatorRequestActions, and the two ways to exit are said side by side (ExitRoads).
import { Alert, Button, Center, Group, Loader, Select, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmedBy } from '../../ui/confirmation.tsx';
import { useConnection } from 'wagmi';
import { useConfirmIdentity } from '../accounts/index.ts';
import { useApi } from '../../shell/session/session.tsx';
import { useConfig } from '../../shell/config.ts';
import { networkLinks } from './networkLinks.ts';
import { stakingKeys, useChainNow, useValidatorSync, useValidators } from './dashboardApi.ts';
import {
  beaconExplorerUrl,
  exitDisabledReason,
  isWithdrawable,
  liveValidators,
  type ValidatorRow,
} from './validatorsRules.ts';
import { useT } from '../../i18n/useT.ts';
import { notReadyLabel, uptimeLabel, validatorOption } from './manageTexts.ts';
import { addressInputStyles } from '../../ui/addressInput.ts';
import { BusyOverlay, StakingCard, StakingPage, useCardLayout } from '../../ui/pageParts.tsx';
import { ExitValidatorModal } from './ExitValidatorModal.tsx';
import { ManageValidatorCard } from './ValidatorCards.tsx';
import { ManageValidatorTable } from './ManageValidatorTable.tsx';
import { useManageValidator } from './useManageValidator.ts';
import { ValidatorKeyActions } from './ValidatorKeyActions.tsx';
import { ValidatorRequestActions } from './ValidatorRequestActions.tsx';
import { ExitRoads } from './ValidatorRequestModal.tsx';
import { PendingOperations } from './pending/PendingOperations.tsx';
import { TopUpButton, TopUpList } from './TopUpValidator.tsx';
import { TOP_UP_PARAM, VALIDATOR_PARAM } from './topUpRules.ts';
import { WithdrawalKeyCard, WithdrawalKeyModal } from './WithdrawalKeyModal.tsx';

export function ManageValidatorPage() {
  const { t } = useT();
  const { address, chainId } = useConnection();
  const api = useApi();
  const identity = useConfirmIdentity();
  const navigate = useNavigate();
  const validators = useValidators(address);
  const { syncing } = useValidatorSync(address, validators.wallets.length > 0);
  const now = useChainNow();
  const { beaconUrl } = useConfig();
  const links = networkLinks(chainId, beaconUrl);
  const cards = useCardLayout();
  const [selected, setSelected] = useState<string | null>(null);
  const all = useMemo(() => validators.data ?? [], [validators.data]);
  // topUpPath(pubkey) links here with the validator to select and its top-up to open;
  // manageValidatorPath(pubkey) with the validator to select.
  const [params] = useSearchParams();
  const topUp = params.get(TOP_UP_PARAM)?.toLowerCase() ?? null;
  const wanted = topUp ?? params.get(VALIDATOR_PARAM)?.toLowerCase() ?? null;
  const wantedKey = wanted ? all.find((v) => String(v.PubKey5).toLowerCase() === wanted)?.PubKey5 : undefined;
  useEffect(() => {
    // Each link (a new topUp=...) selects its validator once it is listed; a choice made after stays.
    if (wantedKey !== undefined) setSelected(String(wantedKey));
  }, [wantedKey]);
  const live = liveValidators(all);
  const row = all.find((v) => String(v.PubKey5) === selected) ?? null;
  const rows = row ? [row] : [];

  const { mnemonic, setMnemonic, confirming, setConfirming, reveal, revealError, needsSignIn, exit } =
    useManageValidator({
      api,
      address,
      pubkey: row ? String(row.PubKey5) : null,
      identity,
      onExited: () => void navigate('/withdrawConfirm', confirmedBy('withdraw')),
    });
  const busy = exit.isPending || confirming;
  const disabled = exitDisabledReason(rows, busy, now);
  return (
    <StakingPage title={t('manage.title')}>
      {exit.isPending ? <BusyOverlay text={t('manage.exiting')} /> : null}
      <TextInput
        label={t('manage.withdrawalAddress')}
        readOnly
        placeholder={t('manage.addressPlaceholder')}
        value={all.length ? (address ?? '') : ''}
        data-testid="manage-withdrawal-address"
        styles={addressInputStyles}
      />
      <WithdrawalKeyCard
        needsSignIn={needsSignIn}
        identity={identity}
        revealError={revealError}
        revealing={reveal.isPending}
        onReveal={() => reveal.mutate()}
        disabled={!all.length || validators.isPending}
      />
      <StakingCard title={t('manage.validators')} right={syncing ? <SyncingNote /> : null}>
        {validators.isPending ? (
          <Center py="md">
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          </Center>
        ) : !all.length ? (
          <Text c="dimmed" ta="center" py="md">
            {t('manage.noValidators')}
          </Text>
        ) : (
          <SelectedValidator
            all={all}
            live={live}
            selected={selected}
            onSelect={setSelected}
            row={row}
            cards={cards}
            chainId={chainId}
            beaconUrl={beaconUrl}
            now={now}
            linkText={links.validatorLinkText}
            openTopUp={row !== null && String(row.PubKey5).toLowerCase() === topUp}
          />
        )}
        {row ? <ExitRoads /> : null}
        <Alert color="blue" variant="light" title={t('manage.ledger.title')}>
          {t('manage.ledger.text')}
        </Alert>
        <Group justify="space-between">
          <Button component={Link} to="/dashboard" variant="default">
            {t('common.back')}
          </Button>
          <Button color="red" disabled={disabled !== null} onClick={() => setConfirming(true)}>
            {exit.isPending ? t('manage.processing') : t('manage.exitValidator')}
          </Button>
        </Group>
      </StakingCard>
      {identity.modal}
      <WithdrawalKeyModal
        mnemonic={mnemonic}
        onClose={() => setMnemonic(null)}
        validators={row ? [row] : live}
        chainId={chainId}
      />
      <ExitValidatorModal
        opened={confirming && !exit.isPending}
        validator={row}
        onCancel={() => setConfirming(false)}
        onConfirm={() => exit.mutate()}
      />
    </StakingPage>
  );
}

function SyncingNote() {
  const { t } = useT();
  return (
    <Group gap={6}>
      <Loader size={12} />
      <Text fz="xs" c="dimmed">
        {t('manage.syncing')}
      </Text>
    </Group>
  );
}

/** The live validators' dropdown and the selected one: its card (narrow) or row (wide), its key
 * actions, and why it cannot exit yet. */
function SelectedValidator({
  all,
  live,
  selected,
  onSelect,
  row,
  cards,
  chainId,
  beaconUrl,
  now,
  linkText,
  openTopUp,
}: {
  /** Every validator of the wallet: the consolidation's targets. */
  all: ValidatorRow[];
  live: ValidatorRow[];
  selected: string | null;
  onSelect: (pubkey: string | null) => void;
  row: ValidatorRow | null;
  /** Cards on a narrow screen, a table on a wide one. */
  cards: boolean;
  chainId: number | undefined;
  beaconUrl: string | null | undefined;
  now: number;
  linkText: string;
  /** The page was opened to top up the selected validator. */
  openTopUp: boolean;
}) {
  const tr = useT();
  const { t } = tr;
  const queryClient = useQueryClient();
  const notReady = row !== null && !isWithdrawable(row, now) && String(row.ValidatorStatusCd5) !== '4';
  return (
    <>
      <Select
        label={t('manage.select')}
        placeholder={t('manage.select')}
        data={live.map((v) => ({ value: String(v.PubKey5), label: validatorOption(tr, v) }))}
        value={selected}
        onChange={onSelect}
        nothingFoundMessage={t('manage.noLive')}
        clearable
        data-testid="validator-select"
      />
      {cards ? (
        row ? (
          <ManageValidatorCard
            v={row}
            url={beaconExplorerUrl(row.ValidatorIndex5, chainId, beaconUrl)}
            linkText={linkText}
            uptime={uptimeLabel(tr, row, now)}
          />
        ) : (
          <Text c="dimmed" fz="sm">
            {t('manage.selectToManage')}
          </Text>
        )
      ) : (
        <ManageValidatorTable
          rows={row ? [row] : []}
          chainId={chainId}
          beaconUrl={beaconUrl}
          now={now}
          linkText={linkText}
        />
      )}
      {row ? <ValidatorKeyActions validator={row} layout="buttons" /> : null}
      {row ? (
        <Group gap="sm" align="flex-start">
          <TopUpButton key={String(row.PubKey5)} validator={row} initiallyOpen={openTopUp} />
          <TopUpList validator={row} />
        </Group>
      ) : null}
      {row ? (
        <ValidatorRequestActions
          validator={row}
          validators={all}
          size="sm"
          // a mined request shows among the pending operations once the beacon chain has it
          onSent={() => void queryClient.invalidateQueries({ queryKey: stakingKeys.all })}
        />
      ) : null}
      {row ? <PendingOperations pubkey={String(row.PubKey5)} /> : null}
      {notReady ? (
        <Alert color="yellow" variant="light" data-testid="not-ready">
          {row ? notReadyLabel(tr, row) : t('manage.notReady')}
        </Alert>
      ) : null}
    </>
  );
}
