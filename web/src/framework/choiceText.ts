// The reference values the staff screens show (the server's ref_codes labels: statuses, roles,
// yes/no, payment and statement types, countries) in the reader's language (issue 28). The server
// sends them in English, as stored; a label the catalogue has (staffChoice.* and any other
// message with the same English) is shown in the active language, a country by its name in that
// language (Intl.DisplayNames), anything else (names, e-mails, free text) as it came.

let englishRegions: Map<string, string> | undefined;

/** English region name → ISO 3166 alpha-2 code, for the codes Intl knows. */
function regionCodes(): Map<string, string> {
  if (!englishRegions) {
    englishRegions = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && !englishRegions.has(name.toLowerCase())) englishRegions.set(name.toLowerCase(), code);
      }
  }
  return englishRegions;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's English name in `lang`, or undefined when the name is not one Intl knows. */
export function countryIn(lang: string, englishName: string): string | undefined {
  const code = regionCodes().get(englishName.trim().toLowerCase());
  if (!code) return undefined;
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    regionNames.set(lang, names);
  }
  return names.of(code);
}

/**
 * A value as a staff screen shows it, in `lang`: the catalogue's translation of its English text
 * (`message`, useT's), else a country's name in the language, else the text as it came.
 */
export function choiceText(text: string, lang: string, message: (english: string) => unknown): string {
  if (lang === 'en' || !text) return text;
  const translated = message(text);
  if (typeof translated === 'string' && translated !== text) return translated;
  return countryIn(lang, text) ?? text;
}
