// The master/detail screen and the URL agree on the open record.
import { useEffect, useRef } from 'react';

/** Opens the record asked for by `mstId` once the screen is ready and tells `onRecordKey` the key
 * of the open saved record. A URL that follows the screen does not reopen the record, and a failed
 * load leaves the URL as it was. */
export function useRecordKeySync({
  ready,
  mstId,
  openKey,
  open,
  onRecordKey,
}: {
  ready: boolean;
  mstId: string | undefined;
  openKey: string | null;
  open: (key: string) => Promise<void>;
  onRecordKey: ((key: string | null) => void) | undefined;
}) {
  const requested = useRef<string | null>(null);
  const reported = useRef<string | null>(null);
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
}
