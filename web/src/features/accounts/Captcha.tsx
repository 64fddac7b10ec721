// The captcha of sign-up and reset: self-hosted ALTCHA by default (the widget is loaded only on
// the pages that show it), Google reCAPTCHA when the config says so. Reports the token to send
// as reCaptchaRequest, or '' when not (or no longer) solved. The widget speaks the language on
// screen: ALTCHA's words come from the catalogue (account.captcha.*) and change with it; reCAPTCHA
// takes the language the page had when it loaded.
import { Text } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useConfig, apiBaseOf } from '../../shell/config.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

export interface CaptchaHandle {
  /** Clears the solution so the next request needs a fresh one (each is accepted once). */
  reset(): void;
}

interface Props {
  onChange(token: string): void;
  error?: string;
}

declare global {
  interface Window {
    grecaptcha?: {
      render(
        el: HTMLElement,
        opts: { sitekey: string; callback(t: string): void; 'expired-callback'(): void },
      ): number;
      reset(id?: number): void;
    };
    __paydRecaptchaLoaded?: () => void;
  }
}

type AltchaElement = HTMLElement & { reset(): void };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Registers the widget's words in the language on screen with ALTCHA, under a code of payd's own
 * (so ALTCHA's bundled words never stand in for them), and returns that code for the widget's
 * `language` attribute.
 */
function altchaLanguage({ t, lang }: Pick<Translate, 't' | 'lang'>): string {
  const code = `payd-${lang.toLowerCase()}`;
  const w = (key: string) => t(`account.captcha.${key}`);
  const link = `<a href="https://altcha.org/" tabindex="-1" target="_blank" rel="noopener" aria-label="${escapeHtml(w('linkLabel'))}">ALTCHA</a>`;
  // ALTCHA's registry of the widget's words per language (there once the widget's module loaded).
  globalThis.$altcha.i18n.set(code, {
    ariaLinkLabel: w('linkLabel'),
    cancel: w('cancel'),
    enterCode: w('enterCode'),
    enterCodeAria: w('enterCodeAria'),
    enterCodeFromImage: w('enterCodeFromImage'),
    error: w('error'),
    expired: w('expired'),
    footer: escapeHtml(t('account.captcha.footer', { link: '\u0000' })).replace('\u0000', link),
    getAudioChallenge: w('audio'),
    label: w('label'),
    loading: w('loading'),
    reload: w('reload'),
    verify: w('verify'),
    verificationRequired: w('verificationRequired'),
    verified: w('verified'),
    verifying: w('verifying'),
    waitAlert: w('waitAlert'),
  });
  return code;
}

export const Captcha = forwardRef<CaptchaHandle, Props>(function Captcha({ onChange, error }, ref) {
  const config = useConfig();
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement | null>(null);
  const recaptchaId = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const translate = useT();
  const words = useRef(translate);
  // A new language: the widget shows its words (its state, a solution, stays as it is).
  useEffect(() => {
    words.current = translate;
    widget.current?.setAttribute('language', altchaLanguage(translate));
  }, [translate]);

  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.reset();
      if (recaptchaId.current !== null) window.grecaptcha?.reset(recaptchaId.current);
      onChangeRef.current('');
    },
  }));

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancelled = false;
    if (config.captcha.provider === 'recaptcha') {
      const render = () => {
        if (cancelled || !window.grecaptcha) return;
        recaptchaId.current = window.grecaptcha.render(el, {
          sitekey: config.captcha.siteKey,
          callback: (t) => onChangeRef.current(t),
          'expired-callback': () => onChangeRef.current(''),
        });
      };
      if (window.grecaptcha) render();
      else {
        window.__paydRecaptchaLoaded = render;
        const s = document.createElement('script');
        s.src = `https://www.google.com/recaptcha/api.js?onload=__paydRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(words.current.lang)}`;
        s.async = true;
        document.head.appendChild(s);
      }
      return () => {
        cancelled = true;
      };
    }
    void import('altcha').then(() => {
      if (cancelled) return;
      const w = document.createElement('altcha-widget') as AltchaElement;
      w.setAttribute('challenge', `${apiBaseOf(config)}/altcha/challenge`);
      w.setAttribute('name', 'recaptcha');
      w.setAttribute('language', altchaLanguage(words.current));
      w.addEventListener('statechange', (e) => {
        const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
        onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
      });
      el.replaceChildren(w);
      widget.current = w;
    });
    return () => {
      cancelled = true;
      widget.current = null;
      el.replaceChildren();
    };
  }, [config]);

  return (
    <div>
      <div ref={host} data-testid="captcha" style={{ minHeight: 60 }} />
      {error && (
        <Text c="red" fz="xs" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
});
