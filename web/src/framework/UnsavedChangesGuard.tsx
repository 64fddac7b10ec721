// The unsaved-changes guard: leaving the page (any in-app navigation) with a dirty record asks
// 'Unsaved Changes' / 'You have unsaved changes on this page. Are you sure you want to leave?';
// opening another record of the same screen (from the list, or back/forward to another record's
// address) asks 'You have not saved your changes. Are you sure you want to leave?'. A reload or
// closing the tab gets the browser's own prompt.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { frameworkMessages } from './messages.ts';
import { useT } from '../i18n/useT.ts';

function LeaveModal({
  opened,
  message,
  onStay,
  onLeave,
}: {
  opened: boolean;
  message: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t, message: translated } = useT();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={translated(frameworkMessages.unsavedChangesTitle)}
      centered
    >
      <Text>{translated(message)}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          {t('staff.unsaved.stay')}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t('staff.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}

/** A path of the same screen (its base path or a record under it). */
export function staysOnScreen(pathname: string, basePath: string | undefined): boolean {
  if (!basePath) return false;
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/** The address of a screen's open record (`{basePath}/{key}`), or of the screen when none is open. */
export function recordPath(basePath: string, key: string | null): string {
  return key ? `${basePath}/${encodeURIComponent(key)}` : basePath;
}

/**
 * Which question a navigation from `current` to `next` asks while the record is dirty: none when
 * the path stays on the screen's address or the open record's (nothing reopens: the screen's
 * own address updates),
 * 'record' for another record of the same screen (back/forward, a link), 'page' for leaving.
 */
export function leaveQuestion(
  current: string,
  next: string,
  basePath: string | undefined,
  openKey: string | null,
): 'record' | 'page' | null {
  if (current === next) return null;
  if (!basePath || !staysOnScreen(next, basePath)) return 'page';
  // The screen's own address (a copy has no key yet) and the open record's keep the record.
  return next === basePath || next === recordPath(basePath, openKey) ? null : 'record';
}

/** Blocks navigation away from the record or the page while `dirty`. */
export function UnsavedChangesGuard({
  dirty,
  basePath,
  openKey = null,
  recordMessage = frameworkMessages.unsavedChanges,
}: {
  dirty: boolean;
  basePath?: string;
  /** Key of the open saved record: moving to its own address asks nothing. */
  openKey?: string | null;
  /** The question when another record of the same screen is asked for. */
  recordMessage?: string;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && leaveQuestion(currentLocation.pathname, nextLocation.pathname, basePath, openKey) !== null,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return (
    <LeaveModal
      opened={blocker.state === 'blocked'}
      message={
        blocker.state === 'blocked' && staysOnScreen(blocker.location.pathname, basePath)
          ? recordMessage
          : frameworkMessages.unsavedChangesPage
      }
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}

/** Asks before an in-screen action (open another record, New, Close) throws away a dirty record. */
export function useConfirmDiscard(dirty: boolean, message: string) {
  const [opened, setOpened] = useState(false);
  const pending = useRef<(() => void) | null>(null);
  const confirm = useCallback(
    (action: () => void) => {
      if (!dirty) return action();
      pending.current = action;
      setOpened(true);
    },
    [dirty],
  );
  const modal = (
    <LeaveModal
      opened={opened}
      message={message}
      onStay={() => {
        pending.current = null;
        setOpened(false);
      }}
      onLeave={() => {
        setOpened(false);
        const run = pending.current;
        pending.current = null;
        run?.();
      }}
    />
  );
  return { confirm, modal };
}
