// Breaks devnet's layers on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// devnet/src/chain/x.ts and expects the lint to refuse each of these imports: the chain imports
// neither the dev beacon nor the devnet's start above it, and devnet never imports the server.
import { startDevBeacon } from '../beacon/devBeacon.ts';
import { startDevnet } from '../devnet.ts';
import { acquireDirLock } from '../../../server/src/db/dirLock.ts';

export const used = [startDevBeacon, startDevnet, acquireDirLock];
