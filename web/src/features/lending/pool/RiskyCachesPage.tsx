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
  type LiquidationDetails,
  type LiquidationState,
} from '@payd/protocol';
import { liquidate, liquidateUpTo } from '../protocol/writes.ts';
import type { Address } from 'viem';
import { useProtocol, useProtocolEntry, useSigner } from '../protocol/ProtocolProvider.tsx';
import { checkCount } from './amountRules.ts';
import { Card, NeedsSigner, PoolShell, Refusal } from './PoolParts.tsx';
import { refusalText } from './refusals.ts';
import {
  PAGE_SIZE,
  cachesText,
  isOwn,
  liquidationSummary,
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
  return (
    <PoolShell title="Risky caches">
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
  const redistributed = useProtocol((s) => s.totalRedistributed);
  const riskiest = useProtocol((s) => s.riskiestCacheBeforeRedistribution);
  const now = riskiest.compounded(redistributed);
  const first = liquidationVerdict(now, state, riskiest.status === 'open');
  const batchReason =
    first.liquidatable || now.isEmpty ? undefined : verdictText(first, now.debt, state.paydInRewardsPool);
  return { first, batchReason };
}

function LiquidationResult({ result }: { result: Landed<LiquidationDetails> }) {
  return (
    <Alert color="green" variant="light" role="status" title="Liquidated" data-testid="liquidation-result">
      {liquidationSummary(result.details, result.rawReceipt.gasUsed).map((line) => (
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

  async function liquidateOne(owner: string) {
    if (!signer) return;
    setResult(undefined);
    setResult(await run(`Liquidate ${shortAddress(owner)}`, () => liquidate(signer, owner as Address)));
  }
  async function liquidateMany() {
    if (!signer || !n.count) return;
    setResult(undefined);
    const count = n.count;
    setResult(await run(`Liquidate up to ${cachesText(count)}`, () => liquidateUpTo(signer, count)));
  }

  return (
    <Stack gap="md">
      <Text c="dimmed">
        A cache under 115% collateral ratio
        {recovery
          ? ' (or, in recovery mode, under the total ratio while the rewards pool covers its debt)'
          : ''}{' '}
        can be liquidated by anyone, unless it is the last cache: its debt is paid from the rewards pool and
        the liquidator receives 200 PAYD and 0.5% of its collateral.
      </Text>
      <Group gap="xs">
        <Badge variant="light">{cachesText(count)}</Badge>
        <Badge variant="light">ETH price {price.prettify()} PAYD</Badge>
        {recovery && <Badge color="orange">Recovery mode</Badge>}
        <Badge color={first.liquidatable ? 'red' : 'green'} variant="light">
          {first.liquidatable ? 'Some caches can be liquidated' : 'No cache can be liquidated'}
        </Badge>
      </Group>
      {!signer && <NeedsSigner what="liquidate" />}
      <Refusal text={refusal} />
      {result && <LiquidationResult result={result} />}
      <Card title="Liquidate up to N">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void liquidateMany();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Number of caches, riskiest first"
              inputMode="numeric"
              w={{ base: '100%', xs: 300 }}
              value={nText}
              onChange={(e) => setNText(e.currentTarget.value)}
              error={n.message}
              description="Caches the contract will not liquidate are left as they are"
            />
            <Button type="submit" disabled={!signer || !n.count || !first.liquidatable} loading={busy}>
              Liquidate up to {n.count ? cachesText(n.count) : 'N'}
            </Button>
          </Group>
        </form>
        {batchReason && (
          <Text size="sm" c="dimmed" data-testid="batch-reason">
            The riskiest cache: {batchReason}
          </Text>
        )}
      </Card>
      <Card title="All caches by collateral ratio" testId="risky-list">
        {error && <Refusal text={error} />}
        {!rows && !error && <Text size="sm">Loading the caches…</Text>}
        {rows && rows.length === 0 && <Text size="sm">There are no open caches.</Text>}
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
              aria-label="Pages of caches"
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
  return (
    <Group gap={6} wrap="nowrap">
      <Text ff="monospace" size="sm" title={owner}>
        {shortAddress(owner)}
      </Text>
      {isOwn(owner, account) && (
        <Badge size="sm" variant="light" data-testid="own-cache">
          Yours
        </Badge>
      )}
    </Group>
  );
}

function LiquidateButton({ row, ...props }: Omit<CachesProps, 'rows'> & { row: RiskyRow }) {
  return (
    <Button
      size="compact-sm"
      color="red"
      disabled={!props.canLiquidate}
      loading={props.busy}
      onClick={() => props.onLiquidate(row.owner)}
      aria-label={`Liquidate ${row.owner}`}
      title={row.reason}
      style={{ flexShrink: 0 }}
    >
      Liquidate
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
  return (
    <Stack gap="xs" data-testid="risky-cards">
      {rows.map((r) => (
        <Paper key={r.owner} withBorder radius="md" p="sm" data-owner={r.owner.toLowerCase()}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Owner owner={r.owner} account={props.account} />
            <Text size="sm" fw={700} c={r.liquidatable ? 'red' : undefined}>
              Ratio {r.ratio.toPercent()}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text size="sm">
              {r.collateral.prettify(4)} ETH, debt {r.debt.prettify()} PAYD
            </Text>
            {r.liquidatable && <LiquidateButton row={r} {...props} />}
          </Group>
          {!r.liquidatable && <Reason text={r.reason} />}
        </Paper>
      ))}
    </Stack>
  );
}

function CacheTable(props: CachesProps) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="xs" data-testid="risky-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Owner</Table.Th>
            <Table.Th ta="right">Collateral (ETH)</Table.Th>
            <Table.Th ta="right">Debt (PAYD)</Table.Th>
            <Table.Th ta="right">Ratio</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((r) => (
            <Table.Tr key={r.owner} data-owner={r.owner.toLowerCase()}>
              <Table.Td>
                <Owner owner={r.owner} account={props.account} />
              </Table.Td>
              <Table.Td ta="right">{r.collateral.prettify(4)}</Table.Td>
              <Table.Td ta="right">{r.debt.prettify()}</Table.Td>
              <Table.Td
                ta="right"
                c={r.liquidatable ? 'red' : undefined}
                fw={r.liquidatable ? 700 : undefined}
              >
                {r.ratio.toPercent()}
              </Table.Td>
              <Table.Td maw={320}>
                {r.liquidatable ? <LiquidateButton row={r} {...props} /> : <Reason text={r.reason} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
