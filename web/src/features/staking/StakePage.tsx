// /stakeETH, the stake screen (spec 001 'Stake screen', sections 4 'Stake flow' and 5): number of
// validators, the derived ETH amount, the withdrawal address (default: the connected wallet) with
// its confirmation, the 'Transaction Summary' review, then 'Creating Validator(s)...' while
// Eth2Wallet SaveData (CreateValidator=Y) creates the keys, the MultipleDeposit transaction sent by
// the customer's own wallet, SyncValidators, and '/' after 1 s.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Overlay,
  Paper,
  Portal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBalance, useConnection, useWriteContract } from 'wagmi';
import { multipleDepositAbi } from '@payd/contracts/abi';
import { getNetwork } from '@payd/validator-keys';
import { useConfig } from '../../app/config.ts';
import { useApi } from '../../auth/session.tsx';
import { notifyFailure } from '../../notifications/notify.ts';
import { networkName } from '../wallet/networkName.ts';
import { useSendWithStatus, useTxState } from '../wallet/TxStatus.tsx';
import {
  REDIRECT_AFTER_MS,
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
  stakeAmountWei,
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

/** Full-screen spinner while the validators are created and deposited. */
function CreatingSpinner() {
  return (
    <Portal>
      <Overlay fixed color="#fff" backgroundOpacity={0.85} blur={2} zIndex={250} center>
        <Stack align="center" gap="xs" role="status" aria-live="polite">
          <Loader size="lg" />
          <Text fw={600} fz="lg">
            {StakeMessages.creating}
          </Text>
          <Text fz="sm" c="dimmed">
            {StakeMessages.dontLeave}
          </Text>
        </Stack>
      </Overlay>
    </Portal>
  );
}

export function StakePage() {
  const config = useConfig();
  const api = useApi();
  const navigate = useNavigate();
  const { address, chainId } = useConnection();
  const balance = useBalance({ address });
  const { writeContractAsync } = useWriteContract();
  const send = useSendWithStatus();
  const tx = useTxState();
  const multipleDeposit = config.contracts?.multipleDeposit as `0x${string}` | undefined;

  const [count, setCount] = useState<number | null>(null);
  // The withdrawal address defaults to the connected wallet until the customer edits it.
  const [editedWithdrawal, setEditedWithdrawal] = useState<string | null>(null);
  const withdrawal = editedWithdrawal ?? address ?? '';
  const [confirmed, setConfirmed] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [creating, setCreating] = useState(false);
  const [wallet, setWallet] = useState<Row | null>(null);
  const lastSyncAt = useRef<number | null>(null);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const txBusy = tx.phase === 'waitingForApproval' || tx.phase === 'waitingForConfirmation';
  const error = balanceError(count, balance.data?.value);
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

  /** Send ETH: create the validators, deposit them from the customer's wallet, sync, go to '/'. */
  const onSend = async () => {
    const n = count ?? 0;
    const to = withdrawal.trim();
    setReviewing(false);
    setCreating(true);
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
      try {
        batch = await depositBatchAsync(chosen, to, genesisForkVersion(chainId));
      } catch (e) {
        // A parse failure of the deposit data unticks the confirmation.
        console.error('stake: deposit data refused', e);
        setConfirmed(false);
        return;
      }
    } catch (e) {
      notifyFailure(e);
      return;
    } finally {
      setCreating(false);
    }

    const phase = await send(`Stake ${stakeAmountEth(n)} ETH`, () =>
      writeContractAsync({
        address: multipleDeposit!,
        abi: multipleDepositAbi,
        functionName: 'depositMultiple',
        args: [batch.deposits],
        value: stakeAmountWei(n),
      }),
    );
    // Cancelled in the wallet or failed: the status bar said so; nothing else happens.
    if (phase !== 'confirmed') return;
    void balance.refetch(); // the header shows the same balance query
    if (depositResetsForm(Date.now(), lastSyncAt.current)) resetForm();
    try {
      lastSyncAt.current = Date.now();
      await syncValidators(api, to, multipleDeposit!);
    } catch (e) {
      console.error('stake: sync failed', e); // sync errors are only logged
    }
    redirect.current = window.setTimeout(() => navigate('/'), REDIRECT_AFTER_MS);
  };

  const summary = stakeSummary(count ?? 0, withdrawal);
  return (
    <Stack maw={640} mx="auto" p={{ base: 0, sm: 'md' }} gap="md">
      {creating && <CreatingSpinner />}
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
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
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
