// The personal details form's state: the stored row, the values as edited and as last saved
// (dirty), the errors (checked on every change after the first submit), and the save through
// KycPersonWs SaveData, after which the page may move on.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../shell/session/session.tsx';
import { kycPersonScreen, useInvalidatePerson, type KycRow } from './kycApi.ts';
import {
  firstErrorField,
  formFromRow,
  personalFieldErrors,
  rowFromForm,
  validatePersonal,
  type PersonalField,
  type PersonalForm,
} from './personalSchema.ts';

export type PersonalErrors = Partial<Record<PersonalField, string>>;

export function usePersonalForm(stored: KycRow) {
  const api = useApi();
  const navigate = useNavigate();
  const invalidate = useInvalidatePerson();
  const [row, setRow] = useState<KycRow>(stored);
  const [baseline, setBaseline] = useState<PersonalForm>(() => formFromRow(stored));
  const [form, setForm] = useState<PersonalForm>(baseline);
  const [errors, setErrors] = useState<PersonalErrors>({});
  const [checked, setChecked] = useState(false);
  const [next, setNext] = useState<string | null>(null);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);

  // Leave only once the saved form is the baseline (the unsaved-changes guard would ask otherwise).
  useEffect(() => {
    if (next && !dirty) void navigate(next);
  }, [next, dirty, navigate]);

  const save = useMutation({
    mutationFn: async (values: PersonalForm) => {
      const r = await api.call(kycPersonScreen.SaveData, {
        mst: rowFromForm(values, row),
        dtl: [],
        options: {},
      });
      return { mst: r.data?.mst ?? {}, message: r.message };
    },
  });

  const set = (f: PersonalField) => (value: string | null) => {
    const nextForm = { ...form, [f]: value ?? '' };
    setForm(nextForm);
    if (checked) setErrors(validatePersonal(nextForm, new Date()));
  };

  /** Checks and saves the form; then goes to `then` when given. */
  const submit = async (then: string | null) => {
    setChecked(true);
    const found = validatePersonal(form, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`kyc-${firstErrorField(found)}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    try {
      const saved = await save.mutateAsync(form);
      setRow(saved.mst);
      const savedForm = formFromRow(saved.mst);
      setBaseline(savedForm);
      setForm(savedForm);
      await invalidate();
      if (then) setNext(then);
    } catch (e) {
      if (isApiError(e)) setErrors(personalFieldErrors(e.validationErrors));
    }
  };

  return { row, form, errors, dirty, set, submit, saving: save.isPending };
}
