// After a deposit the dashboard leads the customer to top up (issue 24 item 6): the validators'
// daily fee, how long the credits last, and a button to /payment. Shown when the stake flow
// arrives with `state.deposited` (StakePage), until the customer tops up or leaves the page.
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useBalance, useRates } from '../billing/index.ts';
import { feeView, rowsDailyFee } from './stakeFees.ts';
import type { ValidatorRow } from './validatorsRules.ts';
import { feeTexts } from './StakeReviewModal.tsx';
import { useT } from '../../i18n/useT.ts';

/** `validators`: the dashboard's list, which holds the new ones before the balance counts them. */
export function TopUpPrompt({ validators }: { validators: readonly ValidatorRow[] }) {
  const location = useLocation();
  const deposited = (location.state as { deposited?: boolean } | null)?.deposited === true;
  const rates = useRates();
  const credits = useBalance();
  const tr = useT();
  const { t } = tr;
  if (!deposited || !rates.data || !credits.data) return null;
  // The list's fees (the new validators at the effective balance they start with) or the account's.
  const listed = rowsDailyFee(validators, rates.data.CR);
  const useListed = listed.validators >= credits.data.Validators;
  const count = useListed ? listed.validators : credits.data.Validators;
  if (count < 1) return null;
  const dailyFee = useListed ? listed.fee : (credits.data.DailyCharge ?? listed.fee);
  const fees = feeView({ cr: rates.data.CR, validators: count, dailyFee }, credits.data.Credits);
  if (!fees.low) return null;
  const texts = feeTexts(tr, fees.figures);
  return (
    <Alert color="orange" variant="light" title={t('dash.topUp.title')} data-testid="top-up-prompt">
      <Text fz="sm">{t('dash.topUp.cost', { fee: texts.fee, runway: texts.runway })}</Text>
      <Group mt="sm">
        <Button component={Link} to="/payment" size="sm">
          {t('dash.topUp.button')}
        </Button>
      </Group>
    </Alert>
  );
}
