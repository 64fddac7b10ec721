// The copy button of the wallet strip: copies a value, says 'Copied' for a moment.
import { ActionIcon, CopyButton } from '@mantine/core';
import { LazyTooltip } from './LazyTooltip.tsx';
import { useT } from '../../i18n/useT.ts';

const copyGlyph = (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden
  >
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </svg>
);
const checkGlyph = (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    aria-hidden
  >
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

export function CopyIcon({ value, label }: { value: string; label: string }) {
  const { t } = useT();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <LazyTooltip label={copied ? t('shell.wallet.copied') : label} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={label}
            size="sm"
          >
            {copied ? checkGlyph : copyGlyph}
          </ActionIcon>
        </LazyTooltip>
      )}
    </CopyButton>
  );
}
