// /manageValidator (spec 001 'Single-validator withdrawal and exit screen'): the withdrawal address,
// the Withdrawal Key card ('Reveal 24 word mnemonic': DisplayMnemonic after a fresh sign-in, the
// 'Withdrawal Key' modal with the words 6 a row and manual exit instructions with copy buttons),
// 'Manage Your Validator(s)' with the live validators' dropdown, the selected validator's row and
// the red Exit Validator button (a voluntary exit signed on the server, WithdrawValidator), then
// /withdrawConfirm. An old sign-in is confirmed in place (ConfirmIdentityModal); the selected
// validator's key actions (copy, deposit data, keystore) are ValidatorKeyActions.
import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConnection } from 'wagmi';
import { useConfirmIdentity } from '../../auth/ConfirmIdentityModal.tsx';
import { useApi } from '../../auth/session.tsx';
import { useConfig } from '../../app/config.ts';
import { networkLinks } from './networkLinks.ts';
import { useChainNow, useValidatorSync, useValidators } from './dashboardApi.ts';
import { txDate } from './txRules.ts';
import {
  ValidatorMessages,
  beaconExplorerUrl,
  exitDisabledReason,
  isWithdrawable,
  liveValidators,
  readyToExitText,
  shortKey,
  uptimeText,
  wordRows,
  type ValidatorRow,
} from './validatorsRules.ts';
import {
  addressInputStyles,
  BusyOverlay,
  StakingCard,
  StakingPage,
  useCardLayout,
  wideTableStyle,
} from '../../ui/pageParts.tsx';
import { ValidatorBadge } from './ValidatorBadge.tsx';
import { ManageValidatorCard } from './ValidatorCards.tsx';
import { useManageValidator } from './useManageValidator.ts';
import { manualExitSteps } from './manageExitSteps.ts';
import { ValidatorKeyActions } from './ValidatorKeyActions.tsx';

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <Button
            size="compact-xs"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            onClick={copy}
            aria-label={label}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function WithdrawalKeyModal({
  mnemonic,
  onClose,
  validators,
  chainId,
}: {
  mnemonic: string | null;
  onClose: () => void;
  /** The selected validator, or every live one. */
  validators: readonly ValidatorRow[];
  chainId: number | undefined;
}) {
  const { beaconUrl } = useConfig();
  const rows = mnemonic ? wordRows(mnemonic) : [];
  const steps = manualExitSteps(validators, chainId, beaconUrl);
  return (
    <Modal
      opened={Boolean(mnemonic)}
      onClose={onClose}
      title={<Text fw={700}>Withdrawal Key</Text>}
      size="xl"
      centered
    >
      <Stack gap="md">
        <Alert color="red" variant="light">
          These 24 words control your validators and their withdrawals. Write them down and keep them offline;
          anyone who has them can exit your validators. payd never asks you for them.
        </Alert>
        <Paper withBorder p="sm" data-testid="mnemonic-words">
          <Stack gap={6}>
            {rows.map((row, r) => (
              // Six a row; on a phone the row's words two or three a line, in the same order.
              <SimpleGrid key={r} cols={{ base: 2, xs: 3, sm: 6 }} spacing={6} data-testid="mnemonic-row">
                {row.map((w, i) => (
                  <Group key={i} gap={4} wrap="nowrap">
                    <Text fz="xs" c="dimmed" w={20} ta="right">
                      {r * 6 + i + 1}.
                    </Text>
                    <Text ff="monospace" fz="sm" fw={600} data-testid="mnemonic-word">
                      {w}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
            ))}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <CopyValue value={mnemonic ?? ''} label="Copy the 24 words" />
        </Group>
        <Text fw={700}>Exit a validator yourself</Text>
        <Stack gap="xs">
          {steps.map((s, i) => (
            <Stack key={i} gap={4}>
              <Text fz="sm">
                {i + 1}. {s.text}
              </Text>
              {s.command ? (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {s.command}
                  </Code>
                  <CopyValue value={s.command} label={`Copy step ${i + 1}`} />
                </Group>
              ) : null}
            </Stack>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ManageValidatorPage() {
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
  const live = liveValidators(all);
  const row = all.find((v) => String(v.PubKey5) === selected) ?? null;
  const rows = row ? [row] : [];

  const { mnemonic, setMnemonic, confirming, setConfirming, reveal, revealError, needsSignIn, exit } =
    useManageValidator({
      api,
      address,
      pubkey: row ? String(row.PubKey5) : null,
      identity,
      onExited: () => void navigate('/withdrawConfirm'),
    });
  const busy = exit.isPending || confirming;
  const disabled = exitDisabledReason(rows, busy, now);
  const notReady = row !== null && !isWithdrawable(row, now) && String(row.ValidatorStatusCd5) !== '4';

  return (
    <StakingPage title="Manage">
      {exit.isPending ? <BusyOverlay text="Exiting Validator...Please wait." /> : null}
      <TextInput
        label="Withdrawal address"
        readOnly
        placeholder="0x..."
        value={all.length ? (address ?? '') : ''}
        data-testid="manage-withdrawal-address"
        styles={addressInputStyles}
      />
      <StakingCard title="Withdrawal Key">
        <Text fz="sm" c="dimmed">
          payd is non-custodial: your validators&apos; keys come from a 24-word recovery phrase made for your
          wallet. With those words you can exit your validators and reach your ETH without payd.
        </Text>
        {needsSignIn ? (
          identity.pending ? (
            <Alert color="orange" variant="light" data-testid="reauth-message">
              <Stack gap="xs">
                <Text fz="sm">{identity.pending}</Text>
                <Group>
                  <Button size="xs" onClick={identity.reopen}>
                    Confirm it&apos;s you
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null
        ) : revealError ? (
          <Alert color="red" variant="light">
            {revealError.message}
          </Alert>
        ) : null}
        <Group>
          <Button
            variant="light"
            color="orange"
            onClick={() => reveal.mutate()}
            loading={reveal.isPending}
            disabled={!all.length || validators.isPending}
          >
            Reveal 24 word mnemonic
          </Button>
        </Group>
      </StakingCard>
      <StakingCard
        title="Manage Your Validator(s)"
        right={
          syncing ? (
            <Group gap={6}>
              <Loader size={12} />
              <Text fz="xs" c="dimmed">
                Syncing validators…
              </Text>
            </Group>
          ) : null
        }
      >
        {validators.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : !all.length ? (
          <Text c="dimmed" ta="center" py="md">
            {ValidatorMessages.noValidators}
          </Text>
        ) : (
          <>
            <Select
              label="Select a validator"
              placeholder="Select a validator"
              data={live.map((v) => ({
                value: String(v.PubKey5),
                label: `${shortKey(String(v.PubKey5), 10, 8)}${v.ValidatorIndex5 !== null && v.ValidatorIndex5 !== undefined && v.ValidatorIndex5 !== '' ? ` (index ${String(v.ValidatorIndex5)})` : ''}`,
              }))}
              value={selected}
              onChange={setSelected}
              nothingFoundMessage="No live validators"
              clearable
              data-testid="validator-select"
            />
            {cards ? (
              row ? (
                <ManageValidatorCard
                  v={row}
                  url={beaconExplorerUrl(row.ValidatorIndex5, chainId, beaconUrl)}
                  linkText={links.validatorLinkText}
                  uptime={uptimeText(row, now)}
                />
              ) : (
                <Text c="dimmed" fz="sm">
                  Select a validator to manage it.
                </Text>
              )
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" data-testid="manage-table" style={wideTableStyle}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Address</Table.Th>
                      <Table.Th>Created On</Table.Th>
                      <Table.Th>Validator Index</Table.Th>
                      <Table.Th>Uptime</Table.Th>
                      <Table.Th>Explorer</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((v) => {
                      const url = beaconExplorerUrl(v.ValidatorIndex5, chainId, beaconUrl);
                      return (
                        <Table.Tr key={String(v.PubKey5)}>
                          <Table.Td>
                            <ValidatorBadge v={v} />
                          </Table.Td>
                          <Table.Td>
                            <Tooltip label={String(v.PubKey5)} withArrow multiline maw={420}>
                              <Text span ff="monospace" fz="sm">
                                {shortKey(String(v.PubKey5))}
                              </Text>
                            </Tooltip>
                          </Table.Td>
                          <Table.Td fz="sm">{txDate(v.CreatedOnUtc5) || '-'}</Table.Td>
                          <Table.Td>
                            {v.ValidatorIndex5 !== null &&
                            v.ValidatorIndex5 !== undefined &&
                            v.ValidatorIndex5 !== ''
                              ? String(v.ValidatorIndex5)
                              : 'N/A'}
                          </Table.Td>
                          <Table.Td fz="sm">{uptimeText(v, now)}</Table.Td>
                          <Table.Td>
                            {url ? (
                              <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
                                {links.validatorLinkText}
                              </Anchor>
                            ) : (
                              '-'
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                    {!rows.length ? (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Text c="dimmed" fz="sm" ta={{ base: 'left', sm: 'center' }}>
                            Select a validator to manage it.
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {row ? <ValidatorKeyActions validator={row} layout="buttons" /> : null}
            {notReady ? (
              <Alert color="yellow" variant="light" data-testid="not-ready">
                {ValidatorMessages.notReady}
                {row && readyToExitText(row) ? ` ${readyToExitText(row)}.` : ''}
              </Alert>
            ) : null}
          </>
        )}
        <Alert color="blue" variant="light" title="Using a Ledger?">
          The Ledger Blind Signing setting must be enabled: on the Ledger, open the Ethereum app, then
          Settings, and turn on Blind signing.
        </Alert>
        <Group justify="space-between">
          <Button component={Link} to="/dashboard" variant="default">
            Back
          </Button>
          <Button color="red" disabled={disabled !== null} onClick={() => setConfirming(true)}>
            {exit.isPending ? 'Processing' : 'Exit Validator'}
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
      <Modal
        opened={confirming && !exit.isPending}
        onClose={() => setConfirming(false)}
        title={<Text fw={700}>Exit Validator</Text>}
        centered
      >
        <Stack>
          <Text>
            Exit validator {row ? shortKey(String(row.PubKey5)) : ''}
            {row?.ValidatorIndex5 !== undefined && row?.ValidatorIndex5 !== null
              ? ` (index ${String(row.ValidatorIndex5)})`
              : ''}
            ? Its exit is signed and sent to the beacon chain; this cannot be undone. The 32 ETH reach your
            withdrawal address after the withdrawal queue (2 to 5 days).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => exit.mutate()}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StakingPage>
  );
}
