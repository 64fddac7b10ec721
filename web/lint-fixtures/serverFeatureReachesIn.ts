// Breaks the feature boundary on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// server/src/billing/charges/x.ts and expects the lint to refuse each of these imports, which reach
// into other features' files instead of their index.ts.
import { startValidatorSyncJob } from '../../staking/syncJob.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Captcha } from '../../captcha/captcha.ts';

export const used = [startValidatorSyncJob, hashPassword];
export type Used = Captcha;
