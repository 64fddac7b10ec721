// One column of a record as a labelled Mantine input, chosen by the column's type.
import { Anchor, Image, Input, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { displayValue, type ColumnMeta } from './columns.ts';
import { asText, dropdownOptions, parsePicture } from './fieldValues.ts';
import { KeptChoiceSelect } from './KeptChoiceSelect.tsx';
import type { Choice, DocumentInfo } from '@payd/schemas';
import { choiceText } from './choiceText.ts';
import { useT } from '../i18n/useT.ts';

export interface FieldInputProps {
  column: ColumnMeta;
  row: Record<string, unknown>;
  /** New value; dropdowns also pass the chosen choice's text. */
  onChange: (value: unknown, text?: string | null) => void;
  error?: string;
  /** Choices of a dropdown column. */
  choices?: Choice[];
  /** Opens a document of a document column. */
  onOpenDocument?: (doc: DocumentInfo) => void;
  /** Everything read-only (view only, or no update right on this record). */
  locked?: boolean;
}

export function FieldInput({
  column: c,
  row,
  onChange,
  error,
  choices,
  onOpenDocument,
  locked,
}: FieldInputProps) {
  const { t, lang, message } = useT();
  const readOnly = c.readOnly || Boolean(locked);
  const value = row[c.name];
  // Read-only fields look filled, so a reviewer sees at a glance what they may change.
  const common = {
    label: c.label,
    required: c.required && !readOnly,
    error,
    readOnly,
    variant: readOnly ? 'filled' : 'default',
  };

  switch (c.type) {
    case 'document':
      return (
        <DocumentField
          label={c.label}
          docs={Array.isArray(value) ? (value as DocumentInfo[]) : []}
          onOpen={onOpenDocument}
        />
      );
    case 'image':
      return <ImageField label={c.label} value={value} />;
    case 'yn':
      return (
        <Select
          {...common}
          data={[
            { value: 'Y', label: t('common.yes') },
            { value: 'N', label: t('common.no') },
          ]}
          value={value === 'Y' || value === 'N' ? value : null}
          onChange={(v) => onChange(v ?? null)}
          clearable={!readOnly && !c.required}
          allowDeselect={false}
        />
      );
    case 'dropdown': {
      const v = asText(value);
      const data = dropdownOptions(choices, v, asText(row[`${c.name}Text`])).map((d) => ({
        ...d,
        label: choiceText(d.label, lang, message),
      }));
      return (
        // Picking the chosen option again keeps it; the clear button empties a field that may be empty.
        <KeptChoiceSelect
          {...common}
          data={data}
          value={v || null}
          searchable={!readOnly}
          clearable={!readOnly && !c.required}
          nothingFoundMessage={t('staff.field.noResults')}
          onChange={(nv) => onChange(nv ?? null, data.find((d) => d.value === nv)?.label ?? null)}
        />
      );
    }
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={asText(value).slice(0, 10)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
    case 'decimal':
      if (readOnly && c.type === 'decimal') return <TextInput {...common} value={displayValue(row, c)} />;
      return (
        <TextInput
          {...common}
          inputMode={c.type === 'number' ? 'numeric' : 'decimal'}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'datetime':
      if (readOnly) return <TextInput {...common} value={displayValue(row, c)} />;
      return (
        <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    default:
      // Text grows with its content (reasons, request information), one line when short.
      return (
        <Textarea
          {...common}
          autosize
          minRows={1}
          maxRows={8}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** A document column: its documents, each opened by its name. */
function DocumentField({
  label,
  docs,
  onOpen,
}: {
  label: string;
  docs: DocumentInfo[];
  onOpen: ((doc: DocumentInfo) => void) | undefined;
}) {
  const { t } = useT();
  return (
    <Input.Wrapper label={label}>
      {docs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('staff.field.none')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {docs.map((d) => (
            <li key={d.DocId}>
              <Anchor component="button" type="button" size="sm" onClick={() => onOpen?.(d)}>
                {d.DocName}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {t('staff.field.docSize', { mime: d.MimeType, size: Math.ceil(d.DocSize / 1024) })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Input.Wrapper>
  );
}

/** An image column: the stored picture, or 'None'. */
function ImageField({ label, value }: { label: string; value: unknown }) {
  const { t } = useT();
  const pic = parsePicture(value);
  return (
    <Input.Wrapper label={label}>
      {pic ? (
        <Image src={`data:${pic.mimeType};base64,${pic.base64}`} alt={label} maw={240} radius="sm" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('staff.field.none')}
        </Text>
      )}
    </Input.Wrapper>
  );
}
