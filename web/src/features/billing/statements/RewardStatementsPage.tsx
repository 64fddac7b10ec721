// /rewardStatements (spec 001 'Statement lists'): the monthly reward statements; Back to /dashboard.
import { StatementMessages } from '@payd/schemas';
import { formatDecimal } from '../../../ui/decimal.ts';
import { StatementList } from './StatementList.tsx';

export function RewardStatementsPage() {
  return (
    <StatementList
      kind="R"
      title="Reward Statements"
      empty={StatementMessages.noRewardStatements}
      back="/dashboard"
      figure={(r) => {
        const total = (r.Summary8.total ?? {}) as Record<string, string>;
        return `Closing ${formatDecimal(total.closing ?? '0', 8)} ETH`;
      }}
      detail={(r) => `/rewardStatementDetail?id=${r.StmtId8}`}
    />
  );
}
