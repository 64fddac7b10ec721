// Where the keyboard focus goes on a master/detail screen: to the record's heading when a record
// the person asked for shows, and back to the pressed button after a save.
import { useEffect, useRef } from 'react';
import type { WireRow } from '@payd/schemas';

/** Keyboard and screen-reader users land on the record they asked for (a list item, New): focus
 * moves to the record's heading once it shows, instead of staying in the list. Set
 * `focusRecord.current` before asking for the record. */
export function useRecordFocus(shownRecord: WireRow | null) {
  const recordHeading = useRef<HTMLHeadingElement>(null);
  const focusRecord = useRef(false);
  useEffect(() => {
    if (!shownRecord || !focusRecord.current || !recordHeading.current) return;
    focusRecord.current = false;
    recordHeading.current.focus({ preventScroll: true });
    recordHeading.current.scrollIntoView?.({ block: 'nearest' });
  }, [shownRecord]);
  return { recordHeading, focusRecord };
}

/** Saving disables the buttons, which drops the focus of the one pressed to the page's start: it
 * goes back to that button (or wherever the person was) once the save is done. */
export function useSaveKeepingFocus(saving: boolean, save: (close: boolean) => Promise<boolean>) {
  const focusBeforeSave = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const before = focusBeforeSave.current;
    if (saving || !before) return;
    focusBeforeSave.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && before.isConnected) before.focus({ preventScroll: true });
  }, [saving]);
  return (close: boolean) => {
    focusBeforeSave.current = document.activeElement as HTMLElement | null;
    void save(close);
  };
}
