// Password strength score and bands of spec 002 section 5.

export type StrengthBand = 'none' | 'Weak' | 'Normal' | 'Good' | 'Strong';

export function passwordStrength(password: string): number {
  if (!password) return 0;
  let score = 0;
  const seen = new Map<string, number>();
  for (const ch of password) {
    const n = (seen.get(ch) ?? 0) + 1;
    seen.set(ch, n);
    score += 5 / n;
  }
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /\W/].filter((re) => re.test(password)).length;
  score += Math.max(0, classes - 1) * 10;
  if (password.length >= 8) score += 40;
  else if (password.length >= 6) score += 20;
  return Math.min(100, Math.floor(score));
}

export function strengthBand(score: number): StrengthBand {
  if (score <= 0) return 'none';
  if (score <= 30) return 'Weak';
  if (score <= 60) return 'Normal';
  if (score <= 80) return 'Good';
  return 'Strong';
}
