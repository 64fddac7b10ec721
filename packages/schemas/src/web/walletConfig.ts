// Optional wallet settings of /config.json that the web app's header reads beside webConfig:
// token addresses of the configured chain. Absent keys hide what depends on them.
import { z } from 'zod';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const webWalletConfig = z.object({
  contracts: z
    .object({
      /** FTX token of the configured chain; the header shows the FTX balance when set. */
      ftxToken: address.optional(),
      /** MultipleDeposit contract of the configured chain: the stake screen sends deposits to it. */
      multipleDeposit: address.optional(),
    })
    .optional()
    .default({}),
});
export type WebWalletConfig = z.infer<typeof webWalletConfig>;
