// Breaks the web's layers on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// web/src/shell/navigation/x.ts and expects the lint to refuse each of these imports: the app shell
// imports no feature, nor the framework or the route table above it.
import { KycDeclinedCheck } from '../../features/kyc/KycDeclinedCheck.tsx';
import { MasterDetailScreen } from '../../framework/index.ts';
import { routes } from '../../routes/router.tsx';

export const used = [KycDeclinedCheck, MasterDetailScreen, routes];
