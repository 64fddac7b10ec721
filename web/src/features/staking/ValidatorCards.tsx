// Validators on a phone (issue 17): one card per validator instead of a table that scrolls
// sideways. The dashboard's card: first the validator (by index, linked to the network's beacon
// explorer), its status and its balance; then its kind and effective balance (issue 25), its public
// key and uptime, its pending operations; then its key actions and its actions. The
// manage page's selected validator the same way, with the date it was created. The same test ids
// as the tables' cells.
import { Anchor, Group, Text, Tooltip } from '@mantine/core';
import { ValidatorKeyActions } from './ValidatorKeyActions.tsx';
import { code, shortKey, type ValidatorRow } from './validatorsRules.ts';
import { Amount } from '../../ui/Amount.tsx';
import { CardList, RowCard } from '../../ui/pageParts.tsx';
import { ValidatorBadge } from './ValidatorBadge.tsx';
import { FeeRecipient } from './FeeRecipient.tsx';
import { KindBadge } from './KindBadge.tsx';
import { effectiveWords, txDateWords, validatorNameWords } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';
import { ValidatorActions, ValidatorPendingOperations } from './ValidatorRowExtras.tsx';

const hasBalance = (v: ValidatorRow) => v.Balance5 !== null && v.Balance5 !== undefined && v.Balance5 !== '';

/** 'Validator 12', linked to the validator on the network's explorer when there is one. */
function ValidatorName({ v, url }: { v: ValidatorRow; url: string | null }) {
  const name = validatorNameWords(useT(), v);
  return url ? (
    <Anchor
      href={url}
      target="_blank"
      rel="noreferrer"
      fz="sm"
      fw={700}
      truncate
      title={name}
      data-testid="validator-name"
    >
      {name}
    </Anchor>
  ) : (
    <Text fz="sm" fw={700} truncate title={name} data-testid="validator-name">
      {name}
    </Text>
  );
}

/** The validator and its status: the left of the first line (the status under the name when narrow). */
function NameAndStatus({ v, url }: { v: ValidatorRow; url: string | null }) {
  return (
    <Group gap={6} miw={0} style={{ rowGap: 2 }}>
      <ValidatorName v={v} url={url} />
      <span style={{ display: 'inline-flex', flexShrink: 0 }}>
        <ValidatorBadge v={v} size="sm" />
      </span>
    </Group>
  );
}

/** The balance: the right of the first line. */
function Balance({ v }: { v: ValidatorRow }) {
  return hasBalance(v) ? (
    <Amount value={String(v.Balance5)} testId="validator-balance" />
  ) : (
    <Text span c="dimmed" data-testid="validator-balance">
      -
    </Text>
  );
}

function PublicKey({ v }: { v: ValidatorRow }) {
  const key = String(v.PubKey5 ?? '');
  return (
    <Tooltip label={key} withArrow multiline maw={320}>
      <Text span ff="monospace" fz="xs" c="dimmed" data-pubkey={key}>
        {shortKey(key, 10, 8)}
      </Text>
    </Tooltip>
  );
}

/**
 * The uptime, named 'Uptime' once it counts (from active on); else the activation estimate as it
 * is; no line when there is none to tell (the table's '-').
 */
function UptimeLine({ v, text, testId }: { v: ValidatorRow; text: string; testId: string }) {
  const { t } = useT();
  if (text === '-') return null;
  const counting = Number(code(v)) >= 3;
  return (
    <Text fz="sm">
      {counting ? (
        <Text span fz="sm" c="dimmed">
          {t('dash.col.uptime')}{' '}
        </Text>
      ) : null}
      <Text span fz="sm" data-testid={testId}>
        {text}
      </Text>
    </Text>
  );
}

/** The dashboard's validators as cards. `uptime` is what the table's Uptime column says. */
export function ValidatorCards({
  rows,
  explorerUrl,
  uptime,
}: {
  rows: readonly ValidatorRow[];
  explorerUrl: (v: ValidatorRow) => string | null;
  uptime: (v: ValidatorRow) => string;
}) {
  const tr = useT();
  const { t } = tr;
  return (
    <CardList label={t('dash.validators.title')} testId="validators-cards">
      {rows.map((v) => (
        <RowCard
          key={String(v.Eth2ValidatorId5)}
          testId="validator-row"
          title={<NameAndStatus v={v} url={explorerUrl(v)} />}
          figure={<Balance v={v} />}
        >
          <Group gap="xs" wrap="nowrap">
            <KindBadge v={v} />
            <Text fz="sm">
              <Text span fz="sm" c="dimmed">
                {t('dash.validators.effective')}{' '}
              </Text>
              <Text span fz="sm" ff="monospace" data-testid="validator-effective">
                {effectiveWords(tr, v)}
              </Text>
            </Text>
          </Group>
          <PublicKey v={v} />
          <Text fz="sm">
            <Text span fz="sm" c="dimmed">
              {t('dash.validators.feeRecipient')}{' '}
            </Text>
            <FeeRecipient v={v} />
          </Text>
          <UptimeLine v={v} text={uptime(v)} testId="validator-uptime" />
          <Text fz="sm">
            <Text span fz="sm" c="dimmed">
              {t('dash.col.pending')}{' '}
            </Text>
            <ValidatorPendingOperations v={v} />
          </Text>
          <ValidatorKeyActions validator={v} />
          <ValidatorActions v={v} />
        </RowCard>
      ))}
    </CardList>
  );
}

/** The manage page's selected validator as a card (its key actions stay below, as on a desktop). */
export function ManageValidatorCard({
  v,
  url,
  linkText,
  uptime,
}: {
  v: ValidatorRow;
  url: string | null;
  linkText: string;
  uptime: string;
}) {
  const tr = useT();
  const { t } = tr;
  return (
    <CardList label={t('dash.validators.selected')} testId="manage-validator">
      <RowCard
        testId="manage-validator-row"
        title={<NameAndStatus v={v} url={null} />}
        figure={
          url ? (
            <Anchor href={url} target="_blank" rel="noreferrer" fz="sm" fw={400}>
              {linkText}
            </Anchor>
          ) : null
        }
      >
        <PublicKey v={v} />
        <Text fz="sm" c="dimmed">
          {t('dash.validators.created', { date: txDateWords(tr, v.CreatedOnUtc5) || '-' })}
        </Text>
        <UptimeLine v={v} text={uptime} testId="manage-uptime" />
      </RowCard>
    </CardList>
  );
}
