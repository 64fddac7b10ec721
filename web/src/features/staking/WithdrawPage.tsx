// /withdrawETH (spec 001 'Withdraw-validators screen'): validator count, ETH amount (32 each,
// read-only), optional reason, Continue, the 'Withdrawal Confirmation' modal, WithdrawValidators
// under the 'Withdrawing...Please wait.' spinner, then /withdrawConfirm. Only code-3 validators
// activated more than 2 days ago (chain time) are withdrawable; the two spec messages explain why not.
import { Button, Group, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirmedBy } from '../../ui/confirmation.tsx';
import { useConnection } from 'wagmi';
import { useApi } from '../../shell/session/session.tsx';
import { Eth2Wallet } from '@payd/schemas';
import { useChainNow, useValidatorSync, useValidators } from './dashboardApi.ts';
import { headlineEth, stakedBalance } from './validatorBalances.ts';
import {
  BLOCKED_COUNT_KEYS,
  ETH_PER_VALIDATOR,
  parseCount,
  stakedCount,
  withdrawError,
  withdrawableCount,
} from './validatorsRules.ts';
import { BusyOverlay, StakingCard, StakingPage } from '../../ui/pageParts.tsx';
import { useT } from '../../i18n/useT.ts';
import { amountText } from './manageTexts.ts';

const WithdrawConfirmModal = lazy(() => import('./WithdrawConfirmModal.tsx'));

export function WithdrawPage() {
  const { t, message, lang } = useT();
  const { address } = useConnection();
  const api = useApi();
  const navigate = useNavigate();
  const validators = useValidators(address);
  const { syncing } = useValidatorSync(address, validators.wallets.length > 0);
  const now = useChainNow();
  const [countText, setCountText] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const all = validators.data ?? [];
  const count = parseCount(countText);
  const error = withdrawError(count, all, now);
  const staked = stakedCount(all);
  const withdraw = useMutation({
    mutationFn: () =>
      api.call(Eth2Wallet.WithdrawValidators, {
        walletAddress: address ?? '',
        numberOfValidators: count,
        reason: reason.trim(),
      }),
    onSuccess: () => navigate('/withdrawConfirm', confirmedBy('withdraw')),
    onSettled: () => setConfirming(false),
  });
  const locked = withdraw.isPending || validators.isPending || syncing;
  const canContinue = !error && count > 0 && !locked;
  return (
    <StakingPage title={t('manage.withdraw.title')}>
      {withdraw.isPending ? <BusyOverlay text={t('manage.withdraw.busy')} /> : null}
      <StakingCard title={t('manage.withdraw.question')}>
        <Text c="dimmed" fz="sm" data-testid="withdraw-summary">
          {t('manage.withdraw.summary', {
            eth: amountText(lang, headlineEth(stakedBalance(all))),
            count: staked,
            withdrawable: amountText(lang, withdrawableCount(all, now)),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('manage.withdraw.count')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={countText}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setCountText(v === '' ? '' : String(parseCount(v)));
            }}
            onKeyDown={(e) => {
              if (BLOCKED_COUNT_KEYS.includes(e.key)) e.preventDefault();
            }}
            onWheel={(e) => e.currentTarget.blur()}
            error={error ? message(error) : null}
            data-testid="withdraw-count"
          />
          <TextInput
            label={t('manage.withdraw.eth')}
            readOnly
            value={String(count * ETH_PER_VALIDATOR)}
            data-testid="withdraw-eth"
          />
        </SimpleGrid>
        <Textarea
          label={t('manage.withdraw.reason')}
          autosize
          minRows={2}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="space-between">
          <Button component={Link} to="/stakeOption" variant="default">
            {t('common.back')}
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={!canContinue}>
            {t('common.continue')}
          </Button>
        </Group>
      </StakingCard>
      <Suspense fallback={null}>
        <WithdrawConfirmModal
          opened={confirming && !withdraw.isPending}
          count={count}
          reason={reason}
          onCancel={() => setConfirming(false)}
          onConfirm={() => withdraw.mutate()}
        />
      </Suspense>
    </StakingPage>
  );
}
