// /accountStatements (spec 001 'Statement lists'): the monthly account statements; Back to /payment.
import { StatementMessages } from '@payd/schemas';
import { StatementList } from './StatementList.tsx';
import { formatNumber } from '@payd/i18n';
import { useT } from '../../../i18n/useT.ts';

export function AccountStatementsPage() {
  const { t } = useT();
  return (
    <StatementList
      kind="A"
      title={t('statements.account.title')}
      empty={StatementMessages.noAccountStatements}
      back="/payment"
      figure={(r, lang) => {
        // Decimal strings go to Intl as they are (exact); 2 places, as credits are booked.
        const amount = formatNumber(lang, String(r.Summary8.closing ?? '0.00') as unknown as number, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        return t('statements.accountClosing', { amount });
      }}
    />
  );
}
