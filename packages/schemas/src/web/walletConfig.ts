// Optional wallet settings of /config.json that the web app's header reads beside webConfig:
// token addresses of the configured chain. Absent keys hide what depends on them. zod/mini, like
// webConfig: it is checked before the first page.
import * as z from 'zod/mini';

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

export const webWalletConfig = z.object({
  contracts: z._default(
    z.optional(
      z.object({
        /** FTX token of the configured chain; the header shows the FTX balance when set. */
        ftxToken: z.optional(address),
        /** MultipleDeposit contract of the configured chain: the stake screen sends deposits to it. */
        multipleDeposit: z.optional(address),
      }),
    ),
    {},
  ),
});
export type WebWalletConfig = z.infer<typeof webWalletConfig>;
