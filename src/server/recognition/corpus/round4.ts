// Round 4's held-out part (two wordings per kind), written after round 3 and before tuning round 4: never used
// while tuning round 4 and run once at its end; tuning material in round 5 (part round4, README.md). Round 3
// failed on salary documents only, so this part leans on them: employers of
// every trade (a pharmacy, a clinic, a dental practice, an insurer, a bank, a garage), pay statements with many
// deductions (AHV/IV/EO, ALV, BVG, NBU, KTG, withholding tax), and other kinds' receipts and certificates that
// mention salaries (insured salary, payroll giving, income-based fees). A letterhead of its own, other titles
// and phrasing. Lines as printed: "# " starts a title, two spaces part a label from its amount.
import { address, ahv, chf, person, type Rng } from './people'
import type { Lang } from './kinds'
import type { Variant } from './tuning'

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })

const EMPLOYERS = [
  'Apotheke Sonnenhof Fiktiv AG',
  'Clinique des Alpes Imaginaire SA',
  'Studio Dentistico Inventato Sagl',
  'Helvetia Muster Versicherungen AG',
  'Banque Cantonale Fictive',
  'Garage Beispielmatt GmbH',
  'Spitex Regio Fiktiv',
  'Example Private Bank Ltd',
]
const BANKS = [
  'Zürcher Beispielbank',
  'Banque Privée Imaginaire SA',
  'Banca Cantonale Inventata',
  'Example Digital Bank',
]
const INSURERS = [
  'KPT Fiktiv Krankenkasse',
  'Mutuelle Romande Imaginaire',
  'Cassa Malati Inventata Ticino',
  'Example Health Insurance',
]
const TOWNS = ['Winterthur', 'Fribourg', 'Locarno', 'Thun', 'Olten', 'Yverdon', 'Zug']

/** Letterhead: the sender's block with its business number, then the addressee; a subject line or none. */
function head(issuer: string, r: Rng, lang: Lang, year: number): string[] {
  const date = `${r.int(2, 27)}. ${t('Februar', 'février', 'febbraio', 'February')[lang]} ${year + 1}`
  const lines = [
    `${issuer} · ${address(r)}`,
    `UID CHE-${r.int(100, 999)}.${r.int(100, 999)}.${r.int(100, 999)}`,
    '',
    `${t('Frau', 'Madame', 'Signora', 'Ms')[lang]} ${person(r)}`,
    address(r),
    '',
    `${r.pick(TOWNS)}, ${date}`,
  ]
  if (r.next() < 0.5) lines.push(`${t('Dossier', 'Dossier', 'Pratica', 'File')[lang]} ${r.int(1000, 9999)}/${year}`)
  return [...lines, '']
}

type Amount = (r: Rng, year: number) => string
const money =
  (min: number, max: number): Amount =>
  (r) =>
    `${chf(r.int(min, max) + r.int(0, 19) * 0.05)} CHF`
/** A line: words only, or a label and its amount. */
type Row = L4 | [L4, Amount]

/** A wording: its issuers, title (with the year) and lines. */
function wording(issuers: string[], title: L4, rows: Row[]): Variant {
  return (lang, r, year) => [
    ...head(r.pick(issuers), r, lang, year),
    `# ${title[lang]} ${year}`,
    ...rows.map((row) => (Array.isArray(row) ? `${row[0][lang]}  ${row[1](r, year)}` : row[lang])),
  ]
}
/** A line that names a person's social security number (salary and pension documents). */
const insured =
  (label: L4): Variant =>
  (lang, r) => [`${label[lang]} ${person(r)}, ${ahv(r)}`]
const withLine =
  (first: Variant, v: Variant): Variant =>
  (lang, r, year) => {
    const [top, ...rest] = v(lang, r, year)
    const i = rest.findIndex((l) => l.startsWith('# '))
    return [top!, ...rest.slice(0, i + 1), ...first(lang, r, year), ...rest.slice(i + 1)]
  }

const PAY_ROWS: Row[] = [
  [t('Grundlohn', 'Salaire de base', 'Salario base', 'Basic pay'), money(48000, 125000)],
  [t('Schichtzulagen', 'Indemnités d’équipe', 'Indennità di turno', 'Shift allowances'), money(600, 6000)],
  [t('Kinderzulagen', 'Allocations familiales', 'Assegni familiari', 'Child allowances'), money(0, 7200)],
  [t('Total brutto', 'Total brut', 'Totale lordo', 'Gross total'), money(50000, 135000)],
  [t('AHV/IV/EO 5,3 %', 'AVS/AI/APG 5,3 %', 'AVS/AI/IPG 5,3 %', 'OASI/DI/IC 5.3 %'), money(2600, 7200)],
  [t('ALV 1,1 %', 'AC 1,1 %', 'AD 1,1 %', 'Unemployment insurance 1.1 %'), money(500, 1500)],
  [
    t('BVG Arbeitnehmerbeitrag', 'LPP part salarié', 'LPP quota dipendente', 'Occupational pension, employee share'),
    money(2400, 9000),
  ],
  [t('NBU', 'AANP', 'AINP', 'Non-occupational accident insurance'), money(200, 900)],
  [t('KTG', 'IJM', 'IGM', 'Sickness daily allowance insurance'), money(150, 800)],
  [t('Quellensteuer', 'Impôt à la source', 'Imposta alla fonte', 'Withholding tax'), money(0, 9000)],
  [t('Auszahlung', 'Versement', 'Pagamento', 'Paid out'), money(38000, 110000)],
]

export const ROUND4: Record<string, [Variant, Variant]> = {
  salary: [
    withLine(
      insured(t('Mitarbeiterin', 'Collaboratrice', 'Collaboratrice', 'Employee')),
      wording(
        EMPLOYERS,
        t(
          'Jahreslohnabrechnung Januar–Dezember',
          'Décompte de salaire annuel janvier–décembre',
          'Conteggio salariale annuo gennaio–dicembre',
          'Annual payroll statement January–December',
        ),
        PAY_ROWS,
      ),
    ),
    wording(
      EMPLOYERS,
      t(
        'Bestätigung für die Steuererklärung: Lohn und Abzüge',
        'Confirmation pour la déclaration d’impôt: salaire et retenues',
        'Conferma per la dichiarazione d’imposta: stipendio e trattenute',
        'Confirmation for your tax return: pay and deductions',
      ),
      [
        t(
          '1. Lohn inkl. Zulagen (ohne Spesen)',
          '1. Salaire y c. indemnités (sans frais)',
          '1. Stipendio incl. indennità (senza spese)',
          '1. Pay incl. allowances (without expenses)',
        ),
        [
          t('8. Bruttolohn total', '8. Salaire brut total', '8. Salario lordo totale', '8. Total gross pay'),
          money(52000, 160000),
        ],
        [
          t(
            '9. Beiträge AHV/IV/EO/ALV/NBU',
            '9. Cotisations AVS/AI/APG/AC/AANP',
            '9. Contributi AVS/AI/IPG/AD/AINP',
            '9. OASI/DI/IC/UI/NOAI contributions',
          ),
          money(3500, 11000),
        ],
        [
          t(
            '10.1 Berufliche Vorsorge, ordentliche Beiträge',
            '10.1 Prévoyance professionnelle, cotisations ordinaires',
            '10.1 Previdenza professionale, contributi ordinari',
            '10.1 Occupational pension, ordinary contributions',
          ),
          money(2500, 9000),
        ],
        [t('11. Nettolohn', '11. Salaire net', '11. Salario netto', '11. Net pay'), money(45000, 140000)],
        [
          t(
            '12. Quellensteuerabzug',
            '12. Retenue de l’impôt à la source',
            '12. Trattenuta d’imposta alla fonte',
            '12. Tax deducted at source',
          ),
          money(0, 12000),
        ],
        t(
          'Spitalzusatzversicherung vom Arbeitgeber bezahlt: nein',
          'Assurance complémentaire hospitalisation payée par l’employeur: non',
          'Assicurazione complementare ospedaliera pagata dal datore: no',
          'Hospital add-on insurance paid by the employer: no',
        ),
      ],
    ),
  ],
  bank: [
    wording(
      BANKS,
      t(
        'Zinsausweis Privatkonto',
        'Relevé d’intérêts compte privé',
        'Estratto interessi conto privato',
        'Interest statement, private account',
      ),
      [
        t(
          'Lohnkonto CH44 0900 0000 8765 4321 0, lautend auf Sie',
          'Compte salaire CH44 0900 0000 8765 4321 0, à votre nom',
          'Conto salario CH44 0900 0000 8765 4321 0, a suo nome',
          'Salary account CH44 0900 0000 8765 4321 0, in your name',
        ),
        [
          t('Stand am 31. Dezember', 'Solde au 31 décembre', 'Saldo al 31 dicembre', 'Balance at 31 December'),
          money(200, 50000),
        ],
        [
          t('Habenzins 0,25 %', 'Intérêt créancier 0,25 %', 'Interesse creditore 0,25 %', 'Credit interest 0.25 %'),
          money(0, 120),
        ],
        [
          t(
            'Abzug Verrechnungssteuer',
            'Retenue impôt anticipé',
            'Trattenuta imposta preventiva',
            'Withholding tax deducted',
          ),
          money(0, 40),
        ],
        [t('Kontoführung', 'Tenue de compte', 'Tenuta conto', 'Account fee'), money(0, 60)],
      ],
    ),
    wording(
      BANKS,
      t(
        'Vermögensaufstellung Konten',
        'État de fortune comptes',
        'Stato patrimoniale conti',
        'Statement of assets, accounts',
      ),
      [
        t(
          'Stichtag 31.12., Bewertung in CHF',
          'Date de référence 31.12, évaluation en CHF',
          'Data di riferimento 31.12, valutazione in CHF',
          'Reference date 31.12, valued in CHF',
        ),
        [
          t('Sparkonto Plus', 'Compte d’épargne Plus', 'Conto di risparmio Plus', 'Savings account Plus'),
          money(1000, 80000),
        ],
        [
          t('Fremdwährungskonto EUR', 'Compte en devises EUR', 'Conto in valuta EUR', 'Foreign currency account EUR'),
          money(0, 9000),
        ],
        [
          t('Bruttozinsertrag', 'Rendement brut des intérêts', 'Reddito lordo da interessi', 'Gross interest income'),
          money(1, 500),
        ],
        t(
          'Die Verrechnungssteuer kann zurückgefordert werden.',
          'L’impôt anticipé peut être récupéré.',
          'L’imposta preventiva può essere chiesta in rimborso.',
          'Withholding tax may be reclaimed.',
        ),
      ],
    ),
  ],
  health: [
    wording(
      INSURERS,
      t('Prämienbescheinigung', 'Attestation de primes', 'Attestazione dei premi', 'Premium statement'),
      [
        t(
          'Krankenpflege-Grundversicherung nach KVG und Zusatzversicherungen nach VVG',
          'Assurance obligatoire des soins LAMal et assurances complémentaires LCA',
          'Assicurazione obbligatoria delle cure LAMal e complementari LCA',
          'Compulsory care insurance (KVG) and supplementary insurance (VVG)',
        ),
        [t('Prämien KVG', 'Primes LAMal', 'Premi LAMal', 'KVG premiums'), money(2600, 7500)],
        [t('Prämien VVG', 'Primes LCA', 'Premi LCA', 'VVG premiums'), money(200, 3000)],
        [
          t('Individuelle Prämienverbilligung', 'Subside de primes', 'Sussidio ai premi', 'Premium subsidy'),
          money(0, 2500),
        ],
        t(
          'Die Prämien wurden nicht über den Lohn abgezogen.',
          'Les primes n’ont pas été retenues sur le salaire.',
          'I premi non sono stati trattenuti dallo stipendio.',
          'The premiums were not deducted from your salary.',
        ),
      ],
    ),
    wording(
      [
        'Kollektivversicherung Fiktiv',
        'Assurance collective Imaginaire',
        'Assicurazione collettiva Inventata',
        'Example Group Cover',
      ],
      t(
        'Jahresbestätigung Krankenversicherung',
        'Confirmation annuelle assurance maladie',
        'Conferma annuale assicurazione malattia',
        'Annual confirmation, health insurance',
      ),
      [
        t(
          'Kollektivvertrag über Ihren Arbeitgeber, Vertrag 55-1208',
          'Contrat collectif par votre employeur, contrat 55-1208',
          'Contratto collettivo tramite il suo datore di lavoro, contratto 55-1208',
          'Group contract through your employer, contract 55-1208',
        ),
        [
          t(
            'Versicherte Person 1, Grundversicherung',
            'Personne assurée 1, assurance de base',
            'Persona assicurata 1, assicurazione di base',
            'Insured person 1, basic insurance',
          ),
          money(2800, 6000),
        ],
        [
          t(
            'Versicherte Person 2, Grundversicherung',
            'Personne assurée 2, assurance de base',
            'Persona assicurata 2, assicurazione di base',
            'Insured person 2, basic insurance',
          ),
          money(900, 6000),
        ],
        [
          t('Rabatt Kollektivvertrag', 'Rabais contrat collectif', 'Sconto contratto collettivo', 'Group discount'),
          money(50, 400),
        ],
        [
          t(
            'Total Prämien im Jahr',
            'Total des primes de l’année',
            'Totale premi dell’anno',
            'Total premiums for the year',
          ),
          money(3500, 12000),
        ],
      ],
    ),
  ],
  donation: [
    wording(
      [
        'Hilfswerk Fiktiv Schweiz',
        'Œuvre d’entraide Imaginaire',
        'Opera assistenziale Inventata',
        'Example Relief Fund',
      ],
      t('Spendenausweis', 'Certificat de dons', 'Certificato di donazione', 'Donation certificate'),
      [
        t(
          'Spenden per Lohnabzug über Ihren Arbeitgeber',
          'Dons par retenue sur salaire via votre employeur',
          'Donazioni con trattenuta sullo stipendio tramite il datore',
          'Gifts by payroll deduction through your employer',
        ),
        [t('Januar bis Juni', 'Janvier à juin', 'Gennaio a giugno', 'January to June'), money(60, 600)],
        [t('Juli bis Dezember', 'Juillet à décembre', 'Luglio a dicembre', 'July to December'), money(60, 600)],
        [t('Total gespendet', 'Total donné', 'Totale donato', 'Total given'), money(120, 1200)],
        t(
          'Steuerbefreite Institution (gemeinnützig), Zewo-zertifiziert',
          'Institution exonérée (utilité publique), certifiée Zewo',
          'Istituzione esente (pubblica utilità), certificata Zewo',
          'Tax-exempt charity (public benefit), Zewo certified',
        ),
      ],
    ),
    wording(
      ['Kirchgemeinde Fiktiv', 'Paroisse Imaginaire', 'Parrocchia Inventata', 'Example Parish'],
      t(
        'Bestätigung Ihrer Kollekten und Gaben',
        'Confirmation de vos collectes et offrandes',
        'Conferma delle sue collette e offerte',
        'Confirmation of your collections and offerings',
      ),
      [
        [t('Kollekte Weihnachten', 'Collecte de Noël', 'Colletta di Natale', 'Christmas collection'), money(20, 300)],
        [
          t(
            'Gabe für die Diakonie',
            'Offrande pour la diaconie',
            'Offerta per la diaconia',
            'Offering for church welfare',
          ),
          money(50, 800),
        ],
        [
          t(
            'Summe der freiwilligen Zuwendungen',
            'Somme des versements volontaires',
            'Somma dei versamenti volontari',
            'Sum of voluntary gifts',
          ),
          money(70, 1100),
        ],
        t(
          'Abziehbar als freiwillige Zuwendung an eine gemeinnützige Institution.',
          'Déductible comme versement bénévole à une institution d’utilité publique.',
          'Deducibile come erogazione liberale a un’istituzione di pubblica utilità.',
          'Deductible as a voluntary gift to a public-benefit institution.',
        ),
      ],
    ),
  ],
  medical: [
    wording(
      [
        'Physiotherapie Fiktiv',
        'Cabinet d’ostéopathie Imaginaire',
        'Studio di ergoterapia Inventato',
        'Example Therapy Practice',
      ],
      t('Honorarnote', 'Note d’honoraires', 'Nota d’onorario', 'Fee note'),
      [
        t(
          'Behandlungen nach ärztlicher Verordnung',
          'Traitements sur prescription médicale',
          'Trattamenti su prescrizione medica',
          'Treatments on medical prescription',
        ),
        [
          t('9 Sitzungen à 45 Minuten', '9 séances de 45 minutes', '9 sedute da 45 minuti', '9 sessions of 45 minutes'),
          money(400, 1200),
        ],
        [
          t(
            'Vom Versicherer nicht gedeckt',
            'Non couvert par l’assureur',
            'Non coperto dall’assicuratore',
            'Not covered by the insurer',
          ),
          money(100, 600),
        ],
        t(
          'Arbeitsunfähigkeit 50 %: Zeugnis für den Arbeitgeber beigelegt',
          'Incapacité de travail 50 %: certificat pour l’employeur joint',
          'Incapacità lavorativa 50 %: certificato per il datore allegato',
          'Unfit for work 50 %: certificate for the employer enclosed',
        ),
      ],
    ),
    wording(
      ['Hörgeräte Fiktiv AG', 'Centre auditif Imaginaire', 'Centro acustico Inventato', 'Example Hearing Centre'],
      t(
        'Rechnung Hörgeräteversorgung',
        'Facture appareillage auditif',
        'Fattura apparecchi acustici',
        'Invoice, hearing aids',
      ),
      [
        [
          t(
            'Hörgerät rechts und links',
            'Appareil auditif droite et gauche',
            'Apparecchio acustico destro e sinistro',
            'Hearing aid right and left',
          ),
          money(2500, 6000),
        ],
        [
          t(
            'Anpassung und Nachkontrollen',
            'Adaptation et contrôles',
            'Adattamento e controlli',
            'Fitting and check-ups',
          ),
          money(300, 900),
        ],
        [
          t('Beitrag der IV', 'Contribution de l’AI', 'Contributo dell’AI', 'Disability insurance contribution'),
          money(800, 1650),
        ],
        [t('Ihr Anteil', 'Votre part', 'Sua quota', 'Your share'), money(1500, 5000)],
        t(
          'Krankheitskosten: bewahren Sie die Rechnung für die Steuererklärung auf.',
          'Frais de maladie: conservez la facture pour votre déclaration.',
          'Spese di malattia: conservi la fattura per la dichiarazione.',
          'Medical costs: keep the invoice for your tax return.',
        ),
      ],
    ),
  ],
  securities: [
    wording(
      BANKS,
      t(
        'Steuerauszug Wertschriftendepot',
        'Relevé fiscal dépôt-titres',
        'Estratto fiscale deposito titoli',
        'Tax statement, securities custody account',
      ),
      [
        [
          t(
            'Namenaktien Nestlé, 40 Stück',
            'Actions nominatives Nestlé, 40 pièces',
            'Azioni nominative Nestlé, 40 pezzi',
            'Nestlé registered shares, 40',
          ),
          money(3000, 5000),
        ],
        [
          t('ETF SMI, 120 Anteile', 'ETF SMI, 120 parts', 'ETF SMI, 120 quote', 'ETF SMI, 120 units'),
          money(10000, 20000),
        ],
        [t('Dividenden brutto', 'Dividendes bruts', 'Dividendi lordi', 'Gross dividends'), money(100, 1500)],
        [
          t(
            'Rückforderbare Verrechnungssteuer',
            'Impôt anticipé récupérable',
            'Imposta preventiva recuperabile',
            'Reclaimable withholding tax',
          ),
          money(30, 500),
        ],
        t(
          'Steuerwert per Jahresende nach Kursliste der ESTV',
          'Valeur fiscale en fin d’année selon la liste des cours de l’AFC',
          'Valore fiscale a fine anno secondo il listino corsi dell’AFC',
          'Tax value at year end from the federal price list',
        ),
      ],
    ),
    wording(
      [
        'Mitarbeiterbeteiligung Fiktiv AG',
        'Plan d’actionnariat Imaginaire SA',
        'Piano azionario Inventato SA',
        'Example Employee Share Plan',
      ],
      t(
        'Depotauszug Mitarbeiteraktien',
        'Relevé de dépôt actions de collaborateurs',
        'Estratto deposito azioni dei collaboratori',
        'Custody statement, employee shares',
      ),
      [
        t(
          'Gesperrte Aktien aus dem Beteiligungsplan (nicht im Lohn)',
          'Actions bloquées du plan de participation (hors salaire)',
          'Azioni bloccate del piano di partecipazione (fuori stipendio)',
          'Blocked shares from the share plan (not part of pay)',
        ),
        [
          t(
            'Bestand 250 Aktien, Kurswert',
            'Position 250 actions, valeur de cours',
            'Posizione 250 azioni, valore di borsa',
            'Holding 250 shares, market value',
          ),
          money(8000, 40000),
        ],
        [t('Ausschüttung', 'Distribution', 'Distribuzione', 'Distribution'), money(100, 900)],
        [
          t('Verrechnungssteuer 35 %', 'Impôt anticipé 35 %', 'Imposta preventiva 35 %', 'Withholding tax 35 %'),
          money(35, 315),
        ],
      ],
    ),
  ],
  mortgage: [
    wording(
      BANKS,
      t(
        'Zinsabrechnung Festhypothek',
        'Décompte d’intérêts hypothèque fixe',
        'Conteggio interessi ipoteca fissa',
        'Interest statement, fixed-rate mortgage',
      ),
      [
        t(
          'Grundpfand: Einfamilienhaus, Grundbuchblatt 1402',
          'Gage immobilier: maison individuelle, feuillet 1402 du registre foncier',
          'Pegno immobiliare: casa unifamiliare, foglio 1402 del registro fondiario',
          'Secured on: detached house, land register sheet 1402',
        ),
        [t('Kapital', 'Capital', 'Capitale', 'Principal'), money(250000, 900000)],
        t(
          'Zinssatz 1,45 %, Laufzeit bis 2031',
          'Taux 1,45 %, échéance 2031',
          'Tasso 1,45 %, scadenza 2031',
          'Rate 1.45 %, term to 2031',
        ),
        [
          t(
            'Belastete Zinsen im Jahr',
            'Intérêts débités dans l’année',
            'Interessi addebitati nell’anno',
            'Interest charged in the year',
          ),
          money(3000, 14000),
        ],
        [
          t('Amortisation indirekt', 'Amortissement indirect', 'Ammortamento indiretto', 'Indirect repayment'),
          money(0, 7000),
        ],
      ],
    ),
    wording(
      [
        'Pensionskasse Fiktiv Hypotheken',
        'Caisse de pension Imaginaire, prêts',
        'Cassa pensione Inventata, prestiti',
        'Example Pension Fund Loans',
      ],
      t(
        'Darlehensbestätigung für die Steuererklärung',
        'Attestation de prêt pour la déclaration d’impôt',
        'Attestazione di mutuo per la dichiarazione',
        'Loan confirmation for your tax return',
      ),
      [
        t(
          'Hypothekardarlehen an Versicherte, Zinssatz an den versicherten Lohn nicht gebunden',
          'Prêt hypothécaire aux assurés, taux indépendant du salaire assuré',
          'Mutuo ipotecario agli assicurati, tasso indipendente dal salario assicurato',
          'Mortgage loan to members, rate not tied to insured salary',
        ),
        [
          t('Darlehensschuld am 31.12.', 'Dette au 31.12', 'Debito al 31.12', 'Loan balance at 31.12'),
          money(200000, 700000),
        ],
        [t('Schuldzinsen', 'Intérêts passifs', 'Interessi passivi', 'Debt interest'), money(2000, 12000)],
        t(
          'Die Schuldzinsen können abgezogen werden.',
          'Les intérêts passifs sont déductibles.',
          'Gli interessi passivi sono deducibili.',
          'The debt interest is deductible.',
        ),
      ],
    ),
  ],
  transport: [
    wording(
      [
        'Verkehrsverbund Fiktiv',
        'Communauté tarifaire Imaginaire',
        'Comunità tariffale Inventata',
        'Example Fare Network',
      ],
      t(
        'Kaufbestätigung Jahresabo',
        'Confirmation d’achat abonnement annuel',
        'Conferma d’acquisto abbonamento annuale',
        'Purchase confirmation, annual pass',
      ),
      [
        [
          t(
            'Zonen 110, 120, 121, 2. Klasse',
            'Zones 110, 120, 121, 2e classe',
            'Zone 110, 120, 121, 2a classe',
            'Zones 110, 120, 121, 2nd class',
          ),
          money(800, 2400),
        ],
        t(
          'Gültig für den Arbeitsweg zwischen Wohnort und Arbeitsort',
          'Valable pour le trajet entre domicile et lieu de travail',
          'Valido per il tragitto tra domicilio e luogo di lavoro',
          'Valid for the commute between home and workplace',
        ),
        t(
          'Beteiligung des Arbeitgebers: keine (Lohnausweis Feld F nicht angekreuzt)',
          'Participation de l’employeur: aucune (case F du certificat de salaire non cochée)',
          'Partecipazione del datore: nessuna (campo F del certificato di salario non crociato)',
          'Employer contribution: none (salary certificate box F not ticked)',
        ),
        [t('Bezahlt mit Karte', 'Payé par carte', 'Pagato con carta', 'Paid by card'), money(800, 2400)],
      ],
    ),
    wording(
      ['Postauto Fiktiv', 'CarPostal Imaginaire', 'AutoPostale Inventata', 'Example Postbus'],
      t(
        'Fahrausweis Monatsabonnemente',
        'Titres de transport abonnements mensuels',
        'Titoli di trasporto abbonamenti mensili',
        'Tickets, monthly passes',
      ),
      [
        [
          t(
            '12 Monatsabos Strecke Dorf–Bahnhof',
            '12 abonnements mensuels trajet village–gare',
            '12 abbonamenti mensili tratta paese–stazione',
            '12 monthly passes, village to station',
          ),
          money(600, 1500),
        ],
        [t('Halbtax-Abo', 'Abonnement demi-tarif', 'Abbonamento metà-prezzo', 'Half-fare travelcard'), money(150, 190)],
        t(
          'Berufsauslagen: Kosten des öffentlichen Verkehrs',
          'Frais professionnels: coûts des transports publics',
          'Spese professionali: costi dei trasporti pubblici',
          'Work expenses: public transport costs',
        ),
      ],
    ),
  ],
  pillar3a: [
    wording(
      BANKS,
      t('Bescheinigung Säule 3a', 'Attestation pilier 3a', 'Attestazione pilastro 3a', 'Pillar 3a certificate'),
      [
        t(
          'Gebundene Vorsorge nach BVV 3, Vorsorgekonto 3a-771',
          'Prévoyance liée selon OPP 3, compte de prévoyance 3a-771',
          'Previdenza vincolata secondo OPP 3, conto di previdenza 3a-771',
          'Restricted pension provision under BVV 3, account 3a-771',
        ),
        [
          t(
            'Ihre Einzahlungen im Jahr',
            'Vos versements de l’année',
            'I suoi versamenti dell’anno',
            'Your payments in the year',
          ),
          money(1000, 7258),
        ],
        [t('Zins', 'Intérêt', 'Interesse', 'Interest'), money(1, 200)],
        t(
          'Höchstbetrag für Erwerbstätige mit Pensionskasse; ohne Pensionskasse 20 % des Erwerbseinkommens.',
          'Montant maximal pour salariés affiliés à une caisse de pension; sans caisse 20 % du revenu de l’activité.',
          'Importo massimo per salariati con cassa pensione; senza cassa 20 % del reddito da attività.',
          'Maximum for employees with a pension fund; without one 20 % of earned income.',
        ),
      ],
    ),
    wording(
      [
        'Lebensversicherung Fiktiv AG',
        'Assurance Vie Imaginaire SA',
        'Previdenza Vita Inventata SA',
        'Example Life Ltd',
      ],
      t(
        'Prämienbestätigung Vorsorgepolice 3a',
        'Attestation de primes police de prévoyance 3a',
        'Attestazione premi polizza previdenza 3a',
        'Premium confirmation, 3a pension policy',
      ),
      [
        t(
          'Police 3a-40.118, gebundene Selbstvorsorge',
          'Police 3a-40.118, prévoyance individuelle liée',
          'Polizza 3a-40.118, previdenza individuale vincolata',
          'Policy 3a-40.118, tied personal pension',
        ),
        [
          t('Bezahlte Jahresprämie', 'Prime annuelle payée', 'Premio annuo pagato', 'Annual premium paid'),
          money(2000, 7258),
        ],
        [
          t(
            'Garantiertes Alterskapital',
            'Capital vieillesse garanti',
            'Capitale di vecchiaia garantito',
            'Guaranteed retirement capital',
          ),
          money(40000, 160000),
        ],
        t(
          'Abziehbar als Beitrag an die Säule 3a.',
          'Déductible comme cotisation au pilier 3a.',
          'Deducibile come contributo al pilastro 3a.',
          'Deductible as a pillar 3a contribution.',
        ),
      ],
    ),
  ],
  buyin: [
    withLine(
      insured(t('Versicherte Person', 'Personne assurée', 'Persona assicurata', 'Insured person')),
      wording(
        [
          'Pensionskasse Fiktiv Spitäler',
          'Caisse de pension Imaginaire Santé',
          'Cassa pensioni Inventata Sanità',
          'Example Hospital Staff Pension Fund',
        ],
        t(
          'Quittung Einkauf in die Pensionskasse',
          'Quittance rachat dans la caisse de pension',
          'Quietanza riscatto nella cassa pensioni',
          'Receipt, pension fund purchase',
        ),
        [
          [t('Versicherter Lohn', 'Salaire assuré', 'Salario assicurato', 'Insured salary'), money(40000, 110000)],
          [
            t(
              'Möglicher Einkauf laut Vorsorgeausweis',
              'Rachat possible selon certificat de prévoyance',
              'Riscatto possibile secondo certificato previdenza',
              'Possible purchase per pension certificate',
            ),
            money(20000, 200000),
          ],
          [
            t(
              'Freiwilliger Einkauf eingegangen am 20.11.',
              'Rachat volontaire reçu le 20.11',
              'Riscatto volontario ricevuto il 20.11',
              'Voluntary purchase received on 20.11',
            ),
            money(5000, 60000),
          ],
          t(
            'Leistungen aus dem Einkauf dürfen drei Jahre nicht als Kapital bezogen werden.',
            'Les prestations du rachat ne peuvent être retirées en capital pendant trois ans.',
            'Le prestazioni del riscatto non possono essere prelevate in capitale per tre anni.',
            'Benefits from the purchase may not be drawn as a lump sum for three years.',
          ),
        ],
      ),
    ),
    wording(
      [
        'Gemeinschaftsstiftung Fiktiv',
        'Fondation commune Imaginaire',
        'Fondazione comune Inventata',
        'Example Joint Foundation',
      ],
      t(
        'Bestätigung Nachzahlung Beitragsjahre',
        'Confirmation rattrapage d’années de cotisation',
        'Conferma recupero anni di contribuzione',
        'Confirmation of back-paid contribution years',
      ),
      [
        t(
          'Zusätzliche Einzahlung zur Schliessung von Beitragslücken in der 2. Säule',
          'Versement supplémentaire pour combler des lacunes de cotisation du 2e pilier',
          'Versamento supplementare per colmare lacune contributive del 2° pilastro',
          'Additional payment to close contribution gaps in the 2nd pillar',
        ),
        [t('Einbezahlt', 'Versé', 'Versato', 'Paid in'), money(3000, 50000)],
        [
          t('Neues Altersguthaben', 'Nouvel avoir de vieillesse', 'Nuovo avere di vecchiaia', 'New retirement assets'),
          money(60000, 400000),
        ],
        t(
          'Vom steuerbaren Einkommen abziehbar; nicht über den Lohn abgerechnet.',
          'Déductible du revenu imposable; non décompté par le salaire.',
          'Deducibile dal reddito imponibile; non conteggiato tramite lo stipendio.',
          'Deductible from taxable income; not settled through payroll.',
        ),
      ],
    ),
  ],
  childcare: [
    wording(
      ['Kindertagesstätte Fiktiv', 'Crèche Imaginaire', 'Asilo nido Inventato', 'Example Nursery'],
      t(
        'Jahresabrechnung Betreuungsbeiträge',
        'Décompte annuel des frais de garde',
        'Conteggio annuale delle rette',
        'Annual statement of care fees',
      ),
      [
        t(
          'Tarif nach massgebendem Einkommen der Eltern (Lohn beider Elternteile)',
          'Tarif selon le revenu déterminant des parents (salaire des deux parents)',
          'Tariffa secondo il reddito determinante dei genitori (salario di entrambi)',
          'Fee by the parents’ relevant income (both parents’ pay)',
        ),
        [
          t(
            'Betreuungstage 2 pro Woche',
            'Jours de garde 2 par semaine',
            'Giorni di custodia 2 a settimana',
            'Care days 2 a week',
          ),
          money(6000, 18000),
        ],
        [
          t('Subvention der Gemeinde', 'Subvention communale', 'Sussidio comunale', 'Municipal subsidy'),
          money(1000, 6000),
        ],
        [t('Von Ihnen bezahlt', 'Payé par vous', 'Pagato da lei', 'Paid by you'), money(4000, 14000)],
      ],
    ),
    wording(
      [
        'Tagesfamilien Verein Fiktiv',
        'Association accueil familial Imaginaire',
        'Associazione famiglie diurne Inventata',
        'Example Childminders Association',
      ],
      t(
        'Bescheinigung Tagesfamilienbetreuung',
        'Attestation accueil familial de jour',
        'Attestazione custodia presso famiglia diurna',
        'Certificate of childminding',
      ),
      [
        t(
          'Kind: Lina, geboren 2019; Betreuung während der Arbeitszeit der Eltern',
          'Enfant: Lina, née en 2019; garde pendant le temps de travail des parents',
          'Bambina: Lina, nata nel 2019; custodia durante l’orario di lavoro dei genitori',
          'Child: Lina, born 2019; care during the parents’ working hours',
        ),
        [
          t('Betreuungsstunden 640', 'Heures de garde 640', 'Ore di custodia 640', 'Hours of care 640'),
          money(3000, 9000),
        ],
        [t('Mahlzeiten', 'Repas', 'Pasti', 'Meals'), money(200, 900)],
        t(
          'Fremdbetreuungskosten: abziehbar bis zum kantonalen Höchstbetrag.',
          'Frais de garde par des tiers: déductibles jusqu’au plafond cantonal.',
          'Spese di custodia da parte di terzi: deducibili fino al massimo cantonale.',
          'Third-party childcare costs: deductible up to the cantonal maximum.',
        ),
      ],
    ),
  ],
  property: [
    wording(
      [
        'Gebäudeversicherung Fiktiv',
        'Établissement d’assurance immobilière Imaginaire',
        'Assicurazione immobili Inventata',
        'Example Building Insurance',
      ],
      t(
        'Prämienrechnung Gebäudeversicherung',
        'Facture de prime assurance bâtiment',
        'Fattura premio assicurazione stabili',
        'Premium invoice, building insurance',
      ),
      [
        t(
          'Gebäude Nr. 588, Wohnhaus, Versicherungswert nach Schätzung',
          'Bâtiment n° 588, habitation, valeur d’assurance selon estimation',
          'Edificio n. 588, abitazione, valore assicurativo secondo stima',
          'Building no. 588, dwelling, insured value as assessed',
        ),
        [t('Versicherungssumme', 'Somme d’assurance', 'Somma assicurata', 'Sum insured'), money(500000, 1500000)],
        [
          t(
            'Prämie Feuer und Elementar',
            'Prime incendie et éléments naturels',
            'Premio incendio e danni della natura',
            'Fire and natural hazards premium',
          ),
          money(200, 1200),
        ],
        t(
          'Liegenschaftsunterhalt: Versicherungsprämien für das Gebäude sind Unterhaltskosten.',
          'Entretien d’immeuble: les primes d’assurance du bâtiment sont des frais d’entretien.',
          'Manutenzione dello stabile: i premi assicurativi dell’edificio sono spese di manutenzione.',
          'Property upkeep: building insurance premiums are maintenance costs.',
        ),
      ],
    ),
    wording(
      [
        'Malergeschäft Fiktiv GmbH',
        'Entreprise de rénovation Imaginaire Sàrl',
        'Impresa edile Inventata SA',
        'Example Roofing Ltd',
      ],
      t(
        'Schlussrechnung Renovation Liegenschaft',
        'Facture finale rénovation immeuble',
        'Fattura finale ristrutturazione immobile',
        'Final invoice, property renovation',
      ),
      [
        t(
          'Objekt: Ihr Eigenheim, Dachsanierung und Fassade',
          'Objet: votre logement en propriété, réfection du toit et façade',
          'Oggetto: la sua casa di proprietà, risanamento tetto e facciata',
          'Property: your own home, roof and facade repairs',
        ),
        [
          t(
            'Werterhaltende Arbeiten',
            'Travaux de maintien de la valeur',
            'Lavori di mantenimento del valore',
            'Value-preserving work',
          ),
          money(4000, 40000),
        ],
        [
          t(
            'Energetische Massnahmen',
            'Mesures d’économie d’énergie',
            'Misure di risparmio energetico',
            'Energy-saving measures',
          ),
          money(0, 20000),
        ],
        [t('Total inkl. MWST', 'Total TVA incl.', 'Totale IVA incl.', 'Total incl. VAT'), money(4000, 60000)],
      ],
    ),
  ],
}
