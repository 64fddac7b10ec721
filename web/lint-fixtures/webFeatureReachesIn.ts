// Breaks the feature boundary on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// web/src/features/billing/payment/x.ts and expects the lint to refuse each of these imports, which
// reach into other features' files instead of their index.ts.
import { rewardView } from '../../staking/rewardsFormat.ts';
import { txReducer } from '../../wallet/txStatus.ts';
import { kycStage } from '../../../features/kyc/kycStatus.ts';

export const used = [rewardView, txReducer, kycStage];
