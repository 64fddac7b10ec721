// The end of the confirmation-code step, shared by sign-up and the password reset: where the
// mail is when running locally, and 'Resend an email' behind a fresh captcha.
import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useConfig } from '../../shell/config.ts';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

export interface CodeSentFooterProps {
  /** The page's captcha handle, so it can reset the widget after a resend. */
  captchaRef: Ref<CaptchaHandle>;
  /** Captcha solution for the resend; empty until the person confirms they are human. */
  resendToken: string;
  onResendToken(token: string): void;
  onResend(): void;
  resending: boolean;
}

export function CodeSentFooter({
  captchaRef,
  resendToken,
  onResendToken,
  onResend,
  resending,
}: CodeSentFooterProps) {
  const config = useConfig();
  const { t } = useT();
  return (
    <>
      {config.dev && (
        <Text fz="sm">
          <Tagged
            id="codeSent.devMailbox"
            tags={{
              mailbox: (text) => (
                <Anchor href={config.dev!.mailboxUrl} target="_blank">
                  {text}
                </Anchor>
              ),
            }}
          />
        </Text>
      )}
      <Stack gap={6}>
        <Text fz="sm" c="dimmed">
          {t('codeSent.notReceived')}
        </Text>
        <Captcha ref={captchaRef} onChange={onResendToken} />
        <Button variant="subtle" onClick={onResend} loading={resending} disabled={!resendToken}>
          {t('codeSent.resend')}
        </Button>
      </Stack>
    </>
  );
}
