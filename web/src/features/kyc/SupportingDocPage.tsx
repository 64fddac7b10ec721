// /supporting-doc: 'Step 2 of 4: Add Supporting Documentation'. The customer picks a document type
// (a proof of address also its date, within 3 months), drops or picks files (png, jpeg, gif, pdf,
// Word, Excel, csv; 10 MB each; 100 in all), images are rescaled to JPEG in the browser, each upload
// shows its progress, and the stored documents are listed with open and delete. Locked for p1, P3,
// P4, AP and DE. Back goes to /personal-detail, Continue to /liveness (steps 1 and 3).
import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../shell/session/session.tsx';
import { UnsavedChangesGuard } from '../../framework/UnsavedChangesGuard.tsx';
import { notifyFailure } from '../../notifications/notify.ts';
import { DocUploadForm } from './DocUploadForm.tsx';
import { KycPage, KycRecordAlerts, KycSpinner } from './KycShell.tsx';
import { KYC_PERSON, usePersonRecord, type Choice, type KycRow } from './kycApi.ts';
import { isLocked } from './kycStatus.ts';
import { defaultDocTypes } from './docRules.ts';
import { openDoc, useDocList } from './docUpload.ts';
import { DeleteDocModal, StoredDocsTable } from './StoredDocsTable.tsx';
import { useDocDeletion, useDocUploads } from './useSupportingDocs.ts';

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

function SupportingDocs({ row }: { row: KycRow }) {
  const api = useApi();
  const navigate = useNavigate();
  const mstId = row.KycPersonId15 ? String(row.KycPersonId15) : null;
  const locked = isLocked(String(row.InternalStatus15 ?? ''));
  const docs = useDocList(mstId);
  const types = useDocTypes();
  const stored = docs.data ?? [];
  const uploads = useDocUploads(mstId, stored.length);
  const deletion = useDocDeletion(mstId);
  const { uploading } = uploads;

  if (!mstId) return <PersonalDetailsFirst />;

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

      {locked ? null : <DocUploadForm uploads={uploads} typeChoices={typeChoices} />}

      <StoredDocsTable
        stored={stored}
        pending={docs.isPending}
        locked={locked}
        uploading={uploading}
        onOpen={(d) => void openDoc(api, mstId, d).catch(notifyFailure)}
        onDelete={deletion.setToDelete}
      />

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

      <DeleteDocModal
        toDelete={deletion.toDelete}
        deleting={deletion.deleting}
        onCancel={() => deletion.setToDelete(null)}
        onConfirm={() => void deletion.confirmDelete()}
      />
    </KycPage>
  );
}

function PersonalDetailsFirst() {
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
}
