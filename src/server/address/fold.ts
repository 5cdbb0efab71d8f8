// How the street search compares words: without diacritics (Zürich = Zurich), ß as ss, in lower case. The
// same as SQLite's FTS5 tokenizer (unicode61 remove_diacritics 2) does to the index, so the PostgreSQL index
// (street-index-postgres.ts) stores its words folded by this.
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()

/** The words of a text, folded: letters and digits, at most eight. */
export const wordsOf = (s: string, max = 8) =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, max)
