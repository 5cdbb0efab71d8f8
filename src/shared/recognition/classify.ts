import { distance, normalize, words } from './normalize'
import { FALLBACK_CATEGORY_ID, RULES, type Cue } from './rules'
import { guessLanguage, type DocLanguage } from './language'
import { extractFields, type RecognisedFields } from './fields'
import { documentYear } from './year'

export interface Classification {
  categoryId: number
  /** 0..1: how sure the rules are. Below 0.5 the category is a guess. */
  confidence: number
  language: DocLanguage | null
  /** The words that decided, as found in the text (normalised). */
  reason: string[]
  fields: RecognisedFields
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const FUZZY_MIN = 8
const isWord = (c: string) => /^[a-z]+$/.test(c)

/**
 * Long single words match inside German compounds ("hypothekarzins" in
 * "hypothekarzinsbestatigung") and with one OCR slip; shorter cues and phrases match
 * as whole words only, so "prime" is not found in "imprime".
 */
function compile(cue: Cue) {
  const text = cue.text.trim()
  const long = isWord(text) && text.length >= FUZZY_MIN
  const re = long
    ? new RegExp(escapeRegExp(text))
    : // OCR drops spaces and reads an elision's apostrophe as a space or nothing ("d interets", "dinterets").
      new RegExp(`(?<![a-z0-9])${escapeRegExp(text).replace(/ /g, '\\s?').replace(/'/g, "['\\s]?")}(?![a-z])`)
  return { ...cue, text, re, fuzzy: long ? (text.length >= 13 ? 2 : 1) : 0 }
}
const COMPILED = RULES.map((r) => ({ categoryId: r.categoryId, cues: r.cues.map(compile) }))

/** Every category's score for a normalised text, best first (the rules of rules.ts; docs/documents.md). */
function scoreAll(normalized: string) {
  const tokens = [...new Set(words(normalized))]
  // Every cue found, with where it stands; a hit inside a longer hit of another category
  // is dropped ("attestazione degli interessi" within "… interessi ipotecari").
  const hits = COMPILED.flatMap(({ categoryId, cues }) =>
    cues.flatMap((cue) => {
      const m = cue.re.exec(normalized)
      if (m) return [{ categoryId, cue, word: cue.text, start: m.index, end: m.index + m[0].length }]
      const fuzzy = cue.fuzzy
        ? tokens.find(
            (t) => Math.abs(t.length - cue.text.length) <= cue.fuzzy && distance(t, cue.text, cue.fuzzy) <= cue.fuzzy,
          )
        : undefined
      return fuzzy ? [{ categoryId, cue, word: fuzzy, start: -1, end: -1 }] : []
    }),
  )
  const kept = hits.filter(
    (h) =>
      h.start < 0 ||
      !hits.some(
        (o) =>
          o.categoryId !== h.categoryId &&
          o.start >= 0 &&
          o.start <= h.start &&
          o.end >= h.end &&
          o.end - o.start > h.end - h.start,
      ),
  )
  // Fine print: on a page of eight lines or more, the last two lines are often the issuer's footer (advertising
  // for other products, legal notes). A category found only there counts half; found above too, in full.
  const lineStarts = [...normalized.matchAll(/\n/g)].map((m) => m.index)
  const footerFrom = lineStarts.length >= 7 ? lineStarts[lineStarts.length - 2]! : Number.POSITIVE_INFINITY
  const inFooter = (h: (typeof kept)[number]) => h.start > footerFrom
  const scored = COMPILED.map(({ categoryId }) => {
    // One word of the text counts once per category, even when two cues find it.
    const mine = kept.filter(
      (h, i) =>
        h.categoryId === categoryId && kept.findIndex((o) => o.categoryId === categoryId && o.word === h.word) === i,
    )
    const onlyFooter = mine.some((h) => h.cue.weight > 0) && mine.every((h) => h.cue.weight < 0 || inFooter(h))
    return {
      categoryId,
      score: mine.reduce((s, h) => s + (onlyFooter && h.cue.weight > 0 ? h.cue.weight / 2 : h.cue.weight), 0),
      // Negative evidence lowers the score but is no reason for the category.
      reason: mine.filter((h) => h.cue.weight > 0).map((h) => h.word),
    }
  }).sort((a, b) => b.score - a.score)
  return scored
}

/** Each category's score for a text, best first: what decided, for the bench's list of misses. */
export const categoryScores = (text: string) =>
  scoreAll(normalize(text)).map(({ categoryId, score }) => ({ categoryId, score }))

/** Classifies a document's text into a category (docs/documents.md). Pure: the same text gives the same answer. */
export function classify(text: string): Classification {
  const normalized = normalize(text)
  const language = guessLanguage(normalized)
  const scored = scoreAll(normalized)
  const [top, second] = [scored[0]!, scored[1]!]
  const year = documentYear(normalized)
  if (top.score < 3) {
    return {
      categoryId: FALLBACK_CATEGORY_ID,
      confidence: 0,
      language,
      reason: top.reason,
      fields: year ? { year } : {},
    }
  }
  // Saturates with the evidence for the winner, and falls when a runner-up has nearly as much.
  const confidence = (1 - Math.exp(-top.score / 5)) * (top.score / (top.score + Math.max(0, second.score)))
  const fields = extractFields(top.categoryId, text, normalized)
  if (year) fields.year = year
  return {
    categoryId: top.categoryId,
    confidence: Math.round(confidence * 100) / 100,
    language,
    reason: top.reason,
    fields,
  }
}
