import { distance, normalize, words } from './normalize'
import { FALLBACK_CATEGORY_ID, RULES, type Cue } from './rules'
import { STEMS } from './vocabulary'
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

/**
 * A stem of vocabulary.ts: at a word's start ("~" also inside a word), words parted by a space, a hyphen or
 * nothing, "$" for a word's end. Stems of seven letters or more also match with one OCR slip (fuzzy).
 */
// Stems weigh twice their number against rules.ts's phrases: measured by leaving round 2's part out of the
// vocabulary, evidence from many stems carried to its unseen wordings better than the exact phrases did.
const STEM_WEIGHT = 2
function compileStem(weight: number, stem: string) {
  const inside = stem.startsWith('~')
  const whole = stem.endsWith('$')
  const text = stem.replace(/^~|\$$/g, '')
  const body = escapeRegExp(text).replace(/ /g, '[\\s-]?').replace(/'/g, "['\\s]?")
  const re = new RegExp(`${inside ? '' : '(?<![a-z0-9])'}${body}${whole ? '(?![a-z])' : ''}`)
  const fuzzy = isWord(text) && text.length >= 7 ? 1 : 0
  return { text, weight: weight * STEM_WEIGHT, re, fuzzy, prefix: !whole }
}
/**
 * A cue's first three characters, when they are fixed (no optional space or apostrophe among them): the cue is
 * tried only where they stand in the text (findHits). Its pattern again, sticky, to try it at one place.
 */
function indexed<C extends { text: string; re: RegExp }>(cue: C) {
  const key = /^[^ ']{3}/.test(cue.text) ? cue.text.slice(0, 3) : null
  return { ...cue, key, at: new RegExp(cue.re.source, 'y') }
}
const COMPILED = RULES.map((r) => ({
  categoryId: r.categoryId,
  cues: [
    ...r.cues.map((c) => ({ ...compile(c), prefix: false })),
    ...(STEMS.find((s) => s.categoryId === r.categoryId)?.stems ?? []).flatMap(([weight, ...stems]) =>
      stems.map((stem) => compileStem(weight, stem)),
    ),
  ].map(indexed),
}))

type Compiled = (typeof COMPILED)[number]['cues'][number]
interface Hit {
  categoryId: number
  cue: Compiled
  word: string
  /** Where the hit stands in the text; -1 for a fuzzy hit (found among the words, not placed). */
  start: number
  end: number
}

/** Where each three characters (starting with a letter or digit) stand in the text, in order. */
function trigrams(normalized: string) {
  const at = new Map<string, number[]>()
  for (let i = 0; i + 3 <= normalized.length; i++) {
    const c = normalized.charCodeAt(i)
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) continue
    const key = normalized.slice(i, i + 3)
    const list = at.get(key)
    if (list) list.push(i)
    else at.set(key, [i])
  }
  return at
}

/** The first place a cue matches: the same as its pattern's exec, but tried only where its first letters stand. */
function firstMatch(cue: Compiled, normalized: string, at: Map<string, number[]>) {
  if (!cue.key) {
    const m = cue.re.exec(normalized)
    return m ? { start: m.index, end: m.index + m[0].length } : null
  }
  for (const i of at.get(cue.key) ?? []) {
    cue.at.lastIndex = i
    const m = cue.at.exec(normalized)
    if (m) return { start: i, end: i + m[0].length }
  }
  return null
}

/**
 * The text's words for fuzzy matching, indexed: one slip in a word of seven letters or more leaves its first three
 * or its last three letters as they were, so only words that share them with a cue are compared.
 */
function fuzzyIndex(tokens: string[]) {
  const group = (keyOf: (t: string) => string) => {
    const by = new Map<string, number[]>()
    tokens.forEach((t, i) => {
      const k = keyOf(t)
      const list = by.get(k)
      if (list) list.push(i)
      else by.set(k, [i])
    })
    return by
  }
  const first = group((t) => t.slice(0, 3))
  const last = new Map<number, Map<string, number[]>>()
  // A stem of length n is compared with the word's first n letters: their last three depend on n.
  const lastOf = (n: number, prefix: boolean) => {
    const id = prefix ? n : 0
    if (!last.has(id))
      last.set(
        id,
        group((t) => (prefix ? (t.length >= n ? t.slice(n - 3, n) : t.slice(-3)) : t.slice(-3))),
      )
    return last.get(id)!
  }
  return (cue: Compiled) => {
    const n = cue.text.length
    const matches = (t: string) => {
      // A stem is compared with the word's start of its length (the word may go on: "pramien").
      const w = cue.prefix ? t.slice(0, n) : t
      return Math.abs(w.length - n) <= cue.fuzzy && distance(w, cue.text, cue.fuzzy) <= cue.fuzzy
    }
    if (cue.fuzzy > 1) return tokens.find(matches)
    const near = [...(first.get(cue.text.slice(0, 3)) ?? []), ...(lastOf(n, cue.prefix).get(cue.text.slice(-3)) ?? [])]
    const i = near.sort((a, b) => a - b).find((i) => matches(tokens[i]!))
    return i === undefined ? undefined : tokens[i]
  }
}

/** Every cue found, with where it stands; a long cue also with one OCR slip. One pass over the text's trigrams. */
function findHits(normalized: string): Hit[] {
  const at = trigrams(normalized)
  const fuzzy = fuzzyIndex([...new Set(words(normalized))])
  return COMPILED.flatMap(({ categoryId, cues }) =>
    cues.flatMap((cue) => {
      const m = firstMatch(cue, normalized, at)
      if (m) return [{ categoryId, cue, word: cue.text, ...m }]
      const word = cue.fuzzy ? fuzzy(cue) : undefined
      return word ? [{ categoryId, cue, word, start: -1, end: -1 }] : []
    }),
  )
}

/** A hit inside a longer hit of another category is dropped ("attestazione degli interessi" within "… ipotecari"). */
const outermost = (hits: Hit[]) =>
  hits.filter(
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

// A word said not to apply is no evidence: "nicht von der Krankenkasse übernommen", "pas de prévoyance 3a"; or
// said to stand outside it (round 5): "hors salaire", "fuori stipendio".
const NEGATION = new RegExp(
  String.raw`(?<![a-z])(nicht|keine?[nmrs]?|pas|non|not|no|senza|sans|ohne|without|hors|fuori|ausserhalb|outside)` +
    String.raw`[\s,]+(?:[a-z'-]+[\s,]+){0,2}$`,
)

/** Each line of a normalised text: where it starts and ends. */
function lineSpans(normalized: string) {
  let start = 0
  return normalized.split('\n').map((text) => {
    const span = { start, end: start + text.length, text }
    start = span.end + 1
    return span
  })
}
type Line = ReturnType<typeof lineSpans>[number]

// A firm's name ends in its legal form ("Farmacia Centrale SA", "Example Bank Ltd,"; a photo's edge may add a stray
// letter); the name starts at the line's start or after a separator ("Arbeitgeber: …").
const LEGAL_FORM = /(?<![a-z])(?:ag|sa|gmbh|sagl|sarl|ltd|inc|llc|plc)\.?(?=\s*(?:$|[,·|;(]|\S$))/g
const firmNames = (lines: Line[]) =>
  lines.flatMap((l) =>
    [...l.text.matchAll(LEGAL_FORM)].map((m) => {
      const from = Math.max(...[',', ':', '·', '|', ';'].map((c) => l.text.lastIndexOf(c, m.index - 1))) + 1
      return { start: l.start + from, end: l.start + m.index + m[0].length }
    }),
  )

/** Alternatives as one pattern (word boundaries written in each). */
const anyOf = (...alternatives: string[]) => new RegExp(alternatives.join('|'))
// A salary statement's own structure (round 4): social insurance deducted from pay. Each group counts once; the
// old-age insurance's number ("AHV-Nr.") is no deduction; "AC"/"AD" only in a pack ("AVS/AI/APG/AC").
const SOCIAL = [
  /(?<![a-z])(?:ahv|avs)(?![a-z]|[\s.-]*(?:nr|no|n°|nummer|number|numero)(?![a-z]))/,
  /(?<![a-z])alv(?![a-z])|\/(?:ac|ad)(?![a-z])|unemployment insurance/,
  /(?<![a-z])(?:nbuv?|aanp|ainp)(?![a-z])|non-occupational accident/,
  anyOf(
    '(?<![a-z])(?:bvg|lpp)(?![a-z])',
    'pensionskass',
    'caisse de pension',
    'cassa pension',
    'pension fund',
    'berufliche vorsorge',
    'prevoyance professionnelle',
    'previdenza professionale',
    'occupational pension',
  ),
  anyOf(
    '(?<![a-z])(?:ktg|ijm)(?![a-z])',
    'krankentaggeld',
    'indemnites? journalieres? maladie',
    'indennita giornaliera (?:di )?malattia',
    'sickness benefit',
  ),
]
// Said of a line: an amount taken off the pay ("Abzug", "retenue", "trattenuta", "deduction", a contribution but
// not a buy-in's "years of contribution", the employee's share, a minus before the amount) or the AHV/IV pack.
const DEDUCTED = new RegExp(
  [
    '(?<![a-z])(?:abzug|abzuge|trattenut[ae]|retenues?|deductions?|deducted|beitrag|beitrage|contributi',
    '|(?<!annees de )cotisations?|contributions?(?! years)|arbeitnehmer(?:anteil|beitrag)|part (?:du )?salarie',
    '|quota dipendente|employee share)(?![a-z])|(?:^|\\s)-\\s?\\d|chf\\s?-\\s?\\d|(?:ahv|avs)\\/(?:iv|ai)(?![a-z])',
  ].join(''),
)

// The salary certificate's (form 11) numbered boxes: 8 the gross pay, 11 the net pay.
const FORM_BOXES = [/^8\.?\s[^\n]*?(?:brut|lord|gross)/m, /^11\.?\s[^\n]*?(?<![a-z])net/m]

// A buy-in, the third pillar or a deduction from taxable income is not taken off the pay, even beside "BVG".
const NOT_PAYROLL = anyOf(
  'einkauf|rachat|riscatt|buy-in|purchase|(?<![a-z0-9])3a(?![a-z])',
  'steuerbar|imposable|imponibile|taxable|steuererklarung|declaration|dichiarazione|tax return',
)

/** The lines that list social insurance deducted from pay, and the words of each kind of insurance they name. */
function payrollDeductions(lines: Line[]) {
  const deductions = lines.filter(
    (l) => DEDUCTED.test(l.text) && SOCIAL.some((re) => re.test(l.text)) && !NOT_PAYROLL.test(l.text),
  )
  const named = (re: RegExp) => deductions.map((l) => re.exec(l.text)?.[0]).find((w) => w !== undefined)
  return { lines: deductions, words: SOCIAL.map(named).filter((w) => w !== undefined) }
}

// Round 5: the insured object decides what an insurance document is. A building's insurance (fire and natural
// hazards, paid by its owner) is upkeep of a property, not a person's insurance certificate: the building named
// before or after the word for insurance, in a compound or a phrase.
const BUILDING = '(?:gebaude|haus|wohnhaus|liegenschaft|immobilien|objekt)'
const BUILDING_INSURANCE = anyOf(
  `${BUILDING}versicherung`,
  "assurances? (?:de l'|de |des |du |d')?(?:batiments?|immeubles?|immobilieres?|maisons?|biens immobiliers)",
  "assicurazion[ei] (?:degli |dello |dell'|delle |di |per )?" +
    '(?:stabil[ei]|edifici?o?|immobil[ei]|fabbricat[oi]|casa)(?![a-z])',
  '(?:building|buildings|property|home|house|dwelling) insurance',
  // "Versicherungsprämien für das Gebäude", "primes d'assurance du bâtiment": a few words between.
  "(?:versicherung|assurance|assicurazion|insurance)[a-z]*(?: [a-z']+){0,3} " +
    '(?:gebaude|batiments?|edifici?o?|stabil[ei]|buildings?)(?![a-z])',
)
/** The words that name a building's insurance, outside the fine print at the foot (an insurer's advertising). */
function buildingInsurance(normalized: string, place: ReturnType<typeof placement>) {
  const m = BUILDING_INSURANCE.exec(normalized)
  return m && !place.inFooter({ start: m.index } as Hit) ? [m[0]] : []
}

/**
 * Where a hit stands decides how much it counts: the fine print at a page's foot (advertising for other
 * products, legal notes) counts half when the category is found nowhere else; the heading zone (the upper
 * third of the lines, where a document names itself) a quarter more; a negated word not at all; a word inside a
 * firm's name a quarter (round 4: a pharmacy or an insurer may be the employer; the document's own words
 * say what it is, not its issuer's trade).
 */
function placement(normalized: string, lines: Line[]) {
  const footerFrom = lines.length >= 8 ? lines[lines.length - 2]!.start - 1 : Number.POSITIVE_INFINITY
  const headingTo = lines[Math.max(2, Math.floor((lines.length - 1) / 3))]?.end ?? Number.POSITIVE_INFINITY
  const names = firmNames(lines)
  return {
    inFooter: (h: Hit) => h.start > footerFrom,
    inHeading: (h: Hit) => h.start >= 0 && h.start < headingTo,
    inFirmName: (h: Hit) => h.start >= 0 && names.some((n) => h.start >= n.start && h.end <= n.end),
    negated: (h: Hit) => h.start > 0 && NEGATION.test(normalized.slice(Math.max(0, h.start - 40), h.start)),
  }
}

/** Every category's score for a normalised text, best first (the rules of rules.ts and vocabulary.ts). */
function scoreAll(normalized: string) {
  const lines = lineSpans(normalized)
  const place = placement(normalized, lines)
  const payroll = payrollDeductions(lines)
  // The structure's evidence, as the words found: "ahv", "pension fund", "8. bruttolohn", "11. net".
  const boxes = FORM_BOXES.map((re) => re.exec(normalized)?.[0]).filter((w) => w !== undefined)
  const building = buildingInsurance(normalized, place)
  const structure: Record<number, string[]> = { [SALARY]: [...payroll.words, ...boxes], [PROPERTY]: building }
  // Insurance deducted from pay is a salary statement's line, not another kind's evidence ("Abzug Pensionskasse");
  // in a building's insurance document, its premium and insurance words are no person's insurance.
  const onPayroll = (h: Hit) => h.start >= 0 && payroll.lines.some((l) => h.start >= l.start && h.start <= l.end)
  const kept = outermost(findHits(normalized)).filter(
    (h) =>
      h.cue.weight < 0 ||
      (!place.negated(h) &&
        (h.categoryId === SALARY || !onPayroll(h)) &&
        (h.categoryId !== INSURANCE || building.length === 0)),
  )
  return COMPILED.map(({ categoryId }) => {
    // One word of the text counts once per category, even when two cues find it: the heavier one.
    const own = kept.filter((h) => h.categoryId === categoryId)
    const mine = own.filter(
      (h, i) =>
        !own.some(
          (o, j) =>
            o.word === h.word &&
            (Math.abs(o.cue.weight) > Math.abs(h.cue.weight) || (o.cue.weight === h.cue.weight && j < i)),
        ),
    )
    const onlyFooter = mine.some((h) => h.cue.weight > 0) && mine.every((h) => h.cue.weight < 0 || place.inFooter(h))
    const worth = (h: Hit) =>
      h.cue.weight < 0
        ? h.cue.weight
        : onlyFooter
          ? h.cue.weight / 2
          : place.inFirmName(h)
            ? h.cue.weight * FIRM_NAME
            : h.cue.weight * (place.inHeading(h) ? HEADING : 1)
    const shape = structure[categoryId] ?? []
    return {
      categoryId,
      score: Math.round((mine.reduce((s, h) => s + worth(h), 0) + shape.length * PAYROLL_GROUP) * 100) / 100,
      // Negative evidence lowers the score but is no reason for the category.
      reason: [...mine.filter((h) => h.cue.weight > 0).map((h) => h.word), ...shape],
      first: Math.min(...mine.filter((h) => h.cue.weight > 0 && h.start >= 0).map((h) => h.start)),
    }
    // Round 5: on a tie, the kind whose evidence stands first (nearest the title) wins, not the one listed first
    // in rules.ts ("Final invoice, property renovation … Energy-saving measures" is no bank document).
  }).sort((a, b) => b.score - a.score || a.first - b.first)
}
const HEADING = 1.25
const FIRM_NAME = 0.25
const SALARY = 1
const INSURANCE = 4
const PROPERTY = 13
/** Each kind of social insurance deducted from pay, and each of form 11's boxes 8 and 11: a typical stem's worth. */
const PAYROLL_GROUP = 3

/** Each category's score for a text, best first: what decided, for the bench's list of misses. */
export const categoryScores = (text: string) =>
  scoreAll(normalize(text)).map(({ categoryId, score, reason }) => ({ categoryId, score, reason }))

/** Classifies a document's text into a category (docs/documents.md). Pure: the same text gives the same answer. */
export function classify(text: string): Classification {
  const normalized = normalize(text)
  const language = guessLanguage(normalized)
  const scored = scoreAll(normalized)
  const [top, second] = [scored[0]!, scored[1]!]
  const year = documentYear(normalized)
  // Below 2 nothing is known; from 2 one kind's weak evidence alone is a guess (confidence below 0.5).
  if (top.score < 2) {
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
