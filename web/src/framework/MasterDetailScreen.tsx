// The generic master/detail screen: everything it shows comes from the server's definitions
// (LoadInitPage: AuthCol, AuthRow, ScreenLabel, ScreenButtonHlp, ScreenHlp, ScreenFilter).
import { Alert, Box, Grid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AccessDeniedPage } from '../shell/navigation/AccessDeniedPage.tsx';
import { PageLoader } from '../shell/PageLoader.tsx';
import { isRecordLocked, visibleButtons, type ButtonContext } from './buttons.ts';
import { CriteriaPanel } from './CriteriaPanel.tsx';
import { DeleteRecordModal } from './DeleteRecordModal.tsx';
import { DetailPanel } from './DetailPanel.tsx';
import { MasterRecordPanel } from './MasterRecordPanel.tsx';
import { frameworkMessages } from './messages.ts';
import { isSaved } from './record.ts';
import { ScreenButtons } from './ScreenButtons.tsx';
import { SearchListPanel } from './SearchListPanel.tsx';
import { UnsavedChangesGuard, useConfirmDiscard } from './UnsavedChangesGuard.tsx';
import { useMasterDetail, type MasterDetailState, type ScreenConfig } from './useMasterDetail.ts';
import { useRecordDocuments } from './useRecordDocuments.ts';
import { useRecordKeySync } from './useRecordKeySync.ts';
import { useRecordFocus, useSaveKeepingFocus } from './useScreenFocus.ts';
import type { ButtonType } from '@payd/schemas';
import { useT } from '../i18n/useT.ts';

export interface MasterDetailScreenProps {
  config: ScreenConfig;
  /** Extra content under the master form for the open record (e.g. a status history). */
  renderExtra?: (mst: Record<string, unknown>) => ReactNode;
  /** A note under one master field of the open record (e.g. the identity checks beside the status). */
  /** A note under a field: `mst` as edited, `saved` as the server last gave it. */
  renderFieldNote?: (
    column: string,
    mst: Record<string, unknown>,
    saved: Record<string, unknown> | undefined,
  ) => ReactNode;
  /** Record to open (e.g. from the URL); a failure shows 'failed to load required record {id}'. */
  mstId?: string;
  /** Told the key of the open saved record (null when none), e.g. to keep it in the URL. */
  onRecordKey?: (key: string | null) => void;
  /** Paths starting with this stay on the screen: no unsaved-changes prompt between them. */
  basePath?: string;
  /** DrillDown of the open saved record (the button shows when the server enables it). */
  onDrillDown?: (key: string, mst: Record<string, unknown>) => void;
  /** Quick search the list starts with (e.g. from a DrillDown link). */
  initialSearch?: string;
  /** Shown under the screen's title, above the lists (e.g. a summary of the whole table). */
  header?: ReactNode;
}

export function MasterDetailScreen({
  config,
  renderExtra,
  renderFieldNote,
  onDrillDown,
  mstId,
  onRecordKey,
  basePath,
  initialSearch,
  header,
}: MasterDetailScreenProps) {
  const { t } = useT();
  const screen = useMasterDetail(config, { initialSearch });
  const rec = screen.record;
  const key = isSaved(rec?.mst, config.keys) ? String(rec!.mst[config.keys.mstKey]) : null;
  const ready = Boolean(screen.page);
  useRecordKeySync({ ready, mstId, openKey: key, open: screen.open, onRecordKey });
  const documents = useRecordDocuments(screen.svc, key, rec?.mst, screen.columns.master);
  const discardMessage = screen.page?.ScreenHlp?.UnsavedChangesMsg || frameworkMessages.unsavedChanges;
  const { confirm, modal } = useConfirmDiscard(screen.dirty, discardMessage);
  const actions = useScreenActions({ screen, recordKey: key, onDrillDown, confirm });

  if (screen.init.isPending) return <PageLoader />;
  if (screen.accessDenied) return <AccessDeniedPage />;
  if (screen.init.isError || !screen.page)
    return (
      <Alert color="red" m="md" title={t('framework.screen.loadFailed')}>
        {(screen.init.error as Error | null)?.message}
      </Alert>
    );

  const hlp = screen.page.ScreenHlp;
  const locked = isRecordLocked(screen.rowFlags ?? screen.screenFlags, key !== null);
  const { buttons, toRecord } = actions;

  return (
    <Box py="md" px={{ base: 0, sm: 'md' }}>
      <UnsavedChangesGuard
        dirty={screen.dirty}
        basePath={basePath}
        openKey={key}
        recordMessage={discardMessage}
      />
      {modal}
      <DeleteRecordModal
        opened={actions.confirmingDelete}
        onClose={() => actions.setConfirmingDelete(false)}
        onDelete={() => void screen.remove()}
      />
      <Stack gap="sm">
        <ScreenHeading title={hlp?.ScreenTitle} help={hlp?.ScreenHelp} />
        {header}
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <CriteriaPanel screen={screen} />
              <SearchListPanel
                screen={screen}
                selectedKey={key}
                onOpen={(k) => toRecord(() => screen.open(k))}
                listButtons={buttons('list', t('framework.screen.listActions'))}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <MasterRecordPanel
                screen={screen}
                recordKey={key}
                locked={locked}
                headingRef={actions.recordHeading}
                buttons={buttons('master', t('framework.screen.recordActions'))}
                documents={documents}
                renderExtra={renderExtra}
                renderFieldNote={renderFieldNote}
              />
              {screen.columns.detail.length > 0 && rec && (
                <DetailPanel
                  screen={screen}
                  locked={locked}
                  rowButtons={buttons('detail', t('framework.screen.detailActions'))}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Box>
  );
}

/**
 * What the screen's buttons do, and their toolbars: opening a record asks about unsaved changes
 * first and moves the focus to it; saving keeps the focus; deleting asks for a confirmation.
 */
function useScreenActions({
  screen,
  recordKey,
  onDrillDown,
  confirm,
}: {
  screen: MasterDetailState;
  recordKey: string | null;
  onDrillDown: MasterDetailScreenProps['onDrillDown'];
  /** Runs its argument after the unsaved-changes prompt (at once when nothing is unsaved). */
  confirm: (then: () => void) => void;
}) {
  const { recordHeading, focusRecord } = useRecordFocus(
    screen.loadingRecord ? null : (screen.record?.mst ?? null),
  );
  const saveKeepingFocus = useSaveKeepingFocus(screen.saving, screen.save);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** Runs after the unsaved-changes prompt and moves the focus to the record it shows. */
  const toRecord = (show: () => Promise<void>) =>
    confirm(() => {
      focusRecord.current = true;
      void show();
    });
  const run = buttonActions({
    screen,
    key: recordKey,
    onDrillDown,
    toRecord,
    saveKeepingFocus,
    confirmDelete: () => setConfirmingDelete(true),
  });
  const buttons = (placement: 'list' | 'master' | 'detail', label: string) => (
    <ScreenButtons
      shown={visibleButtons(screen.page?.ScreenButtonHlp ?? [], placement, buttonContext(screen, recordKey))}
      label={label}
      saving={screen.saving}
      run={run}
      drillDown={Boolean(onDrillDown)}
    />
  );
  return { recordHeading, toRecord, buttons, confirmingDelete, setConfirmingDelete };
}

function ScreenHeading({ title, help }: { title: string | undefined; help: string | undefined }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {help && (
        <Text c="dimmed" size="sm">
          {help}
        </Text>
      )}
    </div>
  );
}

/** What each of the screen's buttons does. */
function buttonActions({
  screen,
  key,
  onDrillDown,
  toRecord,
  saveKeepingFocus,
  confirmDelete,
}: {
  screen: MasterDetailState;
  key: string | null;
  onDrillDown: MasterDetailScreenProps['onDrillDown'];
  toRecord: (show: () => Promise<void>) => void;
  saveKeepingFocus: (close: boolean) => void;
  confirmDelete: () => void;
}): Record<ButtonType, () => void> {
  const rec = screen.record;
  return {
    New: () => toRecord(screen.newRecord),
    Copy: () => screen.copy(),
    Delete: confirmDelete,
    Save: () => saveKeepingFocus(false),
    SaveClose: () => saveKeepingFocus(true),
    DrillDown: () => key && rec && onDrillDown?.(key, rec.mst),
    InsRow: () => void screen.insertRow(),
    CopyRow: () => screen.copyRow(),
    DelRow: () => screen.deleteRow(),
    NewSaveDtl: () => saveKeepingFocus(false),
  };
}

/** What the buttons depend on: the row's flags (the screen's for a new record) and what is open. */
function buttonContext(screen: MasterDetailState, key: string | null): ButtonContext {
  return {
    flags: screen.rowFlags ?? screen.screenFlags,
    hasMaster: Boolean(screen.record),
    masterSaved: key !== null,
    hasDetail: screen.detailIndex !== null,
    hasDetailTable: screen.columns.detail.length > 0,
  };
}
