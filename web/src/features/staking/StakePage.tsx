// /stakeETH, the stake screen (spec 001 'Stake screen', sections 4 'Stake flow' and 5): number of
// validators, the derived ETH amount, the withdrawal address (default: the connected wallet) with
// its confirmation, the 'Transaction Summary' review, then 'Creating Validator(s)...' while
// Eth2Wallet SaveData (CreateValidator=Y) creates the keys, the MultipleDeposit transaction (through
// @payd/protocol's depositMultipleValidators, protocolDeposit.ts) sent by
// the customer's own wallet, SyncValidators, and the dashboard with a confirmation. The progress
// card shows each phase (keys, deposit data checked n of N, the wallet's approval, the deposit's
// hash with its explorer link, its confirmation); a sent deposit is kept (pendingDeposit.ts) so the
// person can leave or reload and come back to it.
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { PublicClient } from 'viem';
import {
  useBalance,
  useBlockNumber,
  useConnection,
  useGasPrice,
  usePublicClient,
  useConfig as useWagmiConfig,
} from 'wagmi';
import { getWalletClient } from 'wagmi/actions';
import { getNetwork } from '@payd/validator-keys';
import { useConfig } from '../../app/config.ts';
import { useApi, useSession } from '../../auth/session.tsx';
import { notify, notifyFailure } from '../../notifications/notify.ts';
import { DASHBOARD_PATH } from '../../routes/paths.ts';
import { networkName } from '../wallet/networkName.ts';
import { useSendWithStatus, useTxState } from '../wallet/TxStatus.tsx';
import { networkLinks } from './networkLinks.ts';
import { sendValidatorDeposits } from './protocolDeposit.ts';
import {
  clearPendingDeposit,
  confirmationsOf,
  readPendingDeposit,
  savePendingDeposit,
  type PendingDeposit,
} from './pendingDeposit.ts';
import {
  StakeMessages,
  balanceError,
  canContinue,
  creationRange,
  depositBatchAsync,
  depositResetsForm,
  isBlockedCountKey,
  networkMismatch,
  parseValidatorCount,
  pickValidators,
  stakeAmountEth,
  stakeSummary,
} from './stakeRules.ts';
import {
  findWallet,
  newWallet,
  saveWalletCreatingValidators,
  syncValidators,
  walletValidators,
  type Row,
} from './stakingApi.ts';
import { addressInputStyles } from './validatorsUi.tsx';

function genesisForkVersion(chainId: number | undefined): string | undefined {
  try {
    return chainId === undefined ? undefined : getNetwork(chainId).genesisForkVersion;
  } catch {
    return undefined;
  }
}

/** Where a stake is: the phases the progress card shows, in order. */
type Progress =
  | { phase: 'keys'; validators: number; startedAt: number }
  | { phase: 'checking'; validators: number; checked: number }
  | { phase: 'approval'; validators: number }
  | { phase: 'sent'; validators: number; hash: `0x${string}`; resumed: boolean }
  | { phase: 'confirmed'; validators: number; hash: `0x${string}`; block: bigint }
  | { phase: 'failed'; validators: number; hash: `0x${string}`; message: string };

const PHASES = ['keys', 'checking', 'approval', 'sent', 'confirmed'] as const;

const plural = (n: number) => `${n} validator${n === 1 ? '' : 's'}`;

/** Seconds since `since`, ticking. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return <>{Math.max(0, Math.floor((now - since) / 1000))} s</>;
}

function Step({ state, children }: { state: 'done' | 'now' | 'later' | 'failed'; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-state={state}>
      <ThemeIcon
        radius="xl"
        size={24}
        variant={state === 'done' || state === 'failed' ? 'filled' : 'light'}
        color={state === 'done' ? 'teal' : state === 'failed' ? 'red' : state === 'now' ? 'payd' : 'gray'}
        aria-hidden
      >
        {state === 'done' ? '✓' : state === 'failed' ? '!' : state === 'now' ? <Loader size={12} /> : ''}
      </ThemeIcon>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Group>
  );
}

/** The stake's progress: keys, deposit data, the wallet's approval, the deposit and its confirmation. */
function StakeProgress({
  progress,
  txLink,
  head,
  onDismiss,
}: {
  progress: Progress;
  txLink: (hash: string) => string | null;
  head: bigint | undefined;
  onDismiss: () => void;
}) {
  const n = progress.validators;
  const at = progress.phase === 'failed' ? 3 : PHASES.indexOf(progress.phase);
  const state = (i: number) =>
    progress.phase === 'failed' && i === 3 ? 'failed' : i < at ? 'done' : i === at ? 'now' : 'later';
  const hash = 'hash' in progress ? progress.hash : null;
  const link = hash ? txLink(hash) : null;
  const canLeave = progress.phase === 'sent';
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="stake-progress">
      <Stack gap="md" role="status" aria-live="polite">
        <Text fw={600} fz="lg">
          {StakeMessages.creating}
        </Text>
        <Step state={state(0)}>
          <Text fz="sm">
            {state(0) === 'done'
              ? `${plural(n)}: keys made`
              : `Creating ${n} validator key${n === 1 ? '' : 's'}…`}
            {progress.phase === 'keys' && (
              <Text span c="dimmed" fz="sm">
                {' '}
                <Elapsed since={progress.startedAt} />
              </Text>
            )}
          </Text>
        </Step>
        <Step state={state(1)}>
          <Text fz="sm">
            {progress.phase === 'checking'
              ? `Checking the deposit data: ${progress.checked} of ${n}`
              : state(1) === 'done'
                ? `Deposit data checked: ${n} of ${n}`
                : 'Check the deposit data'}
          </Text>
        </Step>
        <Step state={state(2)}>
          <Text fz="sm">
            {state(2) === 'now'
              ? `Approve the deposit of ${stakeAmountEth(n)} ETH in your wallet`
              : `Deposit of ${stakeAmountEth(n)} ETH`}
          </Text>
        </Step>
        <Step state={state(3)}>
          <Text fz="sm">
            {progress.phase === 'failed'
              ? progress.message
              : hash
                ? progress.phase === 'sent'
                  ? 'Deposit sent, waiting for its confirmation…'
                  : 'Deposit sent'
                : 'Deposit sent'}
          </Text>
          {hash && (
            <Text fz="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="deposit-tx">
              {link ? (
                <Anchor href={link} target="_blank" rel="noreferrer" fz="xs" ff="monospace">
                  {hash}
                </Anchor>
              ) : (
                hash
              )}
            </Text>
          )}
        </Step>
        <Step state={progress.phase === 'confirmed' ? 'done' : 'later'}>
          <Text fz="sm">
            {progress.phase === 'confirmed'
              ? `Confirmed in block ${progress.block} (${confirmationsOf(progress.block, head)} confirmation${confirmationsOf(progress.block, head) === 1 ? '' : 's'}). Taking you to your dashboard.`
              : 'Confirmed on chain'}
          </Text>
        </Step>
        <Text fz="sm" c="dimmed">
          {canLeave
            ? 'You can leave this page: the deposit is on its way, and this page picks it up again when you come back.'
            : progress.phase === 'failed'
              ? 'Nothing was deposited.'
              : StakeMessages.dontLeave}
        </Text>
        {(progress.phase === 'failed' || (progress.phase === 'sent' && progress.resumed)) && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onDismiss}>
              {progress.phase === 'failed' ? 'Back to the form' : 'Stop watching this deposit'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function StakePage() {
  const config = useConfig();
  const api = useApi();
  const { user } = useSession();
  const usrId = user?.UsrId ?? 0;
  const navigate = useNavigate();
  const { address, chainId } = useConnection();
  const balance = useBalance({ address });
  const gasPrice = useGasPrice();
  const client = usePublicClient();
  const wagmiConfig = useWagmiConfig();
  const send = useSendWithStatus();
  const tx = useTxState();
  const multipleDeposit = config.contracts?.multipleDeposit as `0x${string}` | undefined;

  const [count, setCount] = useState<number | null>(null);
  // The withdrawal address defaults to the connected wallet until the customer edits it.
  const [editedWithdrawal, setEditedWithdrawal] = useState<string | null>(null);
  const withdrawal = editedWithdrawal ?? address ?? '';
  const [confirmed, setConfirmed] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [wallet, setWallet] = useState<Row | null>(null);
  const lastSyncAt = useRef<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const head = useBlockNumber({ watch: progress?.phase === 'sent' || progress?.phase === 'confirmed' }).data;
  const links = networkLinks(chainId, config.beaconUrl);

  const txBusy = tx.phase === 'waitingForApproval' || tx.phase === 'waitingForConfirmation';
  const error = balanceError(count, balance.data?.value, gasPrice.data ?? 0n);
  const amount = stakeAmountEth(count);
  const allowed =
    Boolean(multipleDeposit) &&
    canContinue({ count, error, txBusy, addressConfirmed: confirmed, withdrawalAddress: withdrawal });

  const resetForm = () => {
    setCount(null);
    setConfirmed(false);
    setReviewing(false);
  };

  /** Continue: the wallet of this withdrawal address; a wallet saved on another network aborts silently. */
  const onContinue = async () => {
    try {
      const found = await findWallet(api, withdrawal);
      if (found && networkMismatch(found.NetworkId6, chainId)) {
        console.warn('stake: the wallet was saved on network', found.NetworkId6, 'not', chainId);
        return;
      }
      setWallet(found);
      setReviewing(true);
    } catch (e) {
      notifyFailure(e);
    }
  };

  /**
   * The deposit is confirmed (or was, when resumed): refresh the balance, sync the validators,
   * forget the pending deposit, and go straight to the dashboard with a confirmation.
   */
  const finish = useCallback(
    async (p: PendingDeposit, block: bigint) => {
      setProgress({ phase: 'confirmed', validators: p.validators, hash: p.hash, block });
      void balance.refetch(); // the header shows the same balance query
      if (depositResetsForm(Date.now(), lastSyncAt.current)) resetForm();
      try {
        lastSyncAt.current = Date.now();
        if (multipleDeposit) await syncValidators(api, p.withdrawalAddress, multipleDeposit);
      } catch (e) {
        console.error('stake: sync failed', e); // sync errors are only logged
      }
      clearPendingDeposit(usrId, p.hash);
      notify({
        msgType: 'S',
        title: 'Deposit confirmed',
        message: `${plural(p.validators)} staked: ${stakeAmountEth(p.validators)} ETH deposited. Each validator activates once the beacon chain has processed its deposit.`,
      });
      if (mounted.current) navigate(DASHBOARD_PATH, { replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- balance.refetch is stable enough; resetForm only sets state
    [api, multipleDeposit, navigate, usrId],
  );

  /** A deposit that failed on chain: say so and forget it. */
  const failedOnChain = useCallback(
    (p: PendingDeposit) => {
      clearPendingDeposit(usrId, p.hash);
      setProgress({
        phase: 'failed',
        validators: p.validators,
        hash: p.hash,
        message: 'The deposit transaction failed on chain.',
      });
    },
    [usrId],
  );

  // Coming back to a deposit that was sent and not yet seen confirmed: watch it again.
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    if (!usrId || !client || chainId === undefined) return;
    const p = readPendingDeposit(usrId, chainId);
    if (!p || resumed.current === p.hash) return;
    resumed.current = p.hash;
    setProgress({ phase: 'sent', validators: p.validators, hash: p.hash, resumed: true });
    void (async () => {
      try {
        const receipt = await client.waitForTransactionReceipt({ hash: p.hash, timeout: 0 });
        if (receipt.status === 'success') await finish(p, receipt.blockNumber);
        else failedOnChain(p);
      } catch (e) {
        console.error('stake: watching the deposit failed', e);
      }
    })();
  }, [usrId, client, chainId, finish, failedOnChain]);

  /** Send ETH: create the validators, deposit them from the customer's wallet, sync, go to the dashboard. */
  const onSend = async () => {
    const n = count ?? 0;
    const to = withdrawal.trim();
    setReviewing(false);
    setProgress({ phase: 'keys', validators: n, startedAt: Date.now() });
    let batch;
    try {
      const existing = wallet ? await walletValidators(api, wallet.Eth2WalletId6) : [];
      const range = creationRange(existing, n);
      let walletId = wallet?.Eth2WalletId6;
      if (range.count > 0) {
        const base = wallet ?? (await newWallet(api));
        const saved = await saveWalletCreatingValidators(api, {
          ...base,
          NetworkId6: String(chainId),
          Eth1WithdrawalAddr6: to,
          StartIdx6: range.start,
          ValidatorCnt6: range.count,
        });
        walletId = saved.Eth2WalletId6;
      }
      const chosen = pickValidators(await walletValidators(api, walletId), n);
      if (chosen.length < n) throw new Error(`only ${chosen.length} of ${n} validators are ready`);
      setProgress({ phase: 'checking', validators: n, checked: 0 });
      try {
        batch = await depositBatchAsync(chosen, to, genesisForkVersion(chainId), (checked) =>
          setProgress({ phase: 'checking', validators: n, checked }),
        );
      } catch (e) {
        // A parse failure of the deposit data unticks the confirmation.
        console.error('stake: deposit data refused', e);
        setConfirmed(false);
        setProgress(null);
        return;
      }
    } catch (e) {
      notifyFailure(e);
      setProgress(null);
      return;
    }

    setProgress({ phase: 'approval', validators: n });
    let pending: PendingDeposit | null = null;
    const phase = await send(`Stake ${stakeAmountEth(n)} ETH`, async () => {
      // Through @payd/protocol: a signer connection from the connected wallet, depositMultipleValidators.
      const hash = await sendValidatorDeposits({
        walletClient: await getWalletClient(wagmiConfig, { chainId }),
        publicClient: client as PublicClient,
        deposits: batch.deposits,
      });
      // Sent: kept so that the person can leave or reload and come back to it.
      pending = { hash, chainId: chainId!, validators: n, withdrawalAddress: to, sentAt: Date.now() };
      savePendingDeposit(usrId, pending);
      resumed.current = hash;
      if (mounted.current) setProgress({ phase: 'sent', validators: n, hash, resumed: false });
      return hash;
    });
    const sent = pending as PendingDeposit | null;
    if (phase === 'confirmed' && sent) {
      const receipt = await client?.getTransactionReceipt({ hash: sent.hash }).catch(() => null);
      await finish(sent, receipt?.blockNumber ?? 0n);
      return;
    }
    // Cancelled in the wallet: the status bar said so, and the form is back. Failed on chain: say so.
    if (sent && phase === 'failed') failedOnChain(sent);
    else setProgress(null);
  };

  const summary = stakeSummary(count ?? 0, withdrawal);
  return (
    <Stack maw={640} mx="auto" p={{ base: 0, sm: 'md' }} gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Stake ETH
        </Title>
        <Button variant="subtle" color="gray" onClick={() => navigate('/stakeOption')}>
          Back
        </Button>
      </Group>
      {!multipleDeposit && (
        <Alert color="red" variant="light">
          Staking is not available: no deposit contract is configured for this network.
        </Alert>
      )}
      {progress && (
        <StakeProgress
          progress={progress}
          txLink={(h) => links.tx(h)}
          head={head}
          onDismiss={() => {
            if ('hash' in progress) clearPendingDeposit(usrId, progress.hash);
            setProgress(null);
          }}
        />
      )}
      {/* While a stake is under way its progress takes the form's place. */}
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        style={progress ? { display: 'none' } : undefined}
      >
        <Stack gap="md">
          <TextInput
            label="Number of validators"
            description="Each validator takes 32 ETH."
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={count === null ? '' : String(count)}
            onKeyDown={(e) => {
              if (isBlockedCountKey(e.key)) e.preventDefault();
            }}
            onWheel={(e) => e.currentTarget.blur()}
            onChange={(e) => setCount(parseValidatorCount(e.currentTarget.value))}
            error={error}
          />
          <TextInput label="ETH amount" value={String(amount)} readOnly variant="filled" />
          <TextInput
            label="Withdrawal address"
            description="Your staked ETH and rewards are withdrawn to this address."
            placeholder="0x..."
            value={withdrawal}
            onChange={(e) => {
              setEditedWithdrawal(e.currentTarget.value);
              setConfirmed(false);
            }}
            styles={addressInputStyles}
          />
          <Checkbox
            label="I confirm that the withdrawal address above is mine and correct."
            checked={confirmed}
            onChange={(e) => setConfirmed(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button size="md" disabled={!allowed} onClick={() => void onContinue()}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Modal
        opened={reviewing}
        onClose={() => setReviewing(false)}
        title={StakeMessages.summaryTitle}
        centered
        size="lg"
      >
        <Stack gap="md">
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>Number of validators</Table.Th>
                <Table.Td>{summary.validators}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>ETH per validator</Table.Th>
                <Table.Td>{summary.ethPerValidator} ETH</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Total amount</Table.Th>
                <Table.Td fw={700}>{summary.totalEth} ETH</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Withdrawal address</Table.Th>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {summary.withdrawalAddress}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Network</Table.Th>
                <Table.Td>{networkName(chainId)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fz="sm" c="dimmed">
            Your wallet asks you to approve one transaction that deposits {summary.totalEth} ETH into the
            Ethereum deposit contract for your new validator(s).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReviewing(false)}>
              Back
            </Button>
            <Button onClick={() => void onSend()} disabled={txBusy}>
              Send ETH
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
