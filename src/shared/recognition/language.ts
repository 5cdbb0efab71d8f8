/**
 * Language guess from frequent short words. Swiss forms print their titles in three
 * languages, so the guess counts the running text, not the titles: a word list that is
 * small, fixed and predictable beats a general detector on such mixed pages.
 */
export type DocLanguage = 'de' | 'fr' | 'it' | 'en'

const STOPWORDS: Record<DocLanguage, string[]> = {
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'fur', 'von', 'den', 'dem', 'des', 'ein', 'eine', 'im', 'auf', 'zu', 'wir', 'ihr', 'ihre', 'ihnen', 'sie', 'bis', 'vom', 'zur', 'zum', 'betrag', 'jahr', 'datum', 'seite', 'gultig', 'bezahlte', 'zinsen', 'zinssatz', 'klasse', 'preis', 'kind', 'total', 'ab', 'nach', 'innert', 'tagen', 'kundennummer', 'einzahlungen', 'herzlich'],
  fr: ['le', 'la', 'les', 'et', 'est', 'des', 'du', 'de', 'pour', 'une', 'un', 'au', 'aux', 'sur', 'par', 'nous', 'vous', 'votre', 'vos', 'pas', 'dans', 'montant', 'annee', 'date', 'page', 'selon', 'payes', 'payees', 'jours', 'prix', 'enfant', 'valable', 'classe', 'numero', 'versements', 'dès', 'des'],
  it: ['il', 'lo', 'gli', 'le', 'di', 'del', 'della', 'dei', 'delle', 'degli', 'che', 'per', 'una', 'un', 'con', 'sono', 'al', 'alla', 'nel', 'nella', 'lei', 'suo', 'sua', 'importo', 'anno', 'data', 'pagina', 'pagati', 'giorni', 'prezzo', 'bambino', 'valido', 'numero', 'versamenti', 'secondo', 'entro', 'dall', 'totale'],
  en: ['the', 'and', 'of', 'to', 'for', 'is', 'in', 'on', 'we', 'you', 'your', 'this', 'that', 'with', 'by', 'from', 'are', 'amount', 'year', 'date', 'page', 'paid', 'days', 'price', 'child', 'valid', 'class', 'number', 'as', 'at', 'within', 'thank', 'total', 'tax', 'certificate', 'account', 'savings', 'statement', 'confirmation', 'insurance', 'interest', 'balance'],
}
/** Word endings typical of one language, for the words no list has. */
const SUFFIXES: [RegExp, DocLanguage][] = [
  [/.{3}(?:ung|ungen|keit|heit|schaft|lich|isch)$/, 'de'], [/.{2}(?:zione|zioni|mento|menti|ita|ivo|iva)$/, 'it'],
  [/.{2}(?:ment|ments|eur|euse|aire|ique)$/, 'fr'], [/.{2}(?:ing|ship|ness|ed)$/, 'en'],
]
const LOOKUP = new Map<string, DocLanguage[]>()
for (const [lang, list] of Object.entries(STOPWORDS) as [DocLanguage, string[]][]) {
  for (const w of list) LOOKUP.set(w, [...(LOOKUP.get(w) ?? []), lang])
}

/** The most likely language of normalised text, or null when it has too few known words. */
export function guessLanguage(normalized: string): DocLanguage | null {
  const counts: Record<DocLanguage, number> = { de: 0, fr: 0, it: 0, en: 0 }
  for (const w of normalized.match(/[a-z]+/g) ?? []) {
    const langs = LOOKUP.get(w)
    if (langs) for (const l of langs) counts[l] += 1 / langs.length
    else for (const [re, l] of SUFFIXES) if (re.test(w)) { counts[l] += 0.5; break }
  }
  const ranked = (Object.entries(counts) as [DocLanguage, number][]).sort((a, b) => b[1] - a[1])
  return ranked[0]![1] >= 1 && ranked[0]![1] > ranked[1]![1] ? ranked[0]![0] : null
}
