// The master record section of a master/detail screen: a loader, the 'no record' note, or the
// open record with its heading, buttons, errors and fields.
import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { PageLoader } from '../shell/PageLoader.tsx';
import { FieldInput } from './FieldInput.tsx';
import type { RecordDocuments } from './useRecordDocuments.ts';
import type { MasterDetailState } from './useMasterDetail.ts';
import type { WireRow } from '@payd/schemas';
import { useT } from '../i18n/useT.ts';

export interface MasterRecordPanelProps {
  screen: MasterDetailState;
  /** Key of the open record when it is saved. */
  recordKey: string | null;
  locked: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The record's toolbar. */
  buttons: ReactNode;
  documents: RecordDocuments;
  renderExtra?: (mst: Record<string, unknown>) => ReactNode;
  /** A note under a field: `mst` as edited, `saved` as the server last gave it. */
  renderFieldNote?: (
    column: string,
    mst: Record<string, unknown>,
    saved: Record<string, unknown> | undefined,
  ) => ReactNode;
}

export function MasterRecordPanel(props: MasterRecordPanelProps) {
  const { screen } = props;
  const rec = screen.record;
  const { t } = useT();
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={t('staff.record.master')}
      aria-busy={screen.loadingRecord || screen.saving}
    >
      {screen.loadingRecord ? (
        <PageLoader />
      ) : !rec ? (
        <Stack gap="xs">
          {screen.loadError && <Alert color="red">{screen.loadError}</Alert>}
          <Text c="dimmed" role="status">
            {screen.page?.ScreenHlp?.NoMasterMsg || t('framework.noMaster')}
          </Text>
        </Stack>
      ) : (
        <OpenRecord {...props} mst={rec.mst} />
      )}
    </Paper>
  );
}

function OpenRecord({
  screen,
  recordKey,
  headingRef,
  buttons,
  documents,
  mst,
  locked,
  renderExtra,
  renderFieldNote,
}: MasterRecordPanelProps & { mst: WireRow }) {
  const { documentCount, zipping, downloadZip } = documents;
  const { t } = useT();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1} className="mantine-focus-auto">
          {recordKey !== null ? t('staff.record.title', { key: recordKey }) : t('staff.record.new')}
          {screen.dirty && (
            <Text span c="orange" size="sm" ml="xs">
              {t('staff.record.unsaved')}
            </Text>
          )}
        </Title>
        {screen.saving && (
          <Text size="sm" c="dimmed" role="status">
            {t('staff.record.saving')}
          </Text>
        )}
      </Group>
      <Group justify="space-between" gap="xs">
        {buttons}
        {recordKey !== null && documentCount > 0 && (
          <Button
            size="sm"
            variant="light"
            loading={zipping}
            onClick={() => void downloadZip()}
            aria-label={t('staff.record.zipLabel', { count: documentCount })}
          >
            {t('staff.record.zip')}
          </Button>
        )}
      </Group>
      {screen.errMsg && (
        <Alert color="red" role="alert">
          {screen.errMsg}
        </Alert>
      )}
      <MasterFields
        screen={screen}
        mst={mst}
        locked={locked}
        documents={documents}
        renderFieldNote={renderFieldNote}
      />
      {renderExtra?.(mst)}
    </Stack>
  );
}

const wide = (t: string) => t === 'document' || t === 'image';

function MasterFields({
  screen,
  mst,
  locked,
  documents,
  renderFieldNote,
}: Pick<MasterRecordPanelProps, 'screen' | 'locked' | 'documents' | 'renderFieldNote'> & { mst: WireRow }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {screen.columns.master.map((c) => (
        <Box key={c.name} style={wide(c.type) ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput
            column={c}
            row={mst}
            locked={locked}
            error={screen.fieldErrors[c.name]}
            choices={screen.supporting[`Get${c.name}List`]}
            onOpenDocument={(d) => void documents.openDocument(c.name, d)}
            onChange={(v, text) => {
              screen.setField(c.name, v);
              if (c.type === 'dropdown') screen.setField(`${c.name}Text`, text ?? null);
            }}
          />
          {renderFieldNote?.(c.name, mst, screen.loaded?.mst)}
        </Box>
      ))}
    </SimpleGrid>
  );
}
