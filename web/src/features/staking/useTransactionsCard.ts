// The dashboard's transactions card state: the loaded history and its pager, the daily reward
// row opened in the modal, and the Export (dashboardFlow.ts, with the API injected).
import { useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { downloadBytes } from '../../framework/download.ts';
import { notify } from '../../notifications/notify.ts';
import { HISTORY_FIRST_LOAD, useHistory } from './dashboardApi.ts';
import { exportFailedMessage, exportTransactions, historyPage, limitForPage } from './dashboardFlow.ts';
import type { TxRow } from './txRules.ts';

export function useTransactionsCard(d: {
  api: ApiClient;
  address: string;
  chainId: number | undefined;
  beaconUrl: string | null | undefined;
}) {
  const [opened, setOpened] = useState<TxRow | null>(null);
  const [limit, setLimit] = useState(HISTORY_FIRST_LOAD);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const history = useHistory(d.address, limit);
  const rows = history.data ?? [];
  const { shown, totalPages } = historyPage(rows, limit, page);
  const onPage = (p: number) => {
    setLimit((l) => limitForPage(rows.length, l, p));
    setPage(p);
  };
  const onExport = async () => {
    setExporting(true);
    try {
      const file = await exportTransactions({ ...d, loadXlsx: () => import('@payd/files'), now: new Date() });
      downloadBytes(file.bytes, file.fileName, file.mime);
    } catch (e) {
      notify({ msgType: 'E', message: exportFailedMessage(e) });
    } finally {
      setExporting(false);
    }
  };
  return { history, rows, shown, page, totalPages, onPage, onExport, exporting, opened, setOpened };
}
