// /stakeETH, the stake screen (spec 001 'Stake screen', sections 4 'Stake flow' and 5; issue 25):
// the kind of validator (0x02 compounding first, or 0x01), the ETH per validator (32 to 2048 for
// 0x02, 32 for 0x01), number of validators, the derived ETH amount, the withdrawal address
// (default: the connected wallet) with its confirmation, the 'Transaction Summary' review (kind,
// ETH per validator, count, total), then 'Creating Validator(s)...' while Eth2Wallet
// PrepareDeposits creates the missing keys and returns the batch, the MultipleDeposit transaction
// (through @payd/protocol's depositValidatorBatch, protocolDeposit.ts, each deposit with its
// amount) sent by the customer's own wallet, SyncValidators, and the dashboard with a
// confirmation. The progress card shows each phase (keys, deposit data checked n of N, the
// wallet's approval, the deposit's hash with its explorer link, its confirmation); a sent deposit
// is kept (pendingDeposit.ts) so the person can leave or reload and come back to it.
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useClient, useConnection, useGasPrice, useConfig as useWagmiConfig } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { useApi, useSession } from '../../shell/session/session.tsx';
import { DASHBOARD_PATH } from '../../shell/navigation/paths.ts';
import { useBalance, useRates } from '../billing/index.ts';
import { useEthBalance, useSendWithStatus, useTxState } from '../wallet/index.ts';
import { StakeForm } from './StakeForm.tsx';
import { DEFAULT_STAKE, stakeFeeView } from './stakeFees.ts';
import type { DepositWriter } from './stakeFlow.ts';
import {
  amountPerValidatorError,
  balanceError,
  canContinue,
  maxAffordableValidators,
  stakeAmountEth,
  stakeSummary,
} from './stakeRules.ts';
import { useStakeFlow, type ReceiptReader } from './useStakeFlow.ts';
import { useT } from '../../i18n/useT.ts';

// Loaded just after the page shows: Mantine's Modal and Table (with floating-ui and the scroll
// lock) are for the review step, not for the form's first paint.
const StakeReviewModal = lazy(() =>
  import('./StakeReviewModal.tsx').then((m) => ({ default: m.StakeReviewModal })),
);

// The progress card, the receipt reads and the network's fork version are for a stake under way:
// asked for as the page mounts, so they are there by the time the person has chosen and confirmed
// (or at once when a sent deposit is resumed).
const loadUnderWay = () => import('./stakeUnderWay.ts');
const StakeProgress = lazy(() => loadUnderWay().then((m) => ({ default: m.StakeProgress })));

export function StakePage() {
  const config = useConfig();
  const api = useApi();
  const { user } = useSession();
  const navigate = useNavigate();
  const { t } = useT();
  const { address, chainId } = useConnection();
  const balance = useEthBalance(address);
  const rates = useRates();
  const credits = useBalance();
  const gasPrice = useGasPrice();
  // The two receipt reads on wagmi's plain client, loaded when a deposit is first watched.
  const client = useClient();
  const wagmiConfig = useWagmiConfig();
  const send = useSendWithStatus();
  const tx = useTxState();
  const multipleDeposit = config.contracts?.multipleDeposit as `0x${string}` | undefined;

  // The wallet writer: through @payd/protocol, a signer connection from the connected wallet.
  // The protocol, its contracts' ABIs and viem's wallet and public action sets load when the
  // deposit is sent, not with the page.
  const write: DepositWriter = async (deposits) =>
    (await import('./protocolDeposit.ts')).sendValidatorDeposits({ config, wagmiConfig, chainId, deposits });
  const receipts = useMemo<ReceiptReader | undefined>(
    () =>
      client && {
        wait: async (hash) => (await loadUnderWay()).receiptReader(client).wait(hash),
        blockOf: async (hash) => (await loadUnderWay()).receiptReader(client).blockOf(hash),
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
    forkVersion: async () => (await loadUnderWay()).genesisForkVersion(chainId),
    onDeposited: () => void balance.refetch(), // the header shows the same balance query
    // The dashboard then leads to a top-up (TopUpPrompt).
    done: () => void navigate(DASHBOARD_PATH, { replace: true, state: { deposited: true } }),
  });
  const { count, withdrawal, confirmed, progress, kind } = flow;
  const perValidator = flow.amountEth ?? 0;
  useEffect(() => {
    void loadUnderWay();
  }, []);

  const txBusy = tx.phase === 'waitingForApproval' || tx.phase === 'waitingForConfirmation';
  const amountError = amountPerValidatorError(kind, flow.amountEth);
  const tooMuch = amountError ? null : balanceError(count, balance.data, gasPrice.data ?? 0n, perValidator);
  const error = tooMuch?.message ?? null;
  const amount = amountError ? '' : stakeAmountEth(count, perValidator);
  const fees =
    rates.data && credits.data
      ? stakeFeeView(rates.data.CR, credits.data, {
          kind,
          amountEth: amountError ? DEFAULT_STAKE.amountEth : perValidator,
          count: count ?? 0,
        })
      : null;
  const allowed =
    Boolean(multipleDeposit) &&
    !amountError &&
    canContinue({ count, error, txBusy, addressConfirmed: confirmed, withdrawalAddress: withdrawal });

  return (
    <Stack maw={640} mx="auto" p={{ base: 0, sm: 'md' }} gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {t('stake.title')}
        </Title>
        <Button variant="subtle" color="gray" onClick={() => void navigate('/stakeOption')}>
          {t('common.back')}
        </Button>
      </Group>
      {!multipleDeposit && (
        <Alert color="red" variant="light">
          {t('stake.noContract')}
        </Alert>
      )}
      {progress && (
        <Suspense fallback={null}>
          <StakeProgress progress={progress} chainId={chainId} onDismiss={flow.dismiss} />
        </Suspense>
      )}
      <StakeForm
        flow={flow}
        error={error}
        amountError={amountError}
        capacity={
          tooMuch && balance.data !== undefined
            ? maxAffordableValidators(balance.data, gasPrice.data ?? 0n, perValidator)
            : null
        }
        amount={amount}
        allowed={allowed}
        hidden={Boolean(progress)}
      />
      <Suspense fallback={null}>
        <StakeReviewModal
          opened={flow.reviewing}
          summary={stakeSummary(count ?? 0, withdrawal, kind, perValidator)}
          fees={fees}
          chainId={chainId}
          txBusy={txBusy}
          onBack={() => flow.setReviewing(false)}
          onSend={() => void flow.onSend()}
        />
      </Suspense>
    </Stack>
  );
}
