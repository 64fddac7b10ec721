// The screen criteria (GetScreenCriteria / SetScreenCriteria): values the server keeps per user
// and applies to every search list of the screen until they are changed or cleared. A criterion
// with a dropdown (DdlMethod) offers its choices from GetScreenCriteriaDdlList.
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MasterDetailState } from './useMasterDetail.ts';
import { KeptChoiceSelect } from './KeptChoiceSelect.tsx';
import type { ScreenCriterion } from '@payd/schemas';
import { useT } from '../i18n/useT.ts';

/** The choices of a criterion with a dropdown (cached, shared by the badge and the input). */
function useCriterionChoices(screen: MasterDetailState, c: ScreenCriterion) {
  return useQuery({
    queryKey: ['screen', screen.service, 'criteria-choices', c.ScreenCriId],
    queryFn: () => screen.svc.criteriaChoices(c.ScreenCriId, ''),
    enabled: Boolean(c.DdlMethod),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** An applied criterion: its name and value (a dropdown's text once its choices are known). */
function CriterionBadge({ screen, criterion: c }: { screen: MasterDetailState; criterion: ScreenCriterion }) {
  const choices = useCriterionChoices(screen, c);
  const text = choices.data?.find((ch) => ch.key === c.LastCriteria)?.label ?? c.LastCriteria;
  const { t } = useT();
  return (
    <Badge variant="light" size="sm" tt="none">
      {t('framework.criteria.badge', { name: c.DisplayName, value: text })}
    </Badge>
  );
}

function CriterionInput({
  screen,
  criterion: c,
  value,
  onChange,
}: {
  screen: MasterDetailState;
  criterion: ScreenCriterion;
  value: string;
  onChange: (v: string) => void;
}) {
  const withChoices = Boolean(c.DdlMethod);
  const choices = useCriterionChoices(screen, c);
  const { t } = useT();
  if (!withChoices)
    return (
      <TextInput
        label={c.DisplayName}
        aria-label={t('framework.criteria.input', { name: c.DisplayName })}
        type={c.InputType === 'date' ? 'date' : 'text'}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  const data = (choices.data ?? []).map((ch) => ({ value: ch.key, label: ch.label }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  return (
    <KeptChoiceSelect
      label={c.DisplayName}
      aria-label={t('framework.criteria.input', { name: c.DisplayName })}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
      searchable
      nothingFoundMessage={t('framework.noResults')}
    />
  );
}

/** Criteria of the screen with Apply and Clear; nothing when the screen has none. */
export function CriteriaPanel({ screen }: { screen: MasterDetailState }) {
  const saved = Object.fromEntries(screen.criteria.map((c) => [String(c.ScreenCriId), c.LastCriteria ?? '']));
  if (screen.criteria.length === 0) return null;
  // A new form whenever the server's stored values change (first load, Apply, Clear).
  return <CriteriaForm key={JSON.stringify(saved)} screen={screen} saved={saved} />;
}

function CriteriaForm({ screen, saved }: { screen: MasterDetailState; saved: Record<string, string> }) {
  const { criteria } = screen;
  const [draft, setDraft] = useState<Record<string, string>>(saved);
  // Closed until asked for: the list shows which criteria apply, the inputs appear on Edit.
  const [editing, setEditing] = useState(false);
  const active = criteria.filter((c) => c.LastCriteria);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const { t } = useT();
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('framework.criteria.region')}>
      <Stack gap="xs">
        <Group justify="space-between" gap={4}>
          <Text fw={600} size="sm">
            {t('framework.criteria.title')}
          </Text>
          {active.length > 0 ? (
            <Group gap={4}>
              {active.map((c) => (
                <CriterionBadge key={c.ScreenCriId} screen={screen} criterion={c} />
              ))}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {t('framework.criteria.noneApplied')}
            </Text>
          )}
        </Group>
        {!editing && (
          <Button size="xs" variant="subtle" onClick={() => setEditing(true)} aria-expanded={false}>
            {t('framework.criteria.edit')}
          </Button>
        )}
        {editing &&
          criteria.map((c) => (
            <CriterionInput
              key={c.ScreenCriId}
              screen={screen}
              criterion={c}
              value={draft[String(c.ScreenCriId)] ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, [String(c.ScreenCriId)]: v }))}
            />
          ))}
        {editing && (
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => void screen.applyCriteria(draft)}
              loading={screen.applyingCriteria}
              disabled={!changed}
            >
              {t('framework.criteria.apply')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => void screen.applyCriteria({})}
              disabled={screen.applyingCriteria || active.length === 0}
            >
              {t('framework.criteria.clear')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
              {t('framework.criteria.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
