// The upload part of the supporting documents step: document type and date, the drop zone, and
// the progress of each file being uploaded.
import { Group, Input, Progress, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { MAX_DOC_BYTES, MAX_DOC_FILES, acceptMap, formatSize } from './docRules.ts';
import type { DocUploads, InFlight } from './useSupportingDocs.ts';

export function DocUploadForm({
  uploads,
  typeChoices,
}: {
  uploads: DocUploads;
  typeChoices: { value: string; label: string }[];
}) {
  const { docType, docDate, isPoa, uploading } = uploads;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          id="kyc-docType"
          label="Document type"
          placeholder="Select"
          withAsterisk
          data={typeChoices}
          value={docType}
          onChange={uploads.chooseType}
          error={uploads.typeError}
          disabled={uploading}
          allowDeselect={false}
        />
        <TextInput
          id="kyc-docDate"
          label="Document date"
          type="date"
          withAsterisk={isPoa}
          description={isPoa ? 'The date printed on the proof of address' : 'Needed for a proof of address'}
          value={isPoa ? docDate : ''}
          onChange={(e) => uploads.chooseDate(e.currentTarget.value)}
          disabled={!isPoa || uploading}
          error={uploads.dateError}
        />
      </SimpleGrid>
      <Input.Wrapper
        id="kyc-docFiles"
        label="Files"
        description={`png, jpeg, gif, pdf, Word, Excel or csv; up to ${formatSize(MAX_DOC_BYTES)} each, ${MAX_DOC_FILES} files in all. Images are resized and sent as JPEG.`}
        error={uploads.fileError}
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
      {uploads.inFlight.length > 0 ? <UploadProgress inFlight={uploads.inFlight} /> : null}
    </Stack>
  );
}

function UploadProgress({ inFlight }: { inFlight: InFlight[] }) {
  return (
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
  );
}
