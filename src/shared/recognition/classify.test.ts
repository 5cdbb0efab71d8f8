import { describe, expect, test } from 'bun:test'
import { categoryScores, classify } from './classify'
import { amountsIn } from './amounts'
import { validAhv } from './fields'
import { documentYear } from './year'
import { normalize } from './normalize'
import { KINDS, LANGS, makeDoc } from '../../server/recognition/corpus/kinds'
import { rng } from '../../server/recognition/corpus/people'
import { plainText, wideCorpus } from '../../server/recognition/corpus/wide'

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

describe('the wide corpus, tuning material (issue 25): a sample of every kind, language and wording', () => {
  // One document per kind, language and wording of the tuning part and of rounds 1 to 4's held-out parts
  // (tuning material since), as its text layer reads. The held-out part is never used here: it measures the
  // rules in the bench only (corpus/README.md).
  const sample = (['tuning', 'round1', 'round2', 'round3', 'round4'] as const).flatMap((part) => wideCorpus(part, 1))
  test.each(sample.map((d) => [d.kind, d.lang, d.variant, d] as const))('%s (%s, %s)', (_k, _l, _v, doc) => {
    expect(classify(plainText(doc)).categoryId).toBe(doc.categoryId)
  })
  test('with OCR slips, at least 90 % are still right', () => {
    const right = sample.filter((d, i) => classify(ocrSlips(plainText(d), 1000 + i)).categoryId === d.categoryId)
    expect(right.length / sample.length).toBeGreaterThanOrEqual(0.9)
  })
})

describe('rules beyond single words (issue 25)', () => {
  const bankPage = [
    'Bank Seeblick AG',
    'Lindenweg 4, 8004 Zürich',
    'Anna Beispiel',
    'Seestrasse 1, 3011 Bern',
    'Kontoauszug 01.12.2024 - 31.12.2024',
    'Datum Text Belastung Gutschrift Saldo',
    '03.12.2024 Dauerauftrag Miete 1’800.00',
    '31.12.2024 Zinsgutschrift 12.40',
    'Schlusssaldo CHF 8’400.00',
  ]
  const advert = 'Vorsorgen mit der Säule 3a, gebundene Vorsorge, Vorsorgekonto: wir beraten Sie gerne.'
  test('advertising in the fine print counts half: a bank statement stays one', () => {
    expect(classify([...bankPage, advert].join('\n')).categoryId).toBe(2)
  })
  test('the same words above the foot count in full', () => {
    expect(
      classify([bankPage[0], advert, advert.replace('wir', 'Sie'), ...bankPage.slice(1)].join('\n')).categoryId,
    ).toBe(22)
  })
  test('a bill that says the basic insurance does not pay it is a receipt, not an insurance certificate', () => {
    // Without the negative evidence the insurance words (9) outweigh the dentist's (8).
    const bill =
      'Zahnarztpraxis Dr. Muster\nRechnung\nPatient: Anna\nKrankenkasse KVG Grundversicherung: nicht gedeckt.'
    expect(classify(bill).categoryId).toBe(5)
  })
  test('negative evidence is never given as a reason', () => {
    const c = classify('Prämienbestätigung 2024\nKrankenkasse KVG Franchise\nZahnbehandlungen sind nicht gedeckt.')
    expect(c.categoryId).toBe(4)
    expect(c.reason).toContain('pramienbestatigung')
    expect(c.reason).not.toContain('nicht gedeckt')
  })
  test('medical costs are receipts for deductions, in all four languages', () => {
    expect(classify('Apotheke zur Linde\nQuittung\nMedikamente CHF 42.00').categoryId).toBe(5)
    expect(classify('Pharmacie du Tilleul\nQuittance\nMédicaments CHF 42.00').categoryId).toBe(5)
    expect(classify('Farmacia del Tiglio\nRicevuta\nMedicamenti CHF 42.00').categoryId).toBe(5)
    expect(classify('Linden Pharmacy\nReceipt\nMedicines CHF 42.00').categoryId).toBe(5)
  })
  test("an elision's apostrophe read by OCR as a space, or not at all, still matches", () => {
    expect(classify("Certificat d'assurance 2024").categoryId).toBe(4)
    expect(classify('Certificat d assurance 2024').categoryId).toBe(4)
    expect(classify('Certificat dassurance 2024').categoryId).toBe(4)
  })
  test('"3a" on its own names the pillar, and a 3a tax statement is no securities statement', () => {
    expect(classify('Fiktiv Vorsorge\nKonto 3a\nEinzahlungen CHF 7’056.00').categoryId).toBe(22)
    expect(classify('3a tax statement 2024\nPortfolio value CHF 40’000.00').categoryId).toBe(22)
  })
})

describe('evidence that carries to unseen wording (issue 25, round 3)', () => {
  test('a stem finds its inflections and compounds: Prämien, Krankenkassenprämie, primes, premi', () => {
    expect(classify('Visum Kasse\nIhre Krankenkassenprämien 2024\nTotal CHF 4’200.00').categoryId).toBe(4)
    expect(classify('Caisse fictive\nVos primes 2024, assurance obligatoire des soins').categoryId).toBe(4)
    expect(classify('Cassa fittizia\nPremi 2024 assicurazione malattie\nTotale CHF 4’200.00').categoryId).toBe(4)
  })
  test('a stem still matches with one OCR slip ("Hypotbekarzinsen")', () => {
    expect(classify('Hypotbekarzinsen 2024\nCHF 8’000.00').categoryId).toBe(14)
    expect(classify('Hypothekarzinsen 2024\nCHF 8’000.00').categoryId).toBe(14)
  })
  test('one OCR slip anywhere in a long word: in its first three letters, its middle or its last', () => {
    for (const word of ['Hvpothekarzinsen', 'Hypotbekarzinsen', 'Hypothekarzinsem', 'Hypothekarzlnsen'])
      expect(classify(`${word} 2024\nCHF 8’000.00`).categoryId).toBe(14)
    // A stem compared with a longer word's start: "Krankenkassa" for "Krankenkasse".
    expect(classify('Ihre Krankenkassaprämie 2024').categoryId).toBe(4)
  })
  test('a title that names the mortgage beats the bank word it starts with ("Zinsausweis Ihrer Hypothek")', () => {
    const text = 'Bank Seeblick AG\nZinsausweis Ihrer Hypothek 2024\nSchuldzinsen  CHF 6’200.00'
    expect(classify(text).categoryId).toBe(14)
  })
  test('a negated word is no evidence: "kein Konto 3a" on a savings account statement', () => {
    const text = [
      'Bank Fiktiv',
      'Saldobestätigung Sparkonto 2024',
      'Saldo per 31.12.2024  CHF 3’100.00',
      'Dies ist kein Vorsorgekonto der Säule 3a.',
    ].join('\n')
    const pillar = (t: string) => categoryScores(t).find((x) => x.categoryId === 22)!.score
    expect(classify(text).categoryId).toBe(2)
    expect(pillar(text)).toBeLessThan(pillar(text.replace('kein Vorsorgekonto', 'ein Vorsorgekonto')) - 3)
  })
  test('a credit advice for the third pillar is the pillar, not the salary its fine print names', () => {
    const text = 'Credit advice, retirement savings\nPayment, third pillar 2025  7’056.00\nMaximum for employees'
    expect(classify(text).categoryId).toBe(22)
  })
  test('receipts for deductions: an optician, a hospital share, a party contribution, a parish collection', () => {
    expect(classify('Optik Fiktiv\nKaufbeleg\nGleitsichtgläser  724.00\nFassung  301.00').categoryId).toBe(5)
    expect(classify('Hôpital Fictif\nFacture séjour hospitalier, votre part  195.00').categoryId).toBe(5)
    expect(classify('Partito Fittizio\nQuota sociale 2021  117.00\nCampagna elettorale  697.00').categoryId).toBe(5)
    expect(classify('Parrocchia Fittizia\nOfferte e collette 2021  228.00').categoryId).toBe(5)
  })
  test('a real-estate tax assessment is a property document, not securities for its "Steuerwert"', () => {
    const text = 'Gemeindesteueramt\nVeranlagung Liegenschaftssteuer 2025\nMassgebender Steuerwert  326’000.00'
    expect(classify(text).categoryId).toBe(13)
  })
  test('weak evidence for one kind alone is a guess (confidence below 0.5), not "I don\'t know"', () => {
    const c = classify('Beleg 12.03.2024\nMonture  301.00')
    expect(c.categoryId).toBe(5)
    expect(c.confidence).toBeLessThan(0.5)
    expect(c.confidence).toBeGreaterThan(0)
  })
  test('the same words count more in the heading zone (the upper third) than in the body', () => {
    const filler = Array.from({ length: 8 }, (_, i) => `Zeile ${i}`)
    const transport = (lines: string[]) => categoryScores(lines.join('\n')).find((x) => x.categoryId === 21)!.score
    const heading = transport(['Abonnement 2024', ...filler])
    const body = transport([...filler.slice(0, 6), 'Abonnement 2024', ...filler.slice(6)])
    expect(heading).toBeGreaterThan(body)
  })
})

describe("a salary statement's own words and structure (issue 25, round 4)", () => {
  const pharmacyPay = [
    'Farmacia Centrale Esempio SA',
    'Via Cantonale 3, 6900 Lugano',
    'Signora Anna Campione',
    'Via ai Monti 12, 6600 Locarno',
    'Lugano, 22.03.2024',
    'Prospetto annuale della retribuzione 2023',
    'Retribuzione da gennaio a dicembre  CHF 59’316.85',
  ].join('\n')
  test("the employer's trade in its name does not make a pay summary a pharmacy's receipt", () => {
    // Without the firm-name rule "farmacia" in the heading (7.5) outweighs the pay word (4).
    expect(classify(pharmacyPay).categoryId).toBe(1)
    // The same trade outside a firm's name still counts in full: a pharmacy's receipt stays one.
    expect(classify('Farmacia Centrale\nRicevuta\nMedicamenti  CHF 42.00').categoryId).toBe(5)
  })
  test('a word inside a name that ends in a legal form counts a quarter', () => {
    const medical = (t: string) => categoryScores(t).find((x) => x.categoryId === 5)!.score
    expect(medical('Apotheke Sonnenhof AG\nZeile')).toBe(medical('Apotheke Sonnenhof\nZeile') / 4 / 1.25)
    expect(medical('Arbeitgeber: Apotheke Sonnenhof GmbH, Bern')).toBeLessThan(medical('Apotheke Sonnenhof, Bern'))
  })
  const deductions = [
    'Softbau Fiktiv',
    'Pay summary 2025',
    'Pay January to December  CHF 71’475.00',
    'Pension fund deduction  CHF 2’270.80',
    'Sickness benefit deduction  CHF 553.40',
  ].join('\n')
  test('insurance deducted from pay makes a salary statement, not a pension buy-in', () => {
    // Without the payroll rule "pension fund" (6) outweighs the pay words.
    const c = classify(deductions)
    expect(c.categoryId).toBe(1)
    expect(c.reason).toEqual(expect.arrayContaining(['pension fund', 'sickness benefit']))
    expect(categoryScores(deductions).find((x) => x.categoryId === 23)!.score).toBe(0)
  })
  const salary = (t: string) => categoryScores(t).find((x) => x.categoryId === 1)!.score
  test('each kind of social insurance deducted counts once, and an AHV number is no deduction', () => {
    const text = (t: string) => `Abrechnung 2024\nTotal  CHF 80’000.00\n${t}`
    const reason = (t: string) => classify(text(t)).reason
    expect(reason('Abzüge AHV/IV/EO/ALV  -4’400.00')).toEqual(expect.arrayContaining(['ahv', 'alv']))
    const pack = 'Abzüge AHV/IV/EO/ALV  -4’400.00'
    expect(salary(text(`${pack}\nAHV  -1.00\nALV  -1.00`))).toBe(salary(text(pack)))
    expect(reason('Abzüge AHV/IV/EO/ALV/NBU/BVG  -4’400.00')).toEqual(
      expect.arrayContaining(['ahv', 'alv', 'nbu', 'bvg']),
    )
    expect(reason('Abzug AHV-Nr. 756.1234.5678.97')).not.toContain('ahv')
    expect(reason('AHV/IV/EO/ALV  4’400.00')).toContain('alv')
    expect(reason('ALV  4’400.00')).not.toContain('alv')
  })
  test('social insurance deducted from pay is evidence of a salary statement on its own', () => {
    const text = 'Übersicht 2024\nAbzug AHV  -3’000.00\nAbzug ALV  -600.00\nAbzug BVG  -4’000.00'
    expect(classify(text)).toMatchObject({ categoryId: 1, reason: ['ahv', 'alv', 'bvg'] })
  })
  test('a buy-in, the third pillar or a deduction from taxable income beside "BVG" is no payroll deduction', () => {
    const buyin = 'Pensionskasse Fiktiv\nEinkauf in die BVG-Vorsorge, Abzug vom steuerbaren Einkommen  CHF 20’000.00'
    expect(classify(buyin).categoryId).toBe(23)
    expect(salary(buyin)).toBe(salary(buyin.replace('BVG', 'XYZ')))
    const pillar = 'Vorsorgekonto 3a\nBeitrag 3a für Personen mit BVG  CHF 7’056.00'
    expect(classify(pillar).categoryId).toBe(22)
    expect(salary(pillar)).toBe(salary(pillar.replace('BVG', 'XYZ')))
  })
  test("a buy-in's years of contribution under the BVG are no payroll deduction", () => {
    const buyin = 'Caisse de prévoyance Fictive\nRattrapage d’années de cotisation (LPP)  CHF 20’000.00'
    expect(classify(buyin).categoryId).toBe(23)
    expect(salary(buyin)).toBe(salary(buyin.replace('LPP', 'XYZ')))
  })
  test("the salary certificate's boxes 8 (gross) and 11 (net) are a salary statement's", () => {
    const form = 'Fiktiv AG\n1. Pay  100’000.00\n8. Gross total  100’000.00\n11. Net  91’000.00'
    expect(classify(form).reason).toEqual(expect.arrayContaining(['8. gross', '11. net']))
    expect(classify(form).categoryId).toBe(1)
    expect(salary(form)).toBe(salary(form.replace('8. ', '').replace('11. ', '')) + 6)
  })
})

describe('the insured object and ties (issue 25, round 5)', () => {
  const premiumInvoice = [
    'Kantonale Versicherungsanstalt',
    'Herr Urs Muster, Dorfstrasse 3, 4410 Liestal',
    'Jahresprämie 2024',
    'Police 4471, Versicherungswert CHF 820’000',
    'Prämie Feuer und Elementarschäden  CHF 412.00',
    'Die Versicherungsprämien für das Gebäude sind abziehbar.',
  ]
  test("a building's insurance premium is the property's upkeep, not a person's insurance", () => {
    expect(classify(premiumInvoice.join('\n')).categoryId).toBe(13)
    const en = ['Cantonal Insurance Office', 'Annual premium 2024', 'Fire and natural hazards  CHF 412.00']
    expect(classify([...en, 'Your building insurance, policy 4471'].join('\n')).categoryId).toBe(13)
    expect(classify([...en, 'Your insurance, policy 4471'].join('\n')).categoryId).toBe(4)
  })
  test('a health insurer stays one; a building insurer named only in the fine print changes nothing', () => {
    const health = ['Krankenkasse Muster', 'Prämie 2024 Grundversicherung  CHF 4’100.00', 'Franchise 300']
    const filler = ['Herr Urs Muster', 'Dorfstrasse 3', '4410 Liestal', 'Liestal, 3. Januar 2025', 'Seite 1']
    const advert = 'Unsere Partner: Gebäudeversicherung, Hausrat und Haftpflicht zu Vorzugsprämien.'
    expect(classify([...health, ...filler, advert].join('\n')).categoryId).toBe(4)
  })
  test("a renovation's invoice is the property's: upkeep, facade, energy-saving work (round 4's words)", () => {
    const text = ['Example Builders Ltd', 'Invoice 2024/118', 'Facade repairs and upkeep  CHF 9’400.00']
    expect(classify([...text, 'Energy-saving windows  CHF 6’100.00'].join('\n')).categoryId).toBe(13)
  })
  test('"outside pay" says the pay does not apply: an employee share plan\'s custody statement', () => {
    const text = ['Estratto deposito azioni dei collaboratori 2023', 'Azioni bloccate (fuori stipendio)']
    expect(categoryScores(text.join('\n')).find((s) => s.categoryId === 1)!.reason).not.toContain('stipendio')
  })
  test('on a tie, the kind whose evidence stands first wins, not the one listed first in the rules', () => {
    const filler = ['Example Joinery Ltd', '3 Mill Lane', '4410 Liestal', 'Mr Urs Muster', '1 Brook Road']
    const text = [...filler, 'Date 3 March', 'Works: renovation', 'Total CHF 800.00', 'Saving time: we fetch it']
    const [first, second] = categoryScores(text.join('\n'))
    expect(first!.score).toBe(second!.score)
    expect(classify(text.join('\n')).categoryId).toBe(13)
  })
})
