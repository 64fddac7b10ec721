// /NewPassword (spec 002 section 2): change the password with the link tokens j and p.
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { updUsrPwdBody, Profile } from '@payd/schemas';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useSession } from '../../shell/session/session.tsx';
import { notify } from '../../notifications/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { fieldErrors } from './serverErrors.ts';
import { useT } from '../../i18n/useT.ts';

export function NewPasswordPage() {
  const { api } = useSession();
  const { t, field, message } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const j = params.get('j') ?? '';
  const p = params.get('p') ?? '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { j, p, NewUsrPassword: '', ConfirmPwd: '' },
    validate: schemaResolver(updUsrPwdBody, { sync: true }),
    // Errors appear only once a field was touched (or on submit).
    validateInputOnBlur: true,
  });
  const submit = useMutation({
    meta: { silent: true },
    mutationFn: async (v: typeof form.values) => {
      try {
        await api.call(
          Profile.UpdUsrPwd,
          { j, p, NewUsrPassword: v.NewUsrPassword, ConfirmPwd: v.ConfirmPwd },
          { auth: false },
        );
      } catch (e) {
        if (isApiError(e))
          form.setErrors(
            fieldErrors(e.validationErrors, { NewUsrPassword: 'NewUsrPassword', ConfirmPwd: 'ConfirmPwd' }),
          );
        throw e;
      }
    },
    onSuccess: () => {
      notify({
        msgType: 'S',
        title: t('auth.passwordChangedTitle'),
        message: t('auth.passwordChanged'),
      });
      void navigate('/login', { replace: true });
    },
  });
  return (
    <AuthCard title={t('newPassword.title')} subtitle={t('newPassword.subtitle')}>
      <form noValidate onSubmit={form.onSubmit((v) => submit.mutate(v))}>
        <Stack gap="sm">
          {submit.error && (
            <Alert color="red" variant="light" role="alert">
              {message(submit.error.message)}
            </Alert>
          )}
          {(!j || !p) && (
            <Alert color="yellow" variant="light">
              {t('newPassword.needsLink')}
            </Alert>
          )}
          <PasswordInput
            label={t('newPassword.newPassword')}
            autoComplete="new-password"
            {...field(form.getInputProps('NewUsrPassword'))}
          />
          <PasswordStrengthMeter password={form.values.NewUsrPassword} />
          <PasswordInput
            label={t('newPassword.confirm')}
            autoComplete="new-password"
            {...field(form.getInputProps('ConfirmPwd'))}
          />
          <Alert color="payd" variant="light" title={t('newPassword.strongTitle')}>
            {t('newPassword.strongHint')}
          </Alert>
          <Group grow>
            <Button variant="default" onClick={() => void navigate('/login')}>
              {t('newPassword.back')}
            </Button>
            <Button type="submit" disabled={submit.isPending} loading={submit.isPending}>
              {t('newPassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
