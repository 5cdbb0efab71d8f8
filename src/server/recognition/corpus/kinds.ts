import { ahv, address, bank, chf, firm, insurer, person, type Rng } from './people'

export type Lang = 'de' | 'fr' | 'it' | 'en'
export const LANGS: Lang[] = ['de', 'fr', 'it', 'en']
export interface CorpusDoc {
  kind: Kind
  lang: Lang
  year: number
  categoryId: number
  lines: string[]
  expect: { grossSalary?: number; netSalary?: number; ahvNumber?: string }
}
type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })

/** One invented document of a kind: its lines, top to bottom, as printed. */
type Template = (lang: Lang, r: Rng, year: number) => { lines: string[]; expect?: CorpusDoc['expect'] }

const letterHead = (r: Rng, issuer: string, lang: Lang, year: number) => [
  issuer,
  address(r),
  '',
  person(r),
  address(r),
  '',
  `${t('Datum', 'Date', 'Data', 'Date')[lang]}: ${r.int(5, 28)}.01.${year + 1}`,
  '',
]

const TEMPLATES: Record<string, { categoryId: number; make: Template }> = {
  salary: {
    categoryId: 1,
    make: (lang, r, year) => {
      const gross = r.int(42, 160) * 1000 + r.int(0, 19) * 50
      const social = Math.round(gross * 0.064 * 100) / 100
      const bvg = Math.round(gross * 0.05 * 100) / 100
      const net = Math.round((gross - social - bvg) * 100) / 100
      const number = ahv(r)
      const employer = firm(r)
      const L = {
        de: [
          'Lohnausweis – Certificat de salaire – Certificato di salario',
          'Formular 11',
          `Jahr ${year}`,
          `AHV-Nr. ${number}`,
          `von 01.01.${year} bis 31.12.${year}`,
          `1. Lohn soweit nicht unter Ziffer 2-7 aufzuführen  ${chf(gross)}`,
          `8. Bruttolohn total / Rente  ${chf(gross)}`,
          `9. Beiträge AHV/IV/EO/ALV/NBUV  ${chf(social)}`,
          `10.1 Berufliche Vorsorge 2. Säule – ordentliche Beiträge  ${chf(bvg)}`,
          `11. Nettolohn / Rente  ${chf(net)}`,
          `Arbeitgeber: ${employer}`,
          'Richtig und vollständig bestätigt',
        ],
        fr: [
          'Certificat de salaire – Lohnausweis – Certificato di salario',
          'Formulaire 11',
          `Année ${year}`,
          `No AVS ${number}`,
          `du 01.01.${year} au 31.12.${year}`,
          `1. Salaire  ${chf(gross)}`,
          `8. Salaire brut total / Rente  ${chf(gross)}`,
          `9. Cotisations AVS/AI/APG/AC/AANP  ${chf(social)}`,
          `10.1 Prévoyance professionnelle 2e pilier – cotisations ordinaires  ${chf(bvg)}`,
          `11. Salaire net / Rente  ${chf(net)}`,
          `Employeur: ${employer}`,
          'Certifié exact et complet',
        ],
        it: [
          'Certificato di salario – Lohnausweis – Certificat de salaire',
          'Modulo 11',
          `Anno ${year}`,
          `N. AVS ${number}`,
          `dal 01.01.${year} al 31.12.${year}`,
          `1. Salario  ${chf(gross)}`,
          `8. Salario lordo totale / Rendita  ${chf(gross)}`,
          `9. Contributi AVS/AI/IPG/AD/AINP  ${chf(social)}`,
          `10.1 Previdenza professionale 2° pilastro – contributi ordinari  ${chf(bvg)}`,
          `11. Salario netto / Rendita  ${chf(net)}`,
          `Datore di lavoro: ${employer}`,
          'Certificato esatto e completo',
        ],
        en: [
          'Salary certificate (Lohnausweis / Certificat de salaire)',
          'Form 11',
          `Year ${year}`,
          `AHV no. ${number}`,
          `from 01.01.${year} to 31.12.${year}`,
          `1. Salary  ${chf(gross)}`,
          `8. Gross salary total / pension  ${chf(gross)}`,
          `9. Contributions AHV/IV/EO/ALV/NBUV  ${chf(social)}`,
          `10.1 Occupational pension – ordinary contributions  ${chf(bvg)}`,
          `11. Net salary / pension  ${chf(net)}`,
          `Employer: ${employer}`,
          'Certified correct and complete',
        ],
      }[lang]
      return {
        lines: [person(r), address(r), '', ...L],
        expect: { grossSalary: gross, netSalary: net, ahvNumber: number },
      }
    },
  },
  bank: {
    categoryId: 2,
    make: (lang, r, year) => {
      const balance = r.int(500, 90000) + r.int(0, 99) / 100
      const interest = Math.round(balance * 0.002 * 100) / 100
      return {
        lines: [
          ...letterHead(r, bank(r), lang, year),
          t(
            'Zinsausweis und Saldobestätigung',
            "Attestation d'intérêts et de solde",
            'Attestazione degli interessi e del saldo',
            'Interest certificate and balance confirmation',
          )[lang],
          `${t('Privatkonto', 'Compte privé', 'Conto privato', 'Current account')[lang]} IBAN CH93 0076 2011 6238 ` +
            `5295 7`,
          `${t('Saldo per', 'Solde au', 'Saldo al', 'Balance as at')[lang]} 31.12.${year}  CHF ${chf(balance)}`,
          `${t('Habenzins', 'Intérêts créditeurs', 'Interessi creditori', 'Credit interest')[lang]} ${year}  CHF ` +
            `${chf(interest)}`,
          `${
            t('Verrechnungssteuer 35 %', 'Impôt anticipé 35 %', 'Imposta preventiva 35 %', 'Withholding tax 35 %')[lang]
          }  CHF ${chf(interest * 0.35)}`,
        ],
      }
    },
  },
  health: {
    categoryId: 4,
    make: (lang, r, year) => {
      const monthly = r.int(280, 620) + r.int(0, 19) * 0.05
      return {
        lines: [
          ...letterHead(r, insurer(r), lang, year),
          `${
            t('Prämienbestätigung', 'Attestation de primes', 'Attestazione dei premi', 'Premium confirmation')[lang]
          } ${year}`,
          t(
            'Obligatorische Krankenpflegeversicherung nach KVG',
            'Assurance obligatoire des soins selon la LAMal',
            'Assicurazione obbligatoria delle cure medico-sanitarie LAMal',
            'Compulsory health insurance (KVG/LAMal)',
          )[lang],
          `${t('Franchise', 'Franchise', 'Franchigia', 'Deductible')[lang]} CHF ${r.pick(['300', '1500', '2500'])}`,
          `${t('Bezahlte Prämien', 'Primes payées', 'Premi pagati', 'Premiums paid')[lang]} 01.01.${year} - ` +
            `31.12.${year}  CHF ${chf(monthly * 12)}`,
          `${
            t(
              'Zusatzversicherung VVG',
              'Assurance complémentaire LCA',
              'Assicurazione complementare LCA',
              'Supplementary insurance',
            )[lang]
          }  CHF ${chf(r.int(20, 90) * 12)}`,
        ],
      }
    },
  },
  donation: {
    categoryId: 5,
    make: (lang, r, year) => ({
      lines: [
        ...letterHead(
          r,
          t(
            'Stiftung Bergkinder Fiktiv',
            'Fondation Enfants des Montagnes Fictive',
            'Fondazione Bambini di Montagna Inventata',
            'Mountain Children Example Foundation',
          )[lang],
          lang,
          year,
        ),
        `${t('Spendenbestätigung', 'Attestation de don', 'Attestazione di donazione', 'Donation receipt')[lang]} ` +
          `${year}`,
        `${
          t(
            'Wir danken Ihnen herzlich für Ihre Spenden im Jahr',
            'Nous vous remercions de vos dons durant l’année',
            'La ringraziamo per le sue donazioni nell’anno',
            'Thank you for your donations in the year',
          )[lang]
        } ${year}.`,
        `${
          t('Total Ihrer Spenden', 'Total de vos dons', 'Totale delle sue donazioni', 'Total of your donations')[lang]
        }  CHF ${chf(r.int(50, 3000))}`,
        t(
          'Unsere Stiftung ist als gemeinnützig anerkannt und steuerbefreit. ZEWO-zertifiziert.',
          'Notre fondation est reconnue d’utilité publique et exonérée d’impôt.',
          'La nostra fondazione è riconosciuta di pubblica utilità ed esente da imposte.',
          'Our foundation is recognised as charitable and tax-exempt.',
        )[lang],
      ],
    }),
  },
  securities: {
    categoryId: 10,
    make: (lang, r, year) => ({
      lines: [
        ...letterHead(r, bank(r), lang, year),
        `${t('Steuerauszug', 'Relevé fiscal', 'Estratto fiscale', 'Tax statement')[lang]} ${year}`,
        `${t('Depot', 'Dépôt', 'Deposito', 'Custody account')[lang]} ${r.int(100000, 999999)}-${r.int(10, 99)}`,
        `${
          t('Wertschriftenverzeichnis per', 'État des titres au', 'Elenco dei titoli al', 'Securities statement as at')[
            lang
          ]
        } 31.12.${year}`,
        `${t('Valorennummer', 'Numéro de valeur', 'Numero di valore', 'Valor number')[lang]} ` +
          `${r.int(1000000, 9999999)}  ISIN CH00${r.int(10000000, 99999999)}  ` +
          `${t('Aktien', 'Actions', 'Azioni', 'Shares')[lang]}  ` +
          `${t('Steuerwert', 'Valeur fiscale', 'Valore fiscale', 'Tax value')[lang]} CHF ` +
          `${chf(r.int(2000, 80000))}`,
        `${
          t(
            'Bruttoertrag A (mit Verrechnungssteuer)',
            'Rendement brut A (avec impôt anticipé)',
            'Reddito lordo A (con imposta preventiva)',
            'Gross income A (with withholding tax)',
          )[lang]
        }  CHF ${chf(r.int(50, 2500))}`,
      ],
    }),
  },
  mortgage: {
    categoryId: 14,
    make: (lang, r, year) => {
      const loan = r.int(200, 900) * 1000
      const interest = Math.round(((loan * r.int(80, 220)) / 10000) * 100) / 100
      return {
        lines: [
          ...letterHead(r, bank(r), lang, year),
          `${
            t(
              'Hypothekarzinsbestätigung',
              'Attestation d’intérêts hypothécaires',
              'Attestazione degli interessi ipotecari',
              'Mortgage interest statement',
            )[lang]
          } ${year}`,
          `${t('Festhypothek', 'Hypothèque à taux fixe', 'Ipoteca a tasso fisso', 'Fixed-rate mortgage')[lang]} Nr. ` +
            `${r.int(10000, 99999)}  CHF ${chf(loan)}`,
          `${t('Liegenschaft', 'Immeuble', 'Immobile', 'Property')[lang]}: ${address(r)}`,
          `${t('Zinssatz', 'Taux d’intérêt', 'Tasso d’interesse', 'Interest rate')[lang]} ` +
            `${(r.int(80, 220) / 100).toFixed(2)} %`,
          `${t('Bezahlte Zinsen', 'Intérêts payés', 'Interessi pagati', 'Interest paid')[lang]} 01.01.${year} - ` +
            `31.12.${year}  CHF ${chf(interest)}`,
        ],
      }
    },
  },
  transport: {
    categoryId: 21,
    make: (lang, r, year) => ({
      lines: [
        'SBB CFF FFS',
        `${
          r.pick([
            t('Generalabonnement', 'Abonnement général', 'Abbonamento generale', 'GA travelcard'),
            t('Streckenabonnement', 'Abonnement de parcours', 'Abbonamento di percorso', 'Season ticket'),
          ])[lang]
        }`,
        `${t('2. Klasse', '2e classe', '2a classe', '2nd class')[lang]}  ${person(r)}`,
        `${t('Gültig vom', 'Valable du', 'Valido dal', 'Valid from')[lang]} 01.01.${year} ` +
          `${t('bis', 'au', 'al', 'to')[lang]} 31.12.${year}`,
        `${t('Preis', 'Prix', 'Prezzo', 'Price')[lang]} CHF ${chf(r.pick([3995, 2780, 1850, 940]))}`,
        `${t('Kundennummer', 'Numéro de client', 'Numero cliente', 'Customer number')[lang]} ` +
          `${r.int(100, 999)}-${r.int(100, 999)}-${r.int(100, 999)}`,
      ],
    }),
  },
  pillar3a: {
    categoryId: 22,
    make: (lang, r, year) => ({
      lines: [
        ...letterHead(
          r,
          t(
            'Vorsorgestiftung Sparen 3 Fiktiv',
            'Fondation de prévoyance 3 Fictive',
            'Fondazione di previdenza 3 Inventata',
            'Pension Foundation 3 Example',
          )[lang],
          lang,
          year,
        ),
        `${
          t(
            'Steuerbescheinigung Säule 3a',
            'Attestation fiscale pilier 3a',
            'Attestazione fiscale pilastro 3a',
            'Tax certificate pillar 3a',
          )[lang]
        } ${year}`,
        t(
          'Gebundene Vorsorge nach BVV 3',
          'Prévoyance liée selon OPP 3',
          'Previdenza vincolata secondo OPP 3',
          'Restricted pension provision (BVV 3)',
        )[lang],
        `${t('Vorsorgekonto', 'Compte de prévoyance', 'Conto di previdenza', 'Retirement savings account')[lang]} ` +
          `${r.int(1000, 9999)}.${r.int(100, 999)}`,
        `${t('Einzahlungen', 'Versements', 'Versamenti', 'Contributions')[lang]} ${year}  CHF ` +
          `${chf(r.pick([7056, 7258, 6883, 3500, 5000]))}`,
      ],
    }),
  },
  buyin: {
    categoryId: 23,
    make: (lang, r, year) => ({
      lines: [
        ...letterHead(
          r,
          t('Pensionskasse Beispiel', 'Caisse de pension Exemple', 'Cassa pensione Esempio', 'Example Pension Fund')[
            lang
          ],
          lang,
          year,
        ),
        `${
          t(
            'Bestätigung Einkauf in die Pensionskasse',
            'Attestation de rachat LPP',
            'Attestazione di riscatto LPP',
            'Pension fund buy-in confirmation',
          )[lang]
        } ${year}`,
        t(
          'Freiwilliger Einkauf von Beitragsjahren (BVG)',
          'Rachat volontaire d’années de cotisation (LPP)',
          'Riscatto volontario di anni di contribuzione (LPP)',
          'Voluntary buy-in of contribution years (BVG)',
        )[lang],
        `${t('Einkaufsbetrag', 'Montant du rachat', 'Importo del riscatto', 'Buy-in amount')[lang]}  CHF ` +
          `${chf(r.int(5, 80) * 1000)}`,
        `${
          t('Altersguthaben per', 'Avoir de vieillesse au', 'Avere di vecchiaia al', 'Retirement assets as at')[lang]
        } 31.12.${year}  CHF ${chf(r.int(50, 600) * 1000)}`,
      ],
    }),
  },
  childcare: {
    categoryId: 32,
    make: (lang, r, year) => ({
      lines: [
        ...letterHead(
          r,
          t(
            'Kita Sonnenschein Fiktiv',
            'Crèche Les Petits Fictifs',
            'Asilo nido Girasole Inventato',
            'Sunshine Example Nursery',
          )[lang],
          lang,
          year,
        ),
        `${
          t(
            'Jahresrechnung Kinderbetreuung',
            'Facture annuelle frais de garde',
            'Fattura annuale spese di custodia dei bambini',
            'Annual childcare invoice',
          )[lang]
        } ${year}`,
        `${t('Kind', 'Enfant', 'Bambino', 'Child')[lang]}: ${person(r)}`,
        `${t('Betreuungstage', 'Jours de garde', 'Giorni di custodia', 'Care days')[lang]}: ${r.int(80, 230)}`,
        `${
          t(
            'Total Elternbeitrag',
            'Total contribution parentale',
            'Totale contributo dei genitori',
            'Total parental contribution',
          )[lang]
        }  CHF ${chf(r.int(3000, 25000))}`,
      ],
    }),
  },
  property: {
    categoryId: 13,
    make: (lang, r, year) => ({
      lines: [
        ...letterHead(
          r,
          t(
            'Kantonales Steueramt – Schätzungsamt',
            'Administration fiscale cantonale',
            'Amministrazione cantonale delle contribuzioni',
            'Cantonal tax administration',
          )[lang],
          lang,
          year,
        ),
        t(
          'Verfügung amtliche Schätzung',
          'Décision d’estimation fiscale',
          'Decisione di stima ufficiale',
          'Property tax assessment ruling',
        )[lang],
        `${t('Grundstück', 'Bien-fonds', 'Fondo', 'Plot')[lang]} Nr. ${r.int(100, 9999)}, ${address(r)}`,
        `${t('Eigenmietwert', 'Valeur locative', 'Valore locativo', 'Imputed rental value')[lang]} ` +
          `${t('ab Steuerjahr', 'dès l’année fiscale', 'dall’anno fiscale', 'from tax year')[lang]} ${year}  CHF ` +
          `${chf(r.int(12, 45) * 1000)}`,
        `${
          t(
            'Vermögenssteuerwert',
            'Valeur fiscale de l’immeuble',
            'Valore fiscale dell’immobile',
            'Tax value of the property',
          )[lang]
        }  CHF ${chf(r.int(400, 1800) * 1000)}`,
        t(
          'Rechtsmittel: Einsprache innert 30 Tagen',
          'Voie de droit: réclamation dans les 30 jours',
          'Rimedi giuridici: reclamo entro 30 giorni',
          'Appeal: objection within 30 days',
        )[lang],
      ],
    }),
  },
}

export type Kind = keyof typeof TEMPLATES
export const KINDS = Object.keys(TEMPLATES) as Kind[]

export function makeDoc(kind: Kind, lang: Lang, r: Rng, year: number): CorpusDoc {
  const tpl = TEMPLATES[kind]!
  const { lines, expect = {} } = tpl.make(lang, r, year)
  return { kind, lang, year, categoryId: tpl.categoryId, lines, expect }
}
