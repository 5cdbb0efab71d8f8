// The wide corpus (issue 25): every kind in four languages, several wordings, layouts and issuers' fine
// print, split once into a tuning part and a held-out part (README.md). Deterministic: seeded.
import { KINDS, LANGS, makeDoc, type Lang } from './kinds'
import { rng, type Rng } from './people'
import { TUNING, TUNING_MORE, type Variant } from './tuning'
import { ROUND1 } from './round1'
import { ROUND2 } from './round2'
import { ROUND3 } from './round3'
import { ROUND4 } from './round4'
import { HELD_OUT } from './held-out'

export type Part = 'tuning' | 'round1' | 'round2' | 'round3' | 'round4' | 'held-out'
export const SEEDS: Record<Part, number> = {
  tuning: 2027,
  round1: 90_210,
  round2: 31_337,
  round3: 4_711,
  round4: 52_813,
  'held-out': 70_417,
}
export type Layout = 'letter' | 'table' | 'window' | 'dense'
export const LAYOUTS: Layout[] = ['letter', 'table', 'window', 'dense']
export interface WideDoc {
  part: Part
  kind: string
  categoryId: number
  lang: Lang
  year: number
  /** Which wording: v0, v1 (tuning), h1, h2 (round 1's held-out), r1, r2 (round 2's), s1, s2 (round 3's),
   * u1, u2 (round 4's), w1, w2 (held-out). */
  variant: string
  layout: Layout
  /** "# " starts a title, "_ " a line of fine print at the page's foot; two spaces part a label from an amount. */
  lines: string[]
  /** Seed for this document's rendering noise (scan, photo). */
  seed: number
}

const CATEGORY: Record<string, number> = {
  salary: 1,
  bank: 2,
  health: 4,
  donation: 5,
  medical: 5,
  securities: 10,
  mortgage: 14,
  transport: 21,
  pillar3a: 22,
  buyin: 23,
  childcare: 32,
  property: 13,
}
export const WIDE_KINDS = [...KINDS, 'medical'] as string[]
const BANKISH = new Set(['bank', 'securities', 'mortgage', 'pillar3a'])

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })
/** Fine print: each part has its own sentences. */
const FOOTERS: Record<Part, { any: L4[]; bank: L4[] }> = {
  tuning: {
    any: [
      t(
        'Dieses Dokument wurde maschinell erstellt und ist ohne Unterschrift gültig.',
        'Ce document a été établi électroniquement et est valable sans signature.',
        'Il presente documento è stato allestito elettronicamente ed è valido senza firma.',
        'This document was produced electronically and is valid without signature.',
      ),
    ],
    bank: [
      t(
        'Sparen, Vorsorgen mit der Säule 3a, Hypotheken: unsere Beraterinnen sind für Sie da.',
        'Épargne, prévoyance pilier 3a, hypothèques: nos conseillers sont à votre service.',
        'Risparmio, previdenza pilastro 3a, ipoteche: i nostri consulenti sono a sua disposizione.',
        'Savings, pillar 3a pensions, mortgages: our advisers are here for you.',
      ),
    ],
  },
  round1: {
    any: [
      t(
        'Seite 1/1 – Bitte bewahren Sie dieses Dokument bei Ihren Steuerunterlagen auf.',
        'Page 1/1 – Veuillez conserver ce document avec vos pièces fiscales.',
        'Pagina 1/1 – Conservi questo documento con i suoi documenti fiscali.',
        'Page 1/1 – Please keep this document with your tax records.',
      ),
    ],
    bank: [
      t(
        'Hypotheken, Anlagefonds und Vorsorgekonto 3a: vereinbaren Sie jetzt einen Beratungstermin.',
        'Hypothèques, fonds de placement et compte 3a: prenez rendez-vous avec votre conseiller.',
        'Ipoteche, fondi d’investimento e conto 3a: fissi un appuntamento con il suo consulente.',
        'Mortgages, investment funds and 3a accounts: book an appointment with your adviser.',
      ),
    ],
  },
  round2: {
    any: [
      t(
        'Fragen? Unser Kundendienst hilft Ihnen gerne weiter: Montag bis Freitag, 8 bis 17 Uhr.',
        'Des questions? Notre service clientèle vous répond du lundi au vendredi, de 8 h à 17 h.',
        'Domande? Il nostro servizio clienti risponde dal lunedì al venerdì, dalle 8 alle 17.',
        'Questions? Our customer service is happy to help, Monday to Friday, 8 am to 5 pm.',
      ),
    ],
    bank: [
      t(
        'Jetzt neu: Hypothek online verlängern, Fondssparplan ab CHF 50 und 3a-App mit Wertschriften.',
        'Nouveau: prolongez votre hypothèque en ligne, plan d’épargne en fonds dès CHF 50, app 3a en titres.',
        'Novità: rinnovo dell’ipoteca online, piano di risparmio in fondi da CHF 50, app 3a con titoli.',
        'New: renew your mortgage online, fund savings plans from CHF 50 and a 3a app with securities.',
      ),
    ],
  },
  round3: {
    any: [
      t(
        'Diese Bestätigung ersetzt alle früheren. Datenschutz: www.beispiel.ch/datenschutz',
        'La présente attestation annule les précédentes. Protection des données: www.exemple.ch/donnees',
        'La presente conferma sostituisce le precedenti. Protezione dei dati: www.esempio.ch/privacy',
        'This confirmation replaces any earlier one. Privacy: www.example.ch/privacy',
      ),
      t(
        'Bei Zahlungsverzug erheben wir eine Mahngebühr von CHF 20.',
        'En cas de retard de paiement, des frais de rappel de CHF 20 sont perçus.',
        'In caso di ritardo nel pagamento addebitiamo una tassa di sollecito di CHF 20.',
        'A reminder fee of CHF 20 is charged for late payment.',
      ),
    ],
    bank: [
      t(
        'Sichern Sie sich jetzt Vorzugszinsen: Festgeld, Aktienfonds, Lebensversicherung und ' +
          'Krankenzusatzversicherung bei unseren Partnern.',
        'Profitez de taux préférentiels: dépôt à terme, fonds en actions, assurance vie et complémentaire santé ' +
          'chez nos partenaires.',
        'Approfitti di tassi preferenziali: deposito a termine, fondi azionari, assicurazione vita e ' +
          'complementare malattia presso i nostri partner.',
        'Get preferential rates now: term deposits, equity funds, life insurance and health add-ons with our partners.',
      ),
    ],
  },
  round4: {
    any: [
      t(
        'Bitte prüfen Sie diese Angaben und melden Sie Fehler innert 30 Tagen.',
        'Veuillez vérifier ces indications et signaler toute erreur dans les 30 jours.',
        'Verifichi questi dati e ci segnali eventuali errori entro 30 giorni.',
        'Please check these details and report any error within 30 days.',
      ),
      t(
        'Zahlbar innert 30 Tagen netto. MWST-Nr. CHE-123.456.789',
        'Payable dans les 30 jours net. N° TVA CHE-123.456.789',
        'Pagabile entro 30 giorni netto. N. IVA CHE-123.456.789',
        'Payable within 30 days net. VAT no. CHE-123.456.789',
      ),
    ],
    bank: [
      t(
        'Lohnkonto mit Zinsbonus, Vorsorgefonds und Eigenheimfinanzierung: fragen Sie uns.',
        'Compte salaire avec bonus d’intérêt, fonds de prévoyance et financement du logement: parlons-en.',
        'Conto salario con bonus d’interesse, fondi previdenziali e finanziamento della casa: ne parli con noi.',
        'Salary account with an interest bonus, pension funds and home financing: ask us.',
      ),
    ],
  },
  'held-out': {
    any: [
      t(
        'Aufbewahren für die Steuererklärung. Auskunft: Telefon während der Bürozeiten.',
        'À conserver pour la déclaration d’impôt. Renseignements: par téléphone aux heures de bureau.',
        'Da conservare per la dichiarazione d’imposta. Informazioni: per telefono negli orari d’ufficio.',
        'Keep for your tax return. Enquiries: by telephone during office hours.',
      ),
      t(
        'Gerichtsstand ist der Sitz des Ausstellers. Es gelten die Allgemeinen Geschäftsbedingungen.',
        'Le for juridique est au siège de l’émetteur. Les conditions générales s’appliquent.',
        'Il foro competente è la sede dell’emittente. Si applicano le condizioni generali.',
        'Place of jurisdiction is the issuer’s seat. Our general terms apply.',
      ),
    ],
    bank: [
      t(
        'Ihr Eigenheim energetisch sanieren? Unsere Ökohypothek, Versicherungslösungen und Anlagepläne helfen.',
        'Rénover votre logement? Notre hypothèque verte, nos solutions d’assurance et plans de placement vous aident.',
        'Risanare la sua casa? La nostra ipoteca verde, soluzioni assicurative e piani d’investimento la aiutano.',
        'Renovating your home? Our green mortgage, insurance solutions and investment plans can help.',
      ),
    ],
  },
}

/** The wordings of a kind in a part. */
function variants(part: Part, kind: string): { name: string; make: Variant }[] {
  if (part !== 'tuning') {
    const [a, b] = { round1: ROUND1, round2: ROUND2, round3: ROUND3, round4: ROUND4, 'held-out': HELD_OUT }[part][kind]!
    const names = {
      round1: ['h1', 'h2'],
      round2: ['r1', 'r2'],
      round3: ['s1', 's2'],
      round4: ['u1', 'u2'],
      'held-out': ['w1', 'w2'],
    }[part]
    return [
      { name: names[0]!, make: a },
      { name: names[1]!, make: b },
    ]
  }
  const first: Variant = (KINDS as string[]).includes(kind)
    ? (lang, r, year) => makeDoc(kind as (typeof KINDS)[number], lang, r, year).lines
    : TUNING_MORE[kind]!
  return [
    { name: 'v0', make: first },
    { name: 'v1', make: TUNING[kind]! },
  ]
}

/** kinds.ts marks no titles: its first line after a blank that starts with a capital and is short is one. */
const markTitles = (lines: string[]) =>
  lines.map((l, i) =>
    i > 0 && lines[i - 1] === '' && /^[A-ZÄÖÜÉÈ]/.test(l) && l.length < 80 && !/\d{4}-\d/.test(l) ? `# ${l}` : l,
  )

/**
 * `perVariant` documents of every kind, language and wording in one part. The parts differ in wordings,
 * fine print and seeds; layouts rotate in both.
 */
export function wideCorpus(part: Part, perVariant = 2): WideDoc[] {
  const r: Rng = rng(SEEDS[part])
  const out: WideDoc[] = []
  for (const kind of WIDE_KINDS)
    for (const lang of LANGS)
      for (const v of variants(part, kind))
        for (let i = 0; i < perVariant; i++) {
          const year = r.int(2021, 2025)
          let lines = v.make(lang, r, year)
          if (v.name === 'v0') lines = markTitles(lines)
          if (r.next() < 0.6) {
            const pool = BANKISH.has(kind) && r.next() < 0.7 ? FOOTERS[part].bank : FOOTERS[part].any
            lines = [...lines, `_ ${r.pick(pool)[lang]}`]
          }
          out.push({
            part,
            kind,
            categoryId: CATEGORY[kind]!,
            lang,
            year,
            variant: v.name,
            layout: r.pick(LAYOUTS),
            lines,
            seed: r.int(1, 2 ** 30),
          })
        }
  return out
}

/** A document's text as a reader would get it from a text layer: markers removed, lines kept. */
export const plainText = (doc: WideDoc) => doc.lines.map((l) => l.replace(/^[#_] /, '')).join('\n')
