// What the password strength meter shows: the spec's score (0-100), its band and a colour.
import { passwordStrength, strengthBand, type StrengthBand } from '@payd/schemas';

const bandColor: Record<StrengthBand, string> = {
  none: 'gray',
  Weak: 'red',
  Normal: 'orange',
  Good: 'yellow',
  Strong: 'teal',
};

export interface StrengthView {
  score: number;
  band: StrengthBand;
  /** Text beside the bar; empty for an empty password. */
  label: string;
  color: string;
}

export function strengthView(password: string): StrengthView {
  const score = passwordStrength(password);
  const band = strengthBand(score);
  return { score, band, label: band === 'none' ? '' : band, color: bandColor[band] };
}
