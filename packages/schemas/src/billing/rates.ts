// The rates of a credit (spec 001 section 3 'Rates: USD, FTX, ETH, CR'; Pricing page: 'credit
// amount equals USD, ETH and FTX rates'). StakePaymentWs GetRates returns them; all are exact
// decimal strings (never floats). A rate of '0' means there is no price for that currency now,
// and paying in it is disabled (spec 001 section 5).

export interface Rates {
  /** USD price of one credit (configuration; card payments charge credits × USD × discount). */
  USD: string;
  /** ETH price of one credit: USD ÷ the ETH/USD price of the protocol's price feed (18 decimals). */
  ETH: string;
  /** FTX price of one credit: USD ÷ the FTX/USD price of the FTX price source (18 decimals). */
  FTX: string;
  /**
   * Credits charged per validator per UTC day (configuration). The daily charge of a validator in
   * USD is CR × USD (spec 001 section 9: 'Daily charge per validator equals the USD rate' with
   * CR 1).
   */
  CR: string;
}

/** The body of GetRates' reply (data). */
export type RatesReply = Rates;

/** The note of the Pricing page (spec 001 section 2). */
export const PRICING_NOTE =
  'Prices are shown for convenience only and may not match listed conversion rates.';
