// The dashboard's transactions card state: the loaded history and its pager, the daily reward
// row opened in the modal, and the Export (dashboardFlow.ts, with the API injected).
import { useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { downloadBytes } from '../../framework/download.ts';
import { notify } from '../../notifications/notify.ts';
import { HISTORY_FIRST_LOAD, useHistory } from './dashboardApi.ts';
import { exportTransactions, historyPage, limitForPage } from './dashboardFlow.ts';
import { EXPORT_COLUMNS, type TxExportWords, type TxRow } from './txRules.ts';
import { txStatusWords, txTypeWords, txValidatorWords } from './dashboardTexts.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

/** The export's sheet in the reader's language. */
export function exportWords(tr: Translate): TxExportWords {
  return {
    sheetName: tr.t('dash.tx.title'),
    fileTitle: tr.t('dash.tx.fileTitle'),
    header: EXPORT_COLUMNS.map((c) => tr.t(`dash.tx.column.${c.replace(' ', '')}`)),
    status: (r) => txStatusWords(tr, r),
    type: (r) => txTypeWords(tr, r),
    validator: (r) => txValidatorWords(tr, r),
  };
}

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
  const tr = useT();
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
      const file = await exportTransactions({
        ...d,
        loadXlsx: () => import('@payd/files'),
        now: new Date(),
        words: exportWords(tr),
      });
      downloadBytes(file.bytes, file.fileName, file.mime);
    } catch (e) {
      const reason = String((e as Error)?.message ?? e);
      notify({ msgType: 'E', message: tr.t('dash.tx.exportFailed', { reason }) });
    } finally {
      setExporting(false);
    }
  };
  return { history, rows, shown, page, totalPages, onPage, onExport, exporting, opened, setOpened };
}
