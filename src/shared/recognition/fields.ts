import { amountsIn } from './amounts'
import type { EStatement } from './e-statement'

/** The label before a Pillar 3a contribution, in four languages (folded text: no accents, lower case). */
const PILLAR_3A_LABEL = new RegExp(
  `(?:${[
    'einzahlung',
    'einbezahlt',
    'beitrag',
    'beitrage',
    'versement',
    'versements',
    'cotisation',
    'cotisations',
    'versamento',
    'versamenti',
    'contributo',
    'contributi',
    'contribution',
    'contributions',
  ].join('|')})[^\\d]*`,
)
/** The label before the mortgage interest paid, in four languages. */
const MORTGAGE_INTEREST_LABEL = new RegExp(
  `(?:${[
    'bezahlte?[rn]? (?:hypothekar)?zins(?:en)?',
    '(?:hypothekar)?zins(?:en)? bezahlt',
    'zinsbelastung',
    'interets (?:hypothecaires )?(?:payes|debites)',
    'interessi (?:ipotecari )?(?:pagati|addebitati)',
    'interest paid',
    'mortgage interest paid',
  ].join('|')})[^\\d]*`,
)

/** Fields an expert wants from some kinds of documents (docs/recognition.md). Amounts in CHF. */
export interface RecognisedFields {
  grossSalary?: number
  netSalary?: number
  ahvNumber?: string
  employer?: string
  pillar3aContribution?: number
  mortgageInterest?: number
  year?: number
  /** An e-Steuerauszug read from its barcodes (docs/recognition.md). */
  statement?: EStatement
}

/** Dates, percentages and AHV numbers look like amounts; they are blanked before amounts are read. */
const noise = (line: string) =>
  line
    .replace(/\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/g, ' ')
    .replace(/\d+(?:[.,]\d+)?\s?%/g, ' ')
    .replace(/756[.\s]?\d{4}[.\s]?\d{4}[.\s]?\d{2}/g, ' ')
    .replace(/\b(?:19|20)\d{2}\b/g, ' ')

/** The amount after a label: on the label's line, or the next line when the label stands alone. */
function amountAfter(lines: string[], label: RegExp, { min = 1, max = 10_000_000 } = {}): number | undefined {
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!)
    if (!m) continue
    for (const candidate of [lines[i]!.slice(m.index + m[0].length), lines[i + 1] ?? '']) {
      const found = amountsIn(noise(candidate)).filter((a) => a >= min && a <= max)
      if (found.length) return found.at(-1)
    }
  }
  return undefined
}

/** EAN-13 check digit of a 13-digit AHV number (756…). */
export function validAhv(digits: string): boolean {
  if (!/^756\d{10}$/.test(digits)) return false
  const sum = [...digits.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === Number(digits[12])
}

function ahvNumber(text: string): string | undefined {
  for (const m of text.matchAll(/756[.\s]?(\d{4})[.\s]?(\d{4})[.\s]?(\d{2})/g)) {
    const digits = `756${m[1]}${m[2]}${m[3]}`
    if (validAhv(digits)) return `756.${m[1]}.${m[2]}.${m[3]}`
  }
  return undefined
}

const COMPANY = /\b(?:ag|gmbh|sa|sarl|sagl|s\.a\.|ltd|inc|genossenschaft|cooperative|cooperativa)\b/i

/** The employer: the line after an "employer" label, else the first line naming a company. Original spelling kept. */
function employer(original: string[], lines: string[]): string | undefined {
  const label = /^(?:arbeitgeber(?:in)?|employeur|datore di lavoro|employer)\b[\s:/-]*/
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!)
    if (!m) continue
    const rest = original[i]!.slice(m[0].length).trim()
    const value = rest.length >= 3 ? rest : (original[i + 1] ?? '').trim()
    if (value.length >= 3)
      return value
        .split(/\s{2,}|,/)[0]!
        .trim()
        .slice(0, 120)
  }
  const company = original.find((l) => COMPANY.test(l))
  return company?.trim().slice(0, 120)
}

/** Fields of a recognised category; `original` and `normalized` have the same lines. */
export function extractFields(categoryId: number, original: string, normalized: string): RecognisedFields {
  const lines = normalized.split('\n')
  const originalLines = original
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  const fields: RecognisedFields = {}
  if (categoryId === 1) {
    fields.grossSalary = amountAfter(
      lines,
      /(?:^|\s)8\.?\s*(?:bruttolohn|salaire brut|salario lordo|gross salary)[^\d]*/,
    )
    fields.netSalary = amountAfter(lines, /(?:^|\s)11\.?\s*(?:nettolohn|salaire net|salario netto|net salary)[^\d]*/)
    fields.ahvNumber = ahvNumber(normalized)
    fields.employer = lines.length === originalLines.length ? employer(originalLines, lines) : undefined
  }
  if (categoryId === 22) {
    fields.pillar3aContribution = amountAfter(lines, PILLAR_3A_LABEL, { max: 100_000 })
  }
  if (categoryId === 14) {
    fields.mortgageInterest = amountAfter(lines, MORTGAGE_INTEREST_LABEL)
  }
  for (const key of Object.keys(fields) as (keyof RecognisedFields)[]) if (fields[key] === undefined) delete fields[key]
  return fields
}
