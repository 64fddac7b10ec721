import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT.ts';

/** The word mark: a name, the same in every language. */
const WORD_MARK = 'payd';

/** The payd word mark; links to the start page. */
export function Brand({ size = 28 }: { size?: number }) {
  const { t } = useT();
  return (
    <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }} aria-label={t('shell.brand')}>
      <Group gap={8} wrap="nowrap">
        <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden>
          <rect width="32" height="32" rx="8" fill="var(--mantine-color-payd-5)" />
          <path
            d="M10 24V8h7a5 5 0 0 1 0 10h-3v6z M14 14h3a1.5 1.5 0 0 0 0-3h-3z"
            fill="#fff"
            fillRule="evenodd"
          />
        </svg>
        <Text fw={800} fz={size * 0.75} lh={1} style={{ letterSpacing: '-0.02em' }}>
          {WORD_MARK}
        </Text>
      </Group>
    </Link>
  );
}
