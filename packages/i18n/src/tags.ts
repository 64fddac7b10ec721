// Messages may wrap words in tags the page turns into elements ('I agree to the <terms>terms and
// conditions</terms>'), so a translation can move the link without the component knowing where.

export type TaggedPart = string | { tag: string; text: string };

/** Splits a translated text at the given tags (not nested); other '<' are left as text. */
export function splitTags(text: string, tags: readonly string[]): TaggedPart[] {
  if (tags.length === 0) return [text];
  const names = tags.map((t) => t.replace(/[^\w]/g, '')).join('|');
  const pattern = new RegExp(`<(${names})>([\\s\\S]*?)</\\1>`, 'g');
  const parts: TaggedPart[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push({ tag: m[1]!, text: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
