// /supporting-doc: 'Step 2 of 4: Add Supporting Documentation'. The customer picks a document type
// (a proof of address also its date, within 3 months), drops or picks files (png, jpeg, gif, pdf,
// Word, Excel, csv; 10 MB each; 100 in all), images are rescaled to JPEG in the browser, each upload
// shows its progress, and the stored documents are listed with open and delete. Locked for p1, P3,
// P4, AP and DE. Back goes to /personal-detail, Continue to /liveness (steps 1 and 3).
import '@mantine/dropzone/styles.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../auth/session.tsx';
import { UnsavedChangesGuard } from '../../framework/UnsavedChangesGuard.tsx';
import { notifyFailure } from '../../notifications/notify.ts';
import { KycPage, KycRecordAlerts, KycSpinner } from './KycShell.tsx';
import { KYC_PERSON, usePersonRecord, type Choice, type KycRow } from './kycApi.ts';
import { isLocked } from './kycStatus.ts';
import { prepareDoc } from './docImage.ts';
import {
  MAX_DOC_BYTES,
  MAX_DOC_FILES,
  PROOF_OF_ADDRESS,
  acceptMap,
  checkDocMeta,
  checkPicked,
  defaultDocTypes,
  formatSize,
} from './docRules.ts';
import { deleteDoc, openDoc, uploadDoc, useDocList, useInvalidateDocs, type StoredDoc } from './docUpload.ts';

const TITLE = 'Step 2 of 4: Add Supporting Documentation';

function useDocTypes() {
  const api = useApi();
  return useQuery({
    queryKey: ['kyc', 'docTypes'],
    queryFn: async () => {
      const r = await api.call<Choice[]>(KYC_PERSON, 'GetDocTypeCdList', { query: '', topN: 50 });
      return r.data?.length ? r.data : defaultDocTypes;
    },
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

export function SupportingDocPage() {
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  if (person.isError) return <KycPage title={TITLE}>Your details could not be loaded.</KycPage>;
  return <SupportingDocs row={person.data} />;
}

interface InFlight {
  name: string;
  pct: number;
  stage: 'preparing' | 'uploading';
}

function displayDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

function SupportingDocs({ row }: { row: KycRow }) {
  const api = useApi();
  const navigate = useNavigate();
  const mstId = row.KycPersonId15 ? String(row.KycPersonId15) : null;
  const status = String(row.InternalStatus15 ?? '');
  const locked = isLocked(status);
  const docs = useDocList(mstId);
  const types = useDocTypes();
  const invalidate = useInvalidateDocs();
  const [docType, setDocType] = useState<string | null>(null);
  const [docDate, setDocDate] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const [toDelete, setToDelete] = useState<StoredDoc | null>(null);
  const [deleting, setDeleting] = useState(false);
  const uploading = inFlight.length > 0;
  const stored = docs.data ?? [];
  const isPoa = docType === PROOF_OF_ADDRESS;

  if (!mstId)
    return (
      <KycPage title={TITLE}>
        <Alert color="blue" variant="light" title="Personal details first">
          Please save your personal details before adding documents.
        </Alert>
        <Group>
          <Button component={Link} to="/personal-detail">
            Go to Personal Details
          </Button>
        </Group>
      </KycPage>
    );

  const upload = async (files: File[]) => {
    setFileError(null);
    const metaError = checkDocMeta(docType ?? '', docDate, new Date());
    if (metaError) {
      if (!docType) setTypeError(metaError);
      else setDateError(metaError);
      return;
    }
    const pickError = checkPicked(files, stored.length);
    if (pickError) {
      setFileError(pickError);
      return;
    }
    setInFlight(files.map((f) => ({ name: f.name, pct: 0, stage: 'preparing' })));
    const update = (i: number, patch: Partial<InFlight>) =>
      setInFlight((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    try {
      for (const [i, file] of files.entries()) {
        const prepared = await prepareDoc(file);
        update(i, { stage: 'uploading', name: prepared.fileName });
        await uploadDoc(api, mstId, prepared, { docType: docType!, docDate: isPoa ? docDate : '' }, (pct) =>
          update(i, { pct }),
        );
        await invalidate(mstId);
      }
    } catch (e) {
      if (isApiError(e) && e.httpStatus !== 401 && e.httpStatus !== 403)
        setFileError(e.validationErrors?.[0]?.message || e.message);
      else if (e instanceof Error && !isApiError(e)) setFileError(e.message);
      else notifyFailure(e);
      await invalidate(mstId);
    } finally {
      setInFlight([]);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDoc(api, mstId, toDelete.DocId);
      await invalidate(mstId);
      setToDelete(null);
    } catch (e) {
      notifyFailure(e);
    } finally {
      setDeleting(false);
    }
  };

  const typeChoices = (types.data ?? defaultDocTypes).map((c) => ({ value: c.key, label: c.label }));

  return (
    <KycPage
      title={TITLE}
      size="md"
      subtitle="Upload a copy of your identity document and a proof of address (for example a utility bill or a bank statement) dated within the last 3 months."
    >
      <UnsavedChangesGuard dirty={uploading} />
      <KycRecordAlerts
        row={row}
        lockedTitle="Your documents are locked"
        lockedText="its documents can no longer be changed."
      />

      {locked ? null : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              id="kyc-docType"
              label="Document type"
              placeholder="Select"
              withAsterisk
              data={typeChoices}
              value={docType}
              onChange={(v) => {
                setDocType(v);
                setTypeError(null);
                setDateError(null);
              }}
              error={typeError}
              disabled={uploading}
              allowDeselect={false}
            />
            <TextInput
              id="kyc-docDate"
              label="Document date"
              type="date"
              withAsterisk={isPoa}
              description={
                isPoa ? 'The date printed on the proof of address' : 'Needed for a proof of address'
              }
              value={isPoa ? docDate : ''}
              onChange={(e) => {
                setDocDate(e.currentTarget.value);
                setDateError(null);
              }}
              disabled={!isPoa || uploading}
              error={dateError}
            />
          </SimpleGrid>
          <Input.Wrapper
            id="kyc-docFiles"
            label="Files"
            description={`png, jpeg, gif, pdf, Word, Excel or csv; up to ${formatSize(MAX_DOC_BYTES)} each, ${MAX_DOC_FILES} files in all. Images are resized and sent as JPEG.`}
            error={fileError}
          >
            <Dropzone
              mt={6}
              onDrop={() => {}}
              onDropAny={(files: FileWithPath[], rejected) =>
                void upload([...files, ...rejected.map((r) => r.file)])
              }
              accept={acceptMap}
              multiple
              loading={uploading}
              disabled={uploading}
              inputProps={{ 'aria-label': 'Choose files to upload' }}
            >
              <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
                <Text fw={500} ta="center">
                  Drag files here or click to choose
                </Text>
                <Text size="sm" c="dimmed">
                  {docType
                    ? `as ${typeChoices.find((c) => c.value === docType)?.label ?? docType}`
                    : 'Choose the document type first'}
                </Text>
              </Stack>
            </Dropzone>
          </Input.Wrapper>
          {inFlight.length > 0 ? (
            <Stack gap={6} aria-label="Uploads in progress" role="status">
              {inFlight.map((f, i) => (
                <div key={`${i}-${f.name}`}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{f.name}</Text>
                    <Text size="xs" c="dimmed">
                      {f.stage === 'preparing' ? 'Preparing…' : `${f.pct}%`}
                    </Text>
                  </Group>
                  <Progress value={f.stage === 'preparing' ? 0 : f.pct} aria-label={`Upload of ${f.name}`} />
                </div>
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
          Your documents
        </Title>
        {docs.isPending ? (
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
                  <Table.Tr key={d.DocId}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        ta="left"
                        style={{ wordBreak: 'break-word' }}
                        onClick={() => void openDoc(api, mstId, d).catch(notifyFailure)}
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
                          onClick={() => setToDelete(d)}
                          disabled={uploading}
                          aria-label={`Delete ${d.DocName}`}
                        >
                          Delete
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate('/personal-detail')}>
          Back
        </Button>
        {locked ? null : (
          <Group gap="sm">
            {stored.length === 0 ? (
              <Text size="sm" c="dimmed">
                Upload at least one document to continue.
              </Text>
            ) : null}
            <Button onClick={() => void navigate('/liveness')} disabled={uploading || stored.length === 0}>
              Continue
            </Button>
          </Group>
        )}
      </Group>

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete document" centered>
        <Text>Are you sure you want to delete {toDelete?.DocName}?</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </Group>
      </Modal>
    </KycPage>
  );
}
