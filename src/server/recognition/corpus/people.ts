/**
 * Invented people, firms and places for the labelled corpus: never real documents or
 * real people. A seeded generator makes every run produce the same corpus.
 */
export function rng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  }
}
export type Rng = Awaited<ReturnType<typeof rng>>

const FIRST = ['Anna', 'Luca', 'Sophie', 'Marco', 'Léa', 'Jonas', 'Chiara', 'Noah', 'Elena', 'Samuel', 'Mia', 'Julien']
const LAST = [
  'Beispiel',
  'Musterli',
  'Exemplaire',
  'Campione',
  'Brunnhofer',
  'Fontanaz',
  'Rossinelli',
  'Imbodenmatt',
  'Vuilleret',
  'Zgraggli',
]
const STREETS = [
  'Lindenweg',
  'Rue du Marché',
  'Via Cantonale',
  'Bahnhofstrasse',
  'Chemin des Vignes',
  'Seestrasse',
  'Via ai Monti',
]
const PLACES = [
  '8004 Zürich',
  '3011 Bern',
  '1003 Lausanne',
  '6900 Lugano',
  '4051 Basel',
  '1205 Genève',
  '9000 St. Gallen',
  '6003 Luzern',
]
const FIRMS = [
  'Alpenblick Logistik AG',
  'Horlogerie Fictive SA',
  'Ticino Servizi Inventati SA',
  'Brückenbau Muster GmbH',
  'Datenwerk Beispiel AG',
  'Atelier Imaginaire Sàrl',
]
const BANKS = [
  'Bank Seeblick AG',
  'Banque du Jura Fictive SA',
  'Banca della Valle Inventata SA',
  'Sparkasse Beispielthal',
]
const INSURERS = [
  'Krankenkasse Edelweiss Fiktiv',
  'Assurance Maladie Romande Fictive',
  'Cassa Malati Ticinese Inventata',
  'Helvetic Health Example',
]

export const person = (r: Rng) => `${r.pick(FIRST)} ${r.pick(LAST)}`
export const address = (r: Rng) => `${r.pick(STREETS)} ${r.int(1, 120)}, ${r.pick(PLACES)}`
export const firm = (r: Rng) => r.pick(FIRMS)
export const bank = (r: Rng) => r.pick(BANKS)
export const insurer = (r: Rng) => r.pick(INSURERS)

/** A valid (check digit) but invented AHV number. */
export function ahv(r: Rng): string {
  const digits = `756${Array.from({ length: 9 }, () => r.int(0, 9)).join('')}`
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0)
  const check = (10 - (sum % 10)) % 10
  const all = digits + check
  return `${all.slice(0, 3)}.${all.slice(3, 7)}.${all.slice(7, 11)}.${all.slice(11)}`
}

/** Swiss formatting: 85'400.00 */
export const chf = (n: number) => {
  const [whole, cents] = n.toFixed(2).split('.')
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${cents}`
}
