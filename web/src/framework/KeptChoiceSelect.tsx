// A searchable Select whose chosen option stays chosen, label and all, when the person picks it
// again: Mantine clears it (allowDeselect) or, with allowDeselect off, leaves the typed search
// text in the box until the field loses focus.
import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';

export function KeptChoiceSelect(props: SelectProps & { data: { value: string; label: string }[] }) {
  const { data, onOptionSubmit } = props;
  // Mantine fills it with the chosen label whenever the value changes (and '' when cleared).
  const [search, setSearch] = useState('');
  return (
    <Select
      {...props}
      allowDeselect={false}
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(v) => {
        setSearch(data.find((d) => d.value === v)?.label ?? '');
        onOptionSubmit?.(v);
      }}
    />
  );
}
