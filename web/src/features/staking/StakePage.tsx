// /stakeETH, the stake screen (spec 001 'Stake screen', sections 4 'Stake flow' and 5): number of
// validators, the derived ETH amount, the withdrawal address (default: the connected wallet) with
// its confirmation, the 'Transaction Summary' review, then 'Creating Validator(s)...' while
// Eth2Wallet SaveData (CreateValidator=Y) creates the keys, the MultipleDeposit transaction (through
// @payd/protocol's depositValidatorBatch, protocolDeposit.ts) sent by
// the customer's own wallet, SyncValidators, and the dashboard with a confirmation. The progress
// card shows each phase (keys, deposit data checked n of N, the wallet's approval, the deposit's
// hash with its explorer link, its confirmation); a sent deposit is kept (pendingDeposit.ts) so the
// person can leave or reload and come back to it.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
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
import { DASHBOARD_PATH } from '../../routes/paths.ts';
import { networkName, useSendWithStatus, useTxState } from '../wallet/index.ts';
import { networkLinks } from './networkLinks.ts';
import { sendValidatorDeposits } from './protocolDeposit.ts';
import { StakeProgress } from './StakeProgress.tsx';
import type { DepositWriter } from './stakeFlow.ts';
import {
  StakeMessages,
  balanceError,
  canContinue,
  isBlockedCountKey,
  parseValidatorCount,
  stakeAmountEth,
  stakeSummary,
} from './stakeRules.ts';
import { useStakeFlow, type ReceiptReader } from './useStakeFlow.ts';
import { addressInputStyles } from '../../ui/pageParts.tsx';

function genesisForkVersion(chainId: number | undefined): string | undefined {
  try {
    return chainId === undefined ? undefined : getNetwork(chainId).genesisForkVersion;
  } catch {
    return undefined;
  }
}

export function StakePage() {
  const config = useConfig();
  const api = useApi();
  const { user } = useSession();
  const navigate = useNavigate();
  const { address, chainId } = useConnection();
  const balance = useBalance({ address });
  const gasPrice = useGasPrice();
  const client = usePublicClient();
  const wagmiConfig = useWagmiConfig();
  const send = useSendWithStatus();
  const tx = useTxState();
  const multipleDeposit = config.contracts?.multipleDeposit as `0x${string}` | undefined;

  // The wallet writer: through @payd/protocol, a signer connection from the connected wallet.
  const write: DepositWriter = async (deposits) =>
    sendValidatorDeposits({
      walletClient: await getWalletClient(wagmiConfig, { chainId }),
      publicClient: client as PublicClient,
      deposits,
    });
  const receipts = useMemo<ReceiptReader | undefined>(
    () =>
      client && {
        wait: (hash) => client.waitForTransactionReceipt({ hash, timeout: 0 }),
        blockOf: async (hash) => (await client.getTransactionReceipt({ hash })).blockNumber,
      },
    [client],
  );
  const flow = useStakeFlow({
    api,
    write,
    send,
    receipts,
    usrId: user?.UsrId ?? 0,
    chainId,
    address,
    multipleDeposit,
    forkVersion: genesisForkVersion(chainId),
    onDeposited: () => void balance.refetch(), // the header shows the same balance query
    done: () => void navigate(DASHBOARD_PATH, { replace: true }),
  });
  const { count, withdrawal, confirmed, progress } = flow;
  const head = useBlockNumber({ watch: progress?.phase === 'sent' || progress?.phase === 'confirmed' }).data;
  const links = networkLinks(chainId, config.beaconUrl);

  const txBusy = tx.phase === 'waitingForApproval' || tx.phase === 'waitingForConfirmation';
  const error = balanceError(count, balance.data?.value, gasPrice.data ?? 0n);
  const amount = stakeAmountEth(count);
  const allowed =
    Boolean(multipleDeposit) &&
    canContinue({ count, error, txBusy, addressConfirmed: confirmed, withdrawalAddress: withdrawal });

  const summary = stakeSummary(count ?? 0, withdrawal);
  return (
    <Stack maw={640} mx="auto" p={{ base: 0, sm: 'md' }} gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Stake ETH
        </Title>
        <Button variant="subtle" color="gray" onClick={() => void navigate('/stakeOption')}>
          Back
        </Button>
      </Group>
      {!multipleDeposit && (
        <Alert color="red" variant="light">
          Staking is not available: no deposit contract is configured for this network.
        </Alert>
      )}
      {progress && (
        <StakeProgress progress={progress} txLink={(h) => links.tx(h)} head={head} onDismiss={flow.dismiss} />
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
            onChange={(e) => flow.setCount(parseValidatorCount(e.currentTarget.value))}
            error={error}
          />
          <TextInput label="ETH amount" value={String(amount)} readOnly variant="filled" />
          <TextInput
            label="Withdrawal address"
            description="Your staked ETH and rewards are withdrawn to this address."
            placeholder="0x..."
            value={withdrawal}
            onChange={(e) => flow.editWithdrawal(e.currentTarget.value)}
            styles={addressInputStyles}
          />
          <Checkbox
            label="I confirm that the withdrawal address above is mine and correct."
            checked={confirmed}
            onChange={(e) => flow.setConfirmed(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button size="md" disabled={!allowed} onClick={() => void flow.onContinue()}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Modal
        opened={flow.reviewing}
        onClose={() => flow.setReviewing(false)}
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
            <Button variant="default" onClick={() => flow.setReviewing(false)}>
              Back
            </Button>
            <Button onClick={() => void flow.onSend()} disabled={txBusy}>
              Send ETH
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
