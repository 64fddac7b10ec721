// /accountStatements (spec 001 'Statement lists'): the monthly account statements; Back to /payment.
import { StatementMessages } from '@payd/schemas';
import { StatementList } from './StatementList.tsx';

export function AccountStatementsPage() {
  return (
    <StatementList
      kind="A"
      title="Account Statements"
      empty={StatementMessages.noAccountStatements}
      back="/payment"
      figure={(r) => `Closing ${String(r.Summary8.closing ?? '0.00')} CR`}
    />
  );
}
