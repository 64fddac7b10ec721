// What the accounts-and-access feature needs, passed in by buildApp (never imported globals).
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Captcha } from '../captcha/index.ts';
import type { CountryLookup } from '../geo/index.ts';
import type { TokenService } from './tokens.ts';
import type { Counters } from '../db/counters.ts';
import type { EmailCodes } from './emailCodes.ts';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  captcha: Captcha;
  countries: CountryLookup;
  tokens: TokenService;
  counters: Counters;
  emailCodes: EmailCodes;
}
