// The selected validator's row on a wide screen of /manageValidator: status, key, creation date,
// kind (0x01 or 0x02), index, uptime and its explorer link.
import { Anchor, Table, Text, Tooltip } from '@mantine/core';
import { wideTableStyle } from '../../ui/pageParts.tsx';
import { useT } from '../../i18n/useT.ts';
import { createdOnLabel, uptimeLabel, validatorIndexLabel } from './manageTexts.ts';
import { kindOf } from './topUpRules.ts';
import { ValidatorBadge } from './ValidatorBadge.tsx';
import { beaconExplorerUrl, shortKey, type ValidatorRow } from './validatorsRules.ts';

export interface ManageValidatorTableProps {
  /** The selected validator, or none. */
  rows: ValidatorRow[];
  chainId: number | undefined;
  beaconUrl: string | null | undefined;
  /** The chain's "now", for the uptime. */
  now: number;
  linkText: string;
}

export function ManageValidatorTable({ rows, ...row }: ManageValidatorTableProps) {
  const { t } = useT();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="manage-table" style={wideTableStyle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('manage.col.status')}</Table.Th>
            <Table.Th>{t('manage.col.kind')}</Table.Th>
            <Table.Th>{t('manage.col.address')}</Table.Th>
            <Table.Th>{t('manage.col.createdOn')}</Table.Th>
            <Table.Th>{t('manage.col.index')}</Table.Th>
            <Table.Th>{t('manage.col.uptime')}</Table.Th>
            <Table.Th>{t('manage.col.explorer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((v) => (
            <ManagedValidatorRow key={String(v.PubKey5)} v={v} {...row} />
          ))}
          {!rows.length ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" fz="sm" ta={{ base: 'left', sm: 'center' }}>
                  {t('manage.selectToManage')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ManagedValidatorRow({
  v,
  chainId,
  beaconUrl,
  now,
  linkText,
}: Omit<ManageValidatorTableProps, 'rows'> & { v: ValidatorRow }) {
  const tr = useT();
  const url = beaconExplorerUrl(v.ValidatorIndex5, chainId, beaconUrl);
  return (
    <Table.Tr>
      <Table.Td>
        <ValidatorBadge v={v} />
      </Table.Td>
      <Table.Td fz="sm" data-testid="validator-kind">
        {kindOf(v)}
      </Table.Td>
      <Table.Td>
        <Tooltip label={String(v.PubKey5)} withArrow multiline maw={420}>
          <Text span ff="monospace" fz="sm">
            {shortKey(String(v.PubKey5))}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td fz="sm">{createdOnLabel(tr.lang, v)}</Table.Td>
      <Table.Td>{validatorIndexLabel(tr, v)}</Table.Td>
      <Table.Td fz="sm">{uptimeLabel(tr, v, now)}</Table.Td>
      <Table.Td>
        {url ? (
          <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
            {linkText}
          </Anchor>
        ) : (
          '-'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
