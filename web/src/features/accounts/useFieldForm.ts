// A small form of text fields for the security page (change password, passkey rename, confirm
// identity): controlled values, one rule function for the whole form (from packages/schemas), a
// field's error cleared when it is typed in, checked when it loses focus (`validateOnBlur`) and
// every field checked on submit. What @mantine/form did for these forms, without its 6 kB on
// /profile.
import { useState, type ChangeEvent, type FormEvent } from 'react';

type Errors<V> = Partial<Record<keyof V, string | undefined>>;

function found<V>(errors: Errors<V>): Errors<V> {
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as Errors<V>;
}

export function useFieldForm<V extends Record<string, string>>({
  initialValues,
  validate,
  validateOnBlur = false,
}: {
  initialValues: V;
  validate: (values: V) => Errors<V>;
  validateOnBlur?: boolean;
}) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Errors<V>>({});

  const getInputProps = (field: keyof V) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    onBlur: validateOnBlur
      ? () => {
          const error = validate(values)[field];
          setErrors((e) => ({ ...e, [field]: error }));
        }
      : undefined,
  });

  /** A submit handler that calls `submit` with the values when every field is right. */
  const onSubmit = (submit: (values: V) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    const problems = found(validate(values));
    setErrors(problems);
    if (Object.keys(problems).length === 0) submit(values);
  };

  return {
    values,
    getInputProps,
    onSubmit,
    setErrors: (next: Errors<V>) => setErrors(found(next)),
    setFieldError: (field: keyof V, message: string) => setErrors((e) => ({ ...e, [field]: message })),
    reset: () => {
      setValues(initialValues);
      setErrors({});
    },
  };
}
