// /riskyCaches (spec 000 sections 1 and 7): every cache, riskiest first, paged through the
// multi-cache getter, with owner, collateral, debt and collateral ratio at today's price. Anyone
// may liquidate one cache under the minimum ratio, or up to N from the riskiest; after it lands the
// page says what was liquidated and the gas used. The list reloads when the store sees a change.
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  getCaches,
  isRecoveryMode,
  liquidationVerdict,
  type CacheWithPendingRedistribution,
  type Decimal,
  type LiquidationDetails,
  type LiquidationState,
} from '@payd/protocol';
import { liquidate, liquidateUpTo } from '../protocol/writes.ts';
import type { Address } from 'viem';
import { useProtocol, useProtocolEntry, useSigner } from '../protocol/ProtocolProvider.tsx';
import { checkCount } from './amountRules.ts';
import { Card, NeedsSigner, PoolShell, Refusal } from './PoolParts.tsx';
import { refusalText } from './refusals.ts';
import { useLendingT } from '../useLendingT.ts';
import { cachesWords, summaryWords, verdictWords } from './riskyText.ts';
import {
  PAGE_SIZE,
  isOwn,
  pageCount,
  riskyRows,
  shortAddress,
  verdictText,
  type RiskyRow,
} from './riskyRules.ts';
import { useProtocolWrite, type Landed } from './useProtocolWrite.ts';

// Mantine's Pagination (2.9 kB gzipped) loads once there is more than one page of caches.
const Pagination = lazy(() => import('../../../ui/paginationModule.ts'));

export function RiskyCachesPage() {
  const { t } = useLendingT();
  return (
    <PoolShell title={t('lending.nav.risky')}>
      <RiskyCaches />
    </PoolShell>
  );
}

/** One page of caches from the chain, read again whenever the caches or the price change. */
function useCachePage(page: number): { caches?: CacheWithPendingRedistribution[]; error?: string } {
  const { connection } = useProtocolEntry();
  const count = useProtocol((s) => s.numberOfCaches);
  const total = useProtocol((s) => s.total);
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const riskiest = useProtocol((s) => s.riskiestCacheBeforeRedistribution);
  const [result, setResult] = useState<{ caches?: CacheWithPendingRedistribution[]; error?: string }>({});
  useEffect(() => {
    let current = true;
    getCaches(connection, {
      first: PAGE_SIZE,
      startingAt: (page - 1) * PAGE_SIZE,
      sortedBy: 'ascendingCollateralRatio',
    }).then(
      (caches) => current && setResult({ caches }),
      (e) => current && setResult({ error: refusalText(e) ?? 'The caches could not be read.' }),
    );
    return () => {
      current = false;
    };
  }, [connection, page, count, total, redistributed, riskiest]);
  return result;
}

/**
 * Whether liquidateCaches would take anything: it starts at the riskiest cache and stops at the
 * first it will not take, so the riskiest cache's verdict decides; with the reason when not.
 */
function useRiskiestVerdict(state: LiquidationState) {
  const tr = useLendingT();
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const riskiest = useProtocol((s) => s.riskiestCacheBeforeRedistribution);
  const now = riskiest.compounded(redistributed);
  const first = liquidationVerdict(now, state, riskiest.status === 'open');
  const batchReason =
    first.liquidatable || now.isEmpty
      ? undefined
      : verdictText(first, now.debt, state.paydInRewardsPool) &&
        verdictWords(tr, first, now.debt, state.paydInRewardsPool);
  return { first, batchReason };
}

function LiquidationResult({ result }: { result: Landed<LiquidationDetails> }) {
  const tr = useLendingT();
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={tr.t('lending.risky.liquidated')}
      data-testid="liquidation-result"
    >
      {summaryWords(tr, result.details, result.rawReceipt.gasUsed).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}

function RiskyCaches() {
  const signer = useSigner();
  const count = useProtocol((s) => s.numberOfCaches);
  const price = useProtocol((s) => s.price);
  const total = useProtocol((s) => s.total);
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const pool = useProtocol((s) => s.paydInRewardsPool);
  const [page, setPage] = useState(1);
  const { caches, error } = useCachePage(page);
  const { busy, refusal, run } = useProtocolWrite();
  const [result, setResult] = useState<Landed<LiquidationDetails>>();
  const [nText, setNText] = useState('1');
  const recovery = isRecoveryMode(total, price);
  const state: LiquidationState = { price, total, paydInRewardsPool: pool, numberOfCaches: count };
  const rows = caches ? riskyRows(caches, redistributed, state) : undefined;
  const { first, batchReason } = useRiskiestVerdict(state);
  const n = checkCount(nText);
  const account = useProtocolEntry().connection.userAddress;
  const tr = useLendingT();
  const { t, num } = tr;

  async function liquidateOne(owner: string) {
    if (!signer) return;
    setResult(undefined);
    setResult(
      await run(t('lending.risky.liquidateTx', { owner: shortAddress(owner) }), () =>
        liquidate(signer, owner as Address),
      ),
    );
  }
  async function liquidateMany() {
    if (!signer || !n.count) return;
    setResult(undefined);
    const count = n.count;
    setResult(await run(t('lending.risky.upToTx', { count }), () => liquidateUpTo(signer, count)));
  }

  return (
    <Stack gap="md">
      <Text c="dimmed">{recovery ? t('lending.risky.introRecovery') : t('lending.risky.intro')}</Text>
      <Group gap="xs">
        <Badge variant="light">{cachesWords(tr, count)}</Badge>
        <Badge variant="light">{t('lending.risky.price', { price: num(price) })}</Badge>
        {recovery && <Badge color="orange">{t('lending.recovery.title')}</Badge>}
        <Badge color={first.liquidatable ? 'red' : 'green'} variant="light">
          {first.liquidatable ? t('lending.risky.some') : t('lending.risky.none')}
        </Badge>
      </Group>
      {!signer && <NeedsSigner what="liquidate" />}
      <Refusal text={refusal} />
      {result && <LiquidationResult result={result} />}
      <Card title={t('lending.risky.upToN')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void liquidateMany();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('lending.risky.number')}
              inputMode="numeric"
              w={{ base: '100%', xs: 300 }}
              value={nText}
              onChange={(e) => setNText(e.currentTarget.value)}
              error={tr.message(n.message)}
              description={t('lending.risky.numberHint')}
            />
            <Button type="submit" disabled={!signer || !n.count || !first.liquidatable} loading={busy}>
              {n.count ? t('lending.risky.upTo', { count: n.count }) : t('lending.risky.upToN')}
            </Button>
          </Group>
        </form>
        {batchReason && (
          <Text size="sm" c="dimmed" data-testid="batch-reason">
            {t('lending.risky.riskiest', { reason: batchReason })}
          </Text>
        )}
      </Card>
      <Card title={t('lending.risky.all')} testId="risky-list">
        {error && <Refusal text={error} />}
        {!rows && !error && <Text size="sm">{t('lending.risky.loading')}</Text>}
        {rows && rows.length === 0 && <Text size="sm">{t('lending.risky.empty')}</Text>}
        {rows && rows.length > 0 && (
          <>
            <Box visibleFrom="sm">
              <CacheTable
                rows={rows}
                account={account}
                canLiquidate={Boolean(signer)}
                busy={busy}
                onLiquidate={(owner) => void liquidateOne(owner)}
              />
            </Box>
            <Box hiddenFrom="sm">
              <CacheList
                rows={rows}
                account={account}
                canLiquidate={Boolean(signer)}
                busy={busy}
                onLiquidate={(owner) => void liquidateOne(owner)}
              />
            </Box>
          </>
        )}
        {count > PAGE_SIZE && (
          <Suspense fallback={null}>
            <Pagination
              total={pageCount(count)}
              value={page}
              onChange={setPage}
              aria-label={t('lending.risky.pages')}
            />
          </Suspense>
        )}
      </Card>
    </Stack>
  );
}

interface CachesProps {
  rows: RiskyRow[];
  /** The connected wallet, whose cache is marked 'Yours'. */
  account: string | undefined;
  canLiquidate: boolean;
  busy: boolean;
  onLiquidate: (owner: string) => void;
}

/** The owner's short address, and 'Yours' on the connected wallet's own cache. */
function Owner({ owner, account }: { owner: string; account: string | undefined }) {
  const { t } = useLendingT();
  return (
    <Group gap={6} wrap="nowrap">
      <Text ff="monospace" size="sm" title={owner}>
        {shortAddress(owner)}
      </Text>
      {isOwn(owner, account) && (
        <Badge size="sm" variant="light" data-testid="own-cache">
          {t('lending.risky.yours')}
        </Badge>
      )}
    </Group>
  );
}

function LiquidateButton({ row, ...props }: Omit<CachesProps, 'rows'> & { row: RiskyRow }) {
  const tr = useLendingT();
  const pool = useProtocol((s) => s.paydInRewardsPool);
  return (
    <Button
      size="compact-sm"
      color="red"
      disabled={!props.canLiquidate}
      loading={props.busy}
      onClick={() => props.onLiquidate(row.owner)}
      aria-label={tr.t('lending.risky.liquidateOwner', { owner: row.owner })}
      title={rowReason(tr, row, pool)}
      style={{ flexShrink: 0 }}
    >
      {tr.t('lending.risky.liquidate')}
    </Button>
  );
}

/** Why the contract would not liquidate a cache now: the button is not offered. */
function Reason({ text }: { text: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="liquidation-reason">
      {text}
    </Text>
  );
}

/** On a phone: one card per cache, so the ratio and the button need no sideways scroll. */
function CacheList({ rows, ...props }: CachesProps) {
  const tr = useLendingT();
  const pool = useProtocol((s) => s.paydInRewardsPool);
  const { t, num, pct } = tr;
  return (
    <Stack gap="xs" data-testid="risky-cards">
      {rows.map((r) => (
        <Paper key={r.owner} withBorder radius="md" p="sm" data-owner={r.owner.toLowerCase()}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Owner owner={r.owner} account={props.account} />
            <Text size="sm" fw={700} c={r.liquidatable ? 'red' : undefined}>
              {t('lending.risky.ratioOf', { ratio: pct(r.ratio) })}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text size="sm">{t('lending.risky.row', { eth: num(r.collateral, 4), payd: num(r.debt) })}</Text>
            {r.liquidatable && <LiquidateButton row={r} {...props} />}
          </Group>
          {!r.liquidatable && <Reason text={rowReason(tr, r, pool)} />}
        </Paper>
      ))}
    </Stack>
  );
}

function CacheTable(props: CachesProps) {
  const tr = useLendingT();
  const pool = useProtocol((s) => s.paydInRewardsPool);
  const { t, num, pct } = tr;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="xs" data-testid="risky-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lending.risky.owner')}</Table.Th>
            <Table.Th ta="right">{t('lending.open.collateral')}</Table.Th>
            <Table.Th ta="right">{t('lending.risky.debt')}</Table.Th>
            <Table.Th ta="right">{t('lending.risky.ratio')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('lending.risky.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((r) => (
            <Table.Tr key={r.owner} data-owner={r.owner.toLowerCase()}>
              <Table.Td>
                <Owner owner={r.owner} account={props.account} />
              </Table.Td>
              <Table.Td ta="right">{num(r.collateral, 4)}</Table.Td>
              <Table.Td ta="right">{num(r.debt)}</Table.Td>
              <Table.Td
                ta="right"
                c={r.liquidatable ? 'red' : undefined}
                fw={r.liquidatable ? 700 : undefined}
              >
                {pct(r.ratio)}
              </Table.Td>
              <Table.Td maw={320}>
                {r.liquidatable ? (
                  <LiquidateButton row={r} {...props} />
                ) : (
                  <Reason text={rowReason(tr, r, pool)} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's reason in the reader's language (the row keeps riskyRules' English). */
function rowReason(tr: ReturnType<typeof useLendingT>, row: RiskyRow, pool: Decimal): string {
  return verdictWords(tr, row.verdict, row.debt, pool);
}
