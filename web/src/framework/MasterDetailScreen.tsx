// The generic master/detail screen: everything it shows comes from the server's definitions
// (LoadInitPage: AuthCol, AuthRow, ScreenLabel, ScreenButtonHlp, ScreenHlp, ScreenFilter).
import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AccessDeniedPage } from '../routes/AccessDeniedPage.tsx';
import { PageLoader } from '../routes/RouteGuards.tsx';
import { notifyFailure } from '../notifications/notify.ts';
import { visibleButtons, type ButtonContext, type ShownButton } from './buttons.ts';
import { CriteriaPanel } from './CriteriaPanel.tsx';
import { DetailPanel } from './DetailPanel.tsx';
import { downloadBase64 } from './download.ts';
import { FieldInput } from './FieldInput.tsx';
import { frameworkMessages } from './messages.ts';
import { isSaved } from './record.ts';
import { SearchListPanel } from './SearchListPanel.tsx';
import { UnsavedChangesGuard, useConfirmDiscard } from './UnsavedChangesGuard.tsx';
import { useMasterDetail, type ScreenConfig } from './useMasterDetail.ts';
import type { ButtonType, DocumentInfo } from '@payd/schemas';

export interface MasterDetailScreenProps {
  config: ScreenConfig;
  /** Extra content under the master form for the open record (e.g. a status history). */
  renderExtra?: (mst: Record<string, unknown>) => ReactNode;
  /** A note under one master field of the open record (e.g. the identity checks beside the status). */
  renderFieldNote?: (column: string, mst: Record<string, unknown>) => ReactNode;
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
}: MasterDetailScreenProps) {
  const screen = useMasterDetail(config, { initialSearch });
  const openKey = isSaved(screen.record?.mst, config.keys)
    ? String(screen.record!.mst[config.keys.mstKey])
    : null;
  // The record asked for by mstId, and the open record last reported: a URL that follows the
  // screen does not reopen the record, and a failed load leaves the URL as it was.
  const requested = useRef<string | null>(null);
  const reported = useRef<string | null>(null);
  const ready = Boolean(screen.page);
  const { open } = screen;
  useEffect(() => {
    if (!ready || !mstId || mstId === requested.current) return;
    requested.current = mstId;
    void open(mstId);
  }, [ready, mstId, open]);
  useEffect(() => {
    if (!ready || openKey === reported.current) return;
    reported.current = openKey;
    requested.current = openKey;
    onRecordKey?.(openKey);
  }, [ready, openKey, onRecordKey]);
  // Keyboard and screen-reader users land on the record they asked for (a list item, New): focus
  // moves to the record's heading once it shows, instead of staying in the list.
  const recordHeading = useRef<HTMLHeadingElement>(null);
  const focusRecord = useRef(false);
  const shownRecord = screen.loadingRecord ? null : (screen.record?.mst ?? null);
  useEffect(() => {
    if (!shownRecord || !focusRecord.current || !recordHeading.current) return;
    focusRecord.current = false;
    recordHeading.current.focus({ preventScroll: true });
    recordHeading.current.scrollIntoView?.({ block: 'nearest' });
  }, [shownRecord]);
  // Saving disables the buttons, which drops the focus of the one pressed to the page's start: it
  // goes back to that button (or wherever the person was) once the save is done.
  const focusBeforeSave = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const before = focusBeforeSave.current;
    if (screen.saving || !before) return;
    focusBeforeSave.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && before.isConnected) before.focus({ preventScroll: true });
  }, [screen.saving]);
  const saveKeepingFocus = (close: boolean) => {
    focusBeforeSave.current = document.activeElement as HTMLElement | null;
    void screen.save(close);
  };
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [zipping, setZipping] = useState(false);
  const discardMessage = screen.page?.ScreenHlp?.UnsavedChangesMsg || frameworkMessages.unsavedChanges;
  const { confirm, modal } = useConfirmDiscard(screen.dirty, discardMessage);

  if (screen.init.isPending) return <PageLoader />;
  if (screen.accessDenied) return <AccessDeniedPage />;
  if (screen.init.isError || !screen.page)
    return (
      <Alert color="red" m="md" title="The screen could not be loaded">
        {(screen.init.error as Error | null)?.message}
      </Alert>
    );

  const hlp = screen.page.ScreenHlp;
  const rec = screen.record;
  const saved = isSaved(rec?.mst, config.keys);
  const key = saved ? String(rec!.mst[config.keys.mstKey]) : null;
  const flags = screen.rowFlags ?? screen.screenFlags;
  const ctx: ButtonContext = {
    flags,
    hasMaster: Boolean(rec),
    masterSaved: saved,
    hasDetail: screen.detailIndex !== null,
    hasDetailTable: screen.columns.detail.length > 0,
  };
  const settings = screen.page.ScreenButtonHlp ?? [];
  const locked =
    !flags || flags.ViewOnly === 'Y' || (saved ? flags.AllowUpd !== 'Y' : flags.AllowAdd !== 'Y');

  const run: Record<ButtonType, () => void> = {
    New: () =>
      confirm(() => {
        focusRecord.current = true;
        void screen.newRecord();
      }),
    Copy: () => screen.copy(),
    Delete: () => setConfirmDelete(true),
    Save: () => saveKeepingFocus(false),
    SaveClose: () => saveKeepingFocus(true),
    DrillDown: () => key && rec && onDrillDown?.(key, rec.mst),
    InsRow: () => void screen.insertRow(),
    CopyRow: () => screen.copyRow(),
    DelRow: () => screen.deleteRow(),
    NewSaveDtl: () => saveKeepingFocus(false),
  };
  const renderButtons = (shown: ShownButton[], label: string) =>
    shown.length === 0 ? null : (
      <Group gap="xs" role="toolbar" aria-label={label}>
        {shown
          .filter((b) => b.type !== 'DrillDown' || onDrillDown)
          .map((b) => (
            <Tooltip key={b.type} label={b.tooltip} disabled={!b.tooltip || b.tooltip === b.label}>
              <Button
                size="sm"
                variant={b.type === 'Save' || b.type === 'SaveClose' ? 'filled' : 'default'}
                color={b.type === 'Delete' || b.type === 'DelRow' ? 'red' : undefined}
                loading={
                  screen.saving && (b.type === 'Save' || b.type === 'SaveClose' || b.type === 'NewSaveDtl')
                }
                disabled={screen.saving}
                onClick={run[b.type]}
              >
                {b.label}
              </Button>
            </Tooltip>
          ))}
      </Group>
    );

  const openDocument = async (column: string, doc: DocumentInfo) => {
    if (!key) return;
    try {
      const d = await screen.svc.getDoc(key, doc.DocId, column);
      downloadBase64(d.base64, d.DocName, d.MimeType);
    } catch (e) {
      notifyFailure(e);
    }
  };

  const downloadZip = async () => {
    if (!key) return;
    setZipping(true);
    try {
      const z = await screen.svc.getDocZip(key);
      downloadBase64(z.base64, z.fileName, z.mimeType);
    } catch (e) {
      notifyFailure(e);
    } finally {
      setZipping(false);
    }
  };
  // Every document of the record in one zip, when it has any (GetDocZipDownload).
  const documentCount = screen.columns.master
    .filter((c) => c.type === 'document')
    .reduce((n, c) => n + (Array.isArray(rec?.mst[c.name]) ? (rec!.mst[c.name] as unknown[]).length : 0), 0);

  const wide = (t: string) => t === 'document' || t === 'image';

  return (
    <Box py="md" px={{ base: 0, sm: 'md' }}>
      <UnsavedChangesGuard
        dirty={screen.dirty}
        basePath={basePath}
        openKey={key}
        recordMessage={discardMessage}
      />
      {modal}
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete" centered>
        <Text>Are you sure you want to delete this record?</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDelete(false)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmDelete(false);
              void screen.remove();
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
      <Stack gap="sm">
        <div>
          <Title order={1} size="h2">
            {hlp?.ScreenTitle}
          </Title>
          {hlp?.ScreenHelp && (
            <Text c="dimmed" size="sm">
              {hlp.ScreenHelp}
            </Text>
          )}
        </div>
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <CriteriaPanel screen={screen} />
              <SearchListPanel
                screen={screen}
                selectedKey={key}
                onOpen={(k) =>
                  confirm(() => {
                    focusRecord.current = true;
                    void screen.open(k);
                  })
                }
                listButtons={renderButtons(visibleButtons(settings, 'list', ctx), 'List actions')}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <Paper
                withBorder
                p="sm"
                component="section"
                aria-label="Master record"
                aria-busy={screen.loadingRecord || screen.saving}
              >
                {screen.loadingRecord ? (
                  <PageLoader />
                ) : !rec ? (
                  <Stack gap="xs">
                    {screen.loadError && <Alert color="red">{screen.loadError}</Alert>}
                    <Text c="dimmed" role="status">
                      {hlp?.NoMasterMsg || frameworkMessages.noMasterSelected}
                    </Text>
                  </Stack>
                ) : (
                  <Stack gap="sm">
                    <Group justify="space-between">
                      <Title
                        order={2}
                        size="h4"
                        ref={recordHeading}
                        tabIndex={-1}
                        className="mantine-focus-auto"
                      >
                        {saved ? `Record ${key}` : 'New record'}
                        {screen.dirty && (
                          <Text span c="orange" size="sm" ml="xs">
                            (unsaved changes)
                          </Text>
                        )}
                      </Title>
                      {screen.saving && (
                        <Text size="sm" c="dimmed" role="status">
                          Saving…
                        </Text>
                      )}
                    </Group>
                    <Group justify="space-between" gap="xs">
                      {renderButtons(visibleButtons(settings, 'master', ctx), 'Record actions')}
                      {saved && documentCount > 0 && (
                        <Button
                          size="sm"
                          variant="light"
                          loading={zipping}
                          onClick={() => void downloadZip()}
                          aria-label={`Download all ${documentCount} documents as a zip`}
                        >
                          Download all documents (zip)
                        </Button>
                      )}
                    </Group>
                    {screen.errMsg && (
                      <Alert color="red" role="alert">
                        {screen.errMsg}
                      </Alert>
                    )}
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      {screen.columns.master.map((c) => (
                        <Box key={c.name} style={wide(c.type) ? { gridColumn: '1 / -1' } : undefined}>
                          <FieldInput
                            column={c}
                            row={rec.mst}
                            locked={locked}
                            error={screen.fieldErrors[c.name]}
                            choices={screen.supporting[`Get${c.name}List`]}
                            onOpenDocument={(d) => void openDocument(c.name, d)}
                            onChange={(v, text) => {
                              screen.setField(c.name, v);
                              if (c.type === 'dropdown') screen.setField(`${c.name}Text`, text ?? null);
                            }}
                          />
                          {renderFieldNote?.(c.name, rec.mst)}
                        </Box>
                      ))}
                    </SimpleGrid>
                    {renderExtra?.(rec.mst)}
                  </Stack>
                )}
              </Paper>
              {screen.columns.detail.length > 0 && rec && (
                <DetailPanel
                  screen={screen}
                  locked={locked}
                  rowButtons={renderButtons(visibleButtons(settings, 'detail', ctx), 'Detail row actions')}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Box>
  );
}
