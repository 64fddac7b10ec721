// The login form's state: two controlled fields checked with the shared rule (loginFormErrors)
// when a field loses focus and on submit; typing in a field clears its error. What @mantine/form
// did here, without its 6 kB on the /login page.
import { loginFormErrors, type LoginFormValues } from '@payd/schemas';
import { useState, type ChangeEvent, type FormEvent } from 'react';

type Field = keyof LoginFormValues;

export function useLoginForm() {
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    onBlur: () => {
      const error = loginFormErrors(values)[field];
      setErrors((e) => ({ ...e, [field]: error }));
    },
  });

  /** A submit handler that calls `submit` with the values when every field is right. */
  const onSubmit = (submit: (values: LoginFormValues) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = loginFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) submit(values);
  };

  return { values, inputProps, onSubmit };
}
