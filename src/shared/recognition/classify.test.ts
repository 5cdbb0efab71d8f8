import { describe, expect, test } from 'bun:test'
import { classify } from './classify'
import { amountsIn } from './amounts'
import { validAhv } from './fields'
import { documentYear } from './year'
import { normalize } from './normalize'
import { KINDS, LANGS, makeDoc } from '../../server/recognition/corpus/kinds'
import { rng } from '../../server/recognition/corpus/people'

/** Simulated OCR slips: a few letters swapped for look-alikes, as Tesseract does on poor scans. */
function ocrSlips(text: string, seed: number): string {
  const r = rng(seed)
  const look: Record<string, string> = { l: 'I', i: 'l', o: '0', e: 'c', a: 'e', n: 'rn', u: 'v' }
  return text.replace(/[lioeanu]/g, (c) => (r.next() < 0.04 ? look[c]! : c))
}

describe('the classifier on the generated corpus (11 kinds × 4 languages)', () => {
  const r = rng(42)
  const docs = KINDS.flatMap((kind) => LANGS.map((lang) => makeDoc(kind, lang, r, r.int(2021, 2025))))
  test.each(docs.map((d) => [d.kind, d.lang, d] as const))('%s (%s): category, language, year', (_k, _l, doc) => {
    const c = classify(doc.lines.join('\n'))
    expect(c.categoryId).toBe(doc.categoryId)
    expect(c.confidence).toBeGreaterThanOrEqual(0.7)
    expect(c.fields.year).toBe(doc.year)
    expect(c.reason.length).toBeGreaterThan(0)
    if (doc.kind !== 'salary') expect(c.language).toBe(doc.lang)
  })

  test.each(LANGS)('salary statement (%s): gross (box 8), net (box 11), AHV number and employer exact', (lang) => {
    const doc = makeDoc('salary', lang, rng(lang.charCodeAt(0)), 2024)
    const c = classify(doc.lines.join('\n'))
    expect(c.fields).toMatchObject({
      grossSalary: doc.expect.grossSalary,
      netSalary: doc.expect.netSalary,
      ahvNumber: doc.expect.ahvNumber,
    })
    expect(c.fields.employer).toMatch(/(AG|SA|GmbH|Sàrl)$/)
  })

  test('OCR slips: most documents are still recognised, by fuzzy title matching', () => {
    let right = 0
    for (const [i, doc] of docs.entries())
      if (classify(ocrSlips(doc.lines.join('\n'), i)).categoryId === doc.categoryId) right++
    expect(right / docs.length).toBeGreaterThanOrEqual(0.85)
  })
})

describe('classifier details', () => {
  test('nothing known: Other Documents with confidence 0', () => {
    expect(classify('Liebe Grüsse aus den Ferien, bis bald!')).toMatchObject({
      categoryId: 25,
      confidence: 0,
      fields: {},
    })
  })
  test('short cues match whole words only ("prime" is not in "imprimé")', () => {
    expect(classify('Document imprimé le 3 mars').categoryId).toBe(25)
  })
  test('a runner-up lowers the confidence', () => {
    const clear = classify('Prämienbestätigung 2024 Krankenkasse KVG Franchise')
    const mixed = classify(
      'Prämienbestätigung 2024 Krankenkasse KVG Franchise\nZinsausweis Sparkonto Saldo per 31.12.2024',
    )
    expect(clear.categoryId).toBe(4)
    expect(mixed.confidence).toBeLessThan(clear.confidence)
  })
  test('Swiss amounts', () => {
    expect(amountsIn("CHF 85'400.00 und 85’400.– und 85 400.00 und 1234,50")).toEqual([85400, 85400, 85400, 1234.5])
  })
  test('AHV check digit', () => {
    expect(validAhv('7569217076985')).toBe(true)
    expect(validAhv('7569217076986')).toBe(false)
  })
  test('the year: explicit words beat an issue date in January', () => {
    expect(documentYear(normalize('Datum: 15.01.2025\nSteuerjahr 2024\nSaldo per 31.12.2024'))).toBe(2024)
    expect(documentYear(normalize('no year here'))).toBeNull()
  })
})
