// The upload part of the supporting documents step: document type and date, the drop zone, and
// the progress of each file being uploaded.
import { Group, Input, Progress, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { MAX_DOC_BYTES, MAX_DOC_FILES, acceptMap, formatSize } from './docRules.ts';
import type { DocUploads, InFlight } from './useSupportingDocs.ts';
import { formatNumber } from '@payd/i18n';
import { useT } from '../../i18n/useT.ts';

export function DocUploadForm({
  uploads,
  typeChoices,
}: {
  uploads: DocUploads;
  typeChoices: { value: string; label: string }[];
}) {
  const { docType, docDate, isPoa, uploading } = uploads;
  const { t, message, lang } = useT();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          id="kyc-docType"
          label={t('kyc.docs.type')}
          placeholder={t('common.select')}
          withAsterisk
          data={typeChoices}
          value={docType}
          onChange={uploads.chooseType}
          error={message(uploads.typeError)}
          disabled={uploading}
          allowDeselect={false}
        />
        <TextInput
          id="kyc-docDate"
          label={t('kyc.docs.date')}
          type="date"
          withAsterisk={isPoa}
          description={isPoa ? t('kyc.docs.dateHint') : t('kyc.docs.dateNeeded')}
          value={isPoa ? docDate : ''}
          onChange={(e) => uploads.chooseDate(e.currentTarget.value)}
          disabled={!isPoa || uploading}
          error={message(uploads.dateError)}
        />
      </SimpleGrid>
      <Input.Wrapper
        id="kyc-docFiles"
        label={t('kyc.docs.files')}
        description={t('kyc.docs.filesHint', {
          size: formatSize(MAX_DOC_BYTES),
          count: formatNumber(lang, MAX_DOC_FILES),
        })}
        error={message(uploads.fileError)}
      >
        <Dropzone
          mt={6}
          onDrop={() => {}}
          onDropAny={(files: FileWithPath[], rejected) =>
            void uploads.upload([...files, ...rejected.map((r) => r.file)])
          }
          accept={acceptMap}
          multiple
          loading={uploading}
          disabled={uploading}
          inputProps={{ 'aria-label': t('kyc.docs.choose') }}
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
            <Text fw={500} ta="center">
              {t('kyc.docs.drag')}
            </Text>
            <Text size="sm" c="dimmed">
              {docType
                ? t('kyc.docs.as', { type: typeChoices.find((c) => c.value === docType)?.label ?? docType })
                : t('kyc.docs.typeFirst')}
            </Text>
          </Stack>
        </Dropzone>
      </Input.Wrapper>
      {uploads.inFlight.length > 0 ? <UploadProgress inFlight={uploads.inFlight} /> : null}
    </Stack>
  );
}

function UploadProgress({ inFlight }: { inFlight: InFlight[] }) {
  const { t } = useT();
  return (
    <Stack gap={6} aria-label={t('kyc.docs.inProgress')} role="status">
      {inFlight.map((f, i) => (
        <div key={`${i}-${f.name}`}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{f.name}</Text>
            <Text size="xs" c="dimmed">
              {f.stage === 'preparing' ? t('kyc.docs.preparing') : t('kyc.docs.percent', { pct: f.pct })}
            </Text>
          </Group>
          <Progress
            value={f.stage === 'preparing' ? 0 : f.pct}
            aria-label={t('kyc.docs.uploadOf', { name: f.name })}
          />
        </div>
      ))}
    </Stack>
  );
}
