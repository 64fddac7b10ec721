// The selected validator's row on a wide screen of /manageValidator: status, key, creation date,
// kind (0x01 or 0x02), index, uptime and its explorer link.
import { Anchor, Table, Text, Tooltip } from '@mantine/core';
import { wideTableStyle } from '../../ui/pageParts.tsx';
import { kindOf } from './topUpRules.ts';
import { txDate } from './txRules.ts';
import { ValidatorBadge } from './ValidatorBadge.tsx';
import {
  beaconExplorerUrl,
  shortKey,
  uptimeText,
  validatorIndexText,
  type ValidatorRow,
} from './validatorsRules.ts';

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
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="manage-table" style={wideTableStyle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Created On</Table.Th>
            <Table.Th>Validator Index</Table.Th>
            <Table.Th>Uptime</Table.Th>
            <Table.Th>Explorer</Table.Th>
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
                  Select a validator to manage it.
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
      <Table.Td fz="sm">{txDate(v.CreatedOnUtc5) || '-'}</Table.Td>
      <Table.Td>{validatorIndexText(v)}</Table.Td>
      <Table.Td fz="sm">{uptimeText(v, now)}</Table.Td>
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
