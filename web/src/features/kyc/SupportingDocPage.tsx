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
import { kycPersonScreen, usePersonRecord, type KycRow } from './kycApi.ts';
import { isLocked } from './kycStatus.ts';
import { defaultDocTypes } from './docRules.ts';
import { openDoc, useDocList } from './docUpload.ts';
import { DeleteDocModal, StoredDocsTable } from './StoredDocsTable.tsx';
import { useDocDeletion, useDocUploads } from './useSupportingDocs.ts';
import { useT } from '../../i18n/useT.ts';

function useDocTypes() {
  const api = useApi();
  return useQuery({
    queryKey: ['kyc', 'docTypes'],
    queryFn: async () => {
      const r = await api.call(kycPersonScreen.dropdown('DocTypeCd'), { query: '', topN: 50 });
      return r.data?.length ? r.data : defaultDocTypes;
    },
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

export function SupportingDocPage() {
  const { t } = useT();
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  if (person.isError) return <KycPage title={t('kyc.docs.title')}>{t('kyc.personal.notLoaded')}</KycPage>;
  return <SupportingDocs row={person.data} />;
}

function SupportingDocs({ row }: { row: KycRow }) {
  const api = useApi();
  const navigate = useNavigate();
  const { t, message } = useT();
  const mstId = row.KycPersonId15 ? String(row.KycPersonId15) : null;
  const locked = isLocked(String(row.InternalStatus15 ?? ''));
  const docs = useDocList(mstId);
  const types = useDocTypes();
  const stored = docs.data ?? [];
  const uploads = useDocUploads(mstId, stored.length);
  const deletion = useDocDeletion(mstId);
  const { uploading } = uploads;

  if (!mstId) return <PersonalDetailsFirst />;

  const typeChoices = (types.data ?? defaultDocTypes).map((c) => ({ value: c.key, label: message(c.label) }));

  return (
    <KycPage title={t('kyc.docs.title')} size="md" subtitle={t('kyc.docs.subtitle')}>
      <UnsavedChangesGuard dirty={uploading} />
      <KycRecordAlerts
        row={row}
        lockedTitle={t('kyc.docs.lockedTitle')}
        lockedText={t('kyc.docs.lockedText')}
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
          {t('common.back')}
        </Button>
        {locked ? null : (
          <Group gap="sm">
            {stored.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('kyc.docs.atLeastOne')}
              </Text>
            ) : null}
            <Button onClick={() => void navigate('/liveness')} disabled={uploading || stored.length === 0}>
              {t('common.continue')}
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
  const { t } = useT();
  return (
    <KycPage title={t('kyc.docs.title')}>
      <Alert color="blue" variant="light" title={t('kyc.docs.personalFirstTitle')}>
        {t('kyc.docs.personalFirst')}
      </Alert>
      <Group>
        <Button component={Link} to="/personal-detail">
          {t('kyc.docs.goPersonal')}
        </Button>
      </Group>
    </KycPage>
  );
}
