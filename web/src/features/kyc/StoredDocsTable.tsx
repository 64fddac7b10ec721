// The documents the customer has stored, with open and (unless locked) delete, and the
// confirmation asked before one is deleted.
import { Anchor, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { KycSpinner } from './KycShell.tsx';
import { formatSize } from './docRules.ts';
import { displayDate } from './docUploadFailure.ts';
import type { StoredDoc } from './docUpload.ts';
import { useT } from '../../i18n/useT.ts';

export interface StoredDocsTableProps {
  stored: StoredDoc[];
  pending: boolean;
  /** Locked records show no delete buttons. */
  locked: boolean;
  /** Deleting waits for the uploads in progress. */
  uploading: boolean;
  onOpen: (doc: StoredDoc) => void;
  onDelete: (doc: StoredDoc) => void;
}

export function StoredDocsTable({ stored, pending, ...rows }: StoredDocsTableProps) {
  const { t } = useT();
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        {t('kyc.docs.yours')}
      </Title>
      {pending ? (
        <KycSpinner />
      ) : stored.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('kyc.docs.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" aria-label={t('kyc.docs.uploaded')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kyc.docs.file')}</Table.Th>
                <Table.Th>{t('kyc.docs.typeColumn')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('kyc.docs.dated')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('kyc.docs.size')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('kyc.docs.uploadedOn')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stored.map((d) => (
                <StoredDocRow key={d.DocId} doc={d} {...rows} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function StoredDocRow({
  doc: d,
  locked,
  uploading,
  onOpen,
  onDelete,
}: Omit<StoredDocsTableProps, 'stored' | 'pending'> & { doc: StoredDoc }) {
  const { t, message, lang } = useT();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          style={{ wordBreak: 'break-word' }}
          onClick={() => onOpen(d)}
        >
          {d.DocName}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {message(d.DocTypeCdText ?? d.DocTypeCd ?? '')}
        {d.DocDate ? (
          <Text hiddenFrom="sm" size="xs" c="dimmed">
            {displayDate(d.DocDate, lang)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td visibleFrom="sm">{displayDate(d.DocDate, lang)}</Table.Td>
      <Table.Td visibleFrom="sm">{formatSize(d.DocSize)}</Table.Td>
      <Table.Td visibleFrom="sm">{displayDate(d.InputOn, lang)}</Table.Td>
      <Table.Td>
        {locked ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onDelete(d)}
            disabled={uploading}
            aria-label={t('kyc.docs.deleteName', { name: d.DocName })}
          >
            {t('kyc.docs.delete')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function DeleteDocModal({
  toDelete,
  deleting,
  onCancel,
  onConfirm,
}: {
  toDelete: StoredDoc | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useT();
  return (
    <Modal opened={toDelete !== null} onClose={onCancel} title={t('kyc.docs.deleteTitle')} centered>
      <Text>{t('kyc.docs.deleteSure', { name: toDelete?.DocName ?? '' })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={onConfirm}>
          {t('kyc.docs.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
