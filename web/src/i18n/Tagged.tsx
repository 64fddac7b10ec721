// A message whose words are partly elements: '<terms>terms and conditions</terms>' rendered by the
// function given for `terms`, wherever the translation puts it.
import { splitTags } from '@payd/i18n';
import { Fragment, type ReactNode } from 'react';
import { useT } from './useT.ts';

export function Tagged({
  id,
  values,
  tags,
}: {
  id: string;
  values?: Record<string, unknown>;
  tags: Record<string, (text: string) => ReactNode>;
}) {
  const { t } = useT();
  return splitTags(t(id, values), Object.keys(tags)).map((part, i) => (
    <Fragment key={i}>{typeof part === 'string' ? part : tags[part.tag]!(part.text)}</Fragment>
  ));
}
