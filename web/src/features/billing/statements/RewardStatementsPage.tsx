// /rewardStatements (spec 001 'Statement lists'): the monthly reward statements; Back to /dashboard.
import { StatementMessages } from '@payd/schemas';
import { formatDecimal } from '../../../ui/decimal.ts';
import { StatementList } from './StatementList.tsx';
import { formatNumber } from '@payd/i18n';
import { useT } from '../../../i18n/useT.ts';

export function RewardStatementsPage() {
  const { t } = useT();
  return (
    <StatementList
      kind="R"
      title={t('statements.reward.title')}
      empty={StatementMessages.noRewardStatements}
      back="/dashboard"
      figure={(r, lang) => {
        const total = (r.Summary8.total ?? {}) as Record<string, string>;
        const amount = formatNumber(lang, formatDecimal(total.closing ?? '0', 8) as unknown as number, {
          minimumFractionDigits: 8,
          maximumFractionDigits: 8,
        });
        return t('statements.rewardClosing', { amount });
      }}
      detail={(r) => `/rewardStatementDetail?id=${r.StmtId8}`}
    />
  );
}
