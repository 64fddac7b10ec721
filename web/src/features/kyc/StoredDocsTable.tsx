// The documents the customer has stored, with open and (unless locked) delete, and the
// confirmation asked before one is deleted.
import { Anchor, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { KycSpinner } from './KycShell.tsx';
import { formatSize } from './docRules.ts';
import { displayDate } from './docUploadFailure.ts';
import type { StoredDoc } from './docUpload.ts';

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
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        Your documents
      </Title>
      {pending ? (
        <KycSpinner />
      ) : stored.length === 0 ? (
        <Text c="dimmed" size="sm">
          No documents uploaded yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" aria-label="Uploaded documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th visibleFrom="sm">Dated</Table.Th>
                <Table.Th visibleFrom="sm">Size</Table.Th>
                <Table.Th visibleFrom="sm">Uploaded</Table.Th>
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
        {d.DocTypeCdText ?? d.DocTypeCd ?? ''}
        {d.DocDate ? (
          <Text hiddenFrom="sm" size="xs" c="dimmed">
            {displayDate(d.DocDate)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td visibleFrom="sm">{displayDate(d.DocDate)}</Table.Td>
      <Table.Td visibleFrom="sm">{formatSize(d.DocSize)}</Table.Td>
      <Table.Td visibleFrom="sm">{displayDate(d.InputOn)}</Table.Td>
      <Table.Td>
        {locked ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onDelete(d)}
            disabled={uploading}
            aria-label={`Delete ${d.DocName}`}
          >
            Delete
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
  return (
    <Modal opened={toDelete !== null} onClose={onCancel} title="Delete document" centered>
      <Text>Are you sure you want to delete {toDelete?.DocName}?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
