// /dashboard (spec 001 'Dashboard'): Total Staked with Stake ETH / Withdraw ETH, the rewards card
// (Daily, Weekly, Monthly, LTD from GetRewards), the chart of daily rewards (issue 25), the
// transactions (5 a page, Export to 'LTD Transactions {yyyymmdd}.xlsx') and the validators (5 a
// page: kind, balance and effective balance, pending operations and actions), with the validator
// sync routine running while the page is open. Total Staked adds the validators' balances (0x02
// validators hold 32 to 2048 ETH), not 32 × count.
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConnection } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { useSession } from '../../shell/session/session.tsx';
import { useKnownWalletStatus } from '../../shell/navigation/walletStatusStore.ts';
import {
  SYNC_EVERY_MS,
  useActivationQueue,
  useChainNow,
  useRewards,
  useValidatorSync,
  useValidators,
} from './dashboardApi.ts';
import { Empty, Loading } from './cardStates.tsx';
import { TransactionsCard } from './DashboardTransactions.tsx';
import { TopUpPrompt } from './TopUpPrompt.tsx';
import { REWARD_PERIODS, rewardView, type RewardPeriod } from './rewardsFormat.ts';
import {
  PAGE_SIZE,
  ValidatorMessages,
  beaconExplorerUrl,
  dashboardValidators,
  exitedBalance,
  pageOf,
  shortKey,
  stakedCount,
  validatorIndexText,
  withdrawDisabledReason,
  type ValidatorRow,
} from './validatorsRules.ts';
import { StakingCard, StakingPage, useCardLayout, wideTableStyle } from '../../ui/pageParts.tsx';
import { Amount } from '../../ui/Amount.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { ValidatorBadge } from './ValidatorBadge.tsx';
import { ValidatorCards } from './ValidatorCards.tsx';
import { FeeRecipient } from './FeeRecipient.tsx';
import { ValidatorKeyActions } from './ValidatorKeyActions.tsx';
import { RewardsChartCard } from './RewardsChart.tsx';
import { ValidatorActions, ValidatorPendingOperations } from './ValidatorRowExtras.tsx';
import { KindBadge } from './KindBadge.tsx';
import { headlineEth, stakedBalance, stakedEffectiveEth } from './validatorBalances.ts';
import { useT } from '../../i18n/useT.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { activationWords, effectiveWords, ethText, pctText, uptimeWords } from './dashboardTexts.ts';

function TotalStakedCard({ validators, loading }: { validators: ValidatorRow[]; loading: boolean }) {
  const { user } = useSession();
  // A terminated account reads its dashboard; staking and withdrawing wait for its return (issue 24).
  const terminated = useKnownWalletStatus(user?.UsrId) === 'D';
  const n = stakedCount(validators);
  const staked = stakedBalance(validators);
  const exited = exitedBalance(validators);
  const now = useChainNow();
  const noWithdraw = loading ? null : withdrawDisabledReason(validators, now);
  const tr = useT();
  const { t, message } = tr;
  return (
    <StakingCard title={t('dash.total.title')} testId="total-staked-card">
      {loading ? (
        <Loading />
      ) : (
        <Stack gap={4}>
          <Text fz={34} fw={800} data-testid="total-staked" title={ethText(tr, staked)}>
            {ethText(tr, headlineEth(staked).replace(/,/g, ''), { useGrouping: true })}
          </Text>
          <Text c="dimmed" fz="sm" data-testid="total-staked-validators">
            {t('dash.total.validators', { count: n, effective: stakedEffectiveEth(validators) })}
          </Text>
          {exited.count ? (
            <Text c="dimmed" fz="sm" data-testid="exited-on-the-way">
              <Tagged
                id="dash.total.exited"
                values={{ count: exited.count }}
                tags={{ amount: () => <Amount value={exited.eth} /> }}
              />
            </Text>
          ) : null}
        </Stack>
      )}
      {terminated ? (
        <Text fz="sm" mt="xs" data-testid="terminated-read-only">
          <Tagged
            id="dash.readOnly"
            tags={{
              link: (text) => (
                <Anchor component={Link} to="/accountStatus">
                  {text}
                </Anchor>
              ),
            }}
          />
        </Text>
      ) : (
        <>
          <Group gap="sm" mt="xs">
            <Button component={Link} to="/stakeEth">
              {t('dash.stakeEth')}
            </Button>
            {noWithdraw ? (
              <Button variant="light" disabled aria-describedby="withdraw-disabled-reason">
                {t('dash.withdrawEth')}
              </Button>
            ) : (
              <Button component={Link} to="/withdrawETH" variant="light">
                {t('dash.withdrawEth')}
              </Button>
            )}
          </Group>
          {noWithdraw ? (
            <Text c="dimmed" fz="xs" id="withdraw-disabled-reason" data-testid="withdraw-disabled-reason">
              {message(noWithdraw)}
            </Text>
          ) : null}
        </>
      )}
    </StakingCard>
  );
}

function RewardsCard({ address, hasWallet }: { address: string; hasWallet: boolean }) {
  const rewards = useRewards(address, hasWallet);
  const [tab, setTab] = useState<RewardPeriod>('Daily');
  const { t, message, lang } = useT();
  return (
    <StakingCard
      title={t('dash.rewards.title')}
      testId="rewards-card"
      right={
        <Anchor component={Link} to="/rewardStatements" fz="sm">
          {t('dash.rewards.statements')}
        </Anchor>
      }
    >
      <Tabs
        value={tab}
        onChange={(v) => v && setTab(v as RewardPeriod)}
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}
      >
        <Tabs.List>
          {REWARD_PERIODS.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {t(`dash.rewards.period.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REWARD_PERIODS.map((p) => {
          const view = rewardView(rewards.data, p);
          return (
            <Tabs.Panel key={p} value={p} pt="sm" data-testid={`rewards-${p}`}>
              {rewards.isPending && hasWallet ? (
                <Loading />
              ) : view.empty ? (
                <Empty text={t('dash.rewards.empty')} />
              ) : (
                <Stack gap={6}>
                  <Group gap="xs" align="baseline">
                    <Text fz={24} fw={800}>
                      <Amount value={view.total.amount} testId="rewards-total" fz="inherit" />
                    </Text>
                    <Badge variant="light" color="teal" data-testid="rewards-pct">
                      {pctText(lang, view.total.pct)}
                    </Badge>
                    {view.annualizedPct !== null ? (
                      <Tooltip label={t('dash.rewards.annualisedHint')} withArrow>
                        <Badge variant="outline" color="teal" data-testid="rewards-yearly">
                          {t('dash.rewards.yearly', { pct: pctText(lang, view.annualizedPct) })}
                        </Badge>
                      </Tooltip>
                    ) : null}
                  </Group>
                  {view.lines.map((l) => (
                    <Group key={l.label} justify="space-between" wrap="nowrap" gap="xs" fz="sm">
                      <Text fz="sm" c="dimmed">
                        {message(l.label)}
                      </Text>
                      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                        <Amount value={l.amount} testId={`rewards-${l.label.split(' ')[0]!.toLowerCase()}`} />
                        <Text fz="xs" c="dimmed" w={70} ta="right">
                          {pctText(lang, l.pct)}
                        </Text>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </StakingCard>
  );
}

/** The validators table's column names. */
function ValidatorsHead() {
  const { t } = useT();
  const columns = ['status', 'publicKey', 'keys', 'validatorIndex', 'feeRecipient'];
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th key={c}>{t(`dash.col.${c}`)}</Table.Th>
        ))}
        <Table.Th ta="right">{t('dash.col.balance')}</Table.Th>
        {['uptime', 'pending', 'actions'].map((c) => (
          <Table.Th key={c}>{t(`dash.col.${c}`)}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function ValidatorsCard({
  validators,
  loading,
  chainId,
}: {
  validators: ValidatorRow[];
  loading: boolean;
  chainId: number | undefined;
}) {
  const now = useChainNow();
  const queue = useActivationQueue();
  const { beaconUrl } = useConfig();
  const cards = useCardLayout();
  const [page, setPage] = useState(0);
  const tr = useT();
  const { t, message } = tr;
  const listed = dashboardValidators(validators);
  const uptime = (v: ValidatorRow) =>
    activationWords(tr, v, queue.get(String(v.PubKey5 ?? '').toLowerCase()), now) ?? uptimeWords(tr, v, now);
  const { rows, pages } = pageOf(listed, page, PAGE_SIZE);
  return (
    <StakingCard title={t('dash.validators.title')} testId="validators-card">
      {loading ? (
        <Loading />
      ) : !listed.length ? (
        <Empty text={message(ValidatorMessages.noValidators)} />
      ) : (
        <>
          {cards ? (
            <ValidatorCards
              rows={rows}
              explorerUrl={(v) => beaconExplorerUrl(v.ValidatorIndex5, chainId, beaconUrl)}
              uptime={uptime}
            />
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="xs" striped data-testid="validators-table" style={wideTableStyle}>
                <ValidatorsHead />
                <Table.Tbody>
                  {rows.map((v) => {
                    const url = beaconExplorerUrl(v.ValidatorIndex5, chainId, beaconUrl);
                    return (
                      <Table.Tr key={String(v.Eth2ValidatorId5)} data-testid="validator-row">
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ValidatorBadge v={v} />
                            <KindBadge v={v} />
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label={String(v.PubKey5)} withArrow multiline maw={420}>
                            <Text span ff="monospace" fz="sm" data-pubkey={String(v.PubKey5)}>
                              {shortKey(String(v.PubKey5 ?? ''), 10, 8)}
                            </Text>
                          </Tooltip>
                        </Table.Td>
                        <Table.Td>
                          <ValidatorKeyActions validator={v} />
                        </Table.Td>
                        <Table.Td>
                          {url ? (
                            <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
                              {String(v.ValidatorIndex5)}
                            </Anchor>
                          ) : (
                            // No explorer for this network (chain 88): the index itself, N/A before it has one.
                            message(validatorIndexText(v))
                          )}
                        </Table.Td>
                        <Table.Td>
                          <FeeRecipient v={v} />
                        </Table.Td>
                        <Table.Td ta="right">
                          {v.Balance5 !== null && v.Balance5 !== undefined && v.Balance5 !== '' ? (
                            <Amount value={String(v.Balance5)} testId="validator-balance" />
                          ) : (
                            <Text span fz="sm" data-testid="validator-balance">
                              -
                            </Text>
                          )}
                          <Text fz="xs" c="dimmed">
                            {t('dash.validators.effectiveLower')}{' '}
                            <Text span fz="xs" ff="monospace" data-testid="validator-effective">
                              {effectiveWords(tr, v)}
                            </Text>
                          </Text>
                        </Table.Td>
                        <Table.Td fz="sm" data-testid="validator-uptime">
                          {uptime(v)}
                        </Table.Td>
                        <Table.Td>
                          <ValidatorPendingOperations v={v} />
                        </Table.Td>
                        <Table.Td>
                          <ValidatorActions v={v} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager page={page} pages={pages} onChange={setPage} label={t('dash.validators.title')} />
        </>
      )}
    </StakingCard>
  );
}

export function DashboardPage() {
  const { address, chainId } = useConnection();
  const validators = useValidators(address);
  const hasWallet = validators.wallets.length > 0;
  const { syncing, lastSync } = useValidatorSync(address, hasWallet, SYNC_EVERY_MS);
  const { t } = useT();
  if (!address) return null;
  const all = validators.data ?? [];
  return (
    <StakingPage title={t('dash.title')}>
      <Group
        justify="flex-end"
        mt={-48}
        h={20}
        data-testid="sync-state"
        data-synced={lastSync ? 'yes' : 'no'}
      >
        {syncing ? (
          <Group gap={6} data-testid="syncing">
            <Loader size={12} />
            <Text fz="xs" c="dimmed">
              {t('dash.syncing')}
            </Text>
          </Group>
        ) : null}
      </Group>
      <TopUpPrompt validators={all} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TotalStakedCard validators={all} loading={validators.isPending} />
        <RewardsCard address={address} hasWallet={hasWallet} />
      </SimpleGrid>
      <RewardsChartCard address={address} hasWallet={hasWallet} />
      <TransactionsCard address={address} chainId={chainId} />
      <ValidatorsCard validators={all} loading={validators.isPending} chainId={chainId} />
    </StakingPage>
  );
}
