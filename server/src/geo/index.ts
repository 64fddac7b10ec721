// The IP-to-country lookup as other features see it (sign-up refuses restricted countries).
export type { CountryLookup } from './country.ts';
