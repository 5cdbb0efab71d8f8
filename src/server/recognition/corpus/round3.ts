// Round 3's held-out part (two wordings per kind), written after round 2 and before tuning round 3: never used
// while tuning round 3 and run once at its end; tuning material in round 4 (part round3, README.md). Other
// issuers, titles, phrasing and letterheads again, with the confusions an outside set found (deduction receipts
// that speak of the health insurer, an insurer's certificate that speaks of provision, a bank's statement that
// speaks of deposits and investments). Lines as printed: "# " starts a title, two spaces part a label from its
// amount.
import { address, chf, person, type Rng } from './people'
import type { Lang } from './kinds'
import type { Variant } from './tuning'

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })

const EMPLOYERS = [
  'Rheintal Präzision AG',
  'Menuiserie du Lac Inventée SA',
  'Farmacia Centrale Immaginaria SA',
  'Softbau Fiktiv GmbH',
]
const BANKS = [
  'Raiffeisen Fiktivtal Genossenschaft',
  'Caisse d’Épargne Imaginaire',
  'Banca Popolare Inventata',
  'Neon Example Bank AG',
]
const INSURERS = [
  'Visana Beispiel AG',
  'Groupe Mutuel Fictif',
  'Assicurazioni Generose Inventate SA',
  'Sanitas Example',
]
const CHARITIES = [
  'Stiftung Bergkinder Fiktiv',
  'Fondation Solidarité Imaginaire',
  'Associazione Aiuto Inventato',
  'Friends of Example Zoo',
]
const TOWNS = ['Chur', 'Sion', 'Bellinzona', 'Aarau', 'Frauenfeld', 'Neuchâtel', 'Schwyz']

/** Letterheads of two kinds: a customer-number block, or a reference line under the address. */
function head(issuer: string, r: Rng, lang: Lang, year: number): string[] {
  const date = `${String(r.int(3, 28)).padStart(2, '0')}.0${r.int(1, 3)}.${year + 1}`
  const to = `${t('Herr', 'Monsieur', 'Signor', 'Mr')[lang]} ${person(r)}`
  if (r.next() < 0.5)
    return [
      issuer,
      `${address(r)} · Tel. 0${r.int(21, 91)} ${r.int(100, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`,
      '',
      to,
      address(r),
      '',
      `${t('Kundennummer', 'N° de client', 'N. cliente', 'Customer no.')[lang]} ${r.int(100000, 999999)}`,
      `${r.pick(TOWNS)}, ${date}`,
      '',
    ]
  return [
    to,
    address(r),
    '',
    `${issuer}, ${address(r)}`,
    `${t('Unser Zeichen', 'Notre référence', 'Nostro riferimento', 'Our reference')[lang]}: ` +
      `${r.int(10, 99)}-${r.int(1000, 9999)}`,
    `${t('Datum', 'Date', 'Data', 'Date')[lang]}: ${date}`,
    '',
  ]
}

type Amount = (r: Rng, year: number) => string
const money =
  (min: number, max: number): Amount =>
  (r) =>
    `CHF ${chf(r.int(min, max) + r.int(0, 19) * 0.05)}`
/** A line: words only, or a label and its amount. */
type Row = L4 | [L4, Amount]

/** A wording: its issuer, title (with the year or date) and lines. */
function wording(issuers: string[], title: L4, rows: Row[], yearInTitle: 'year' | 'date' = 'year'): Variant {
  return (lang, r, year) => [
    ...head(r.pick(issuers), r, lang, year),
    `# ${title[lang]} ${yearInTitle === 'year' ? year : `31.12.${year}`}`,
    ...rows.map((row) => (Array.isArray(row) ? `${row[0][lang]}  ${row[1](r, year)}` : row[lang])),
  ]
}

export const ROUND3: Record<string, [Variant, Variant]> = {
  salary: [
    wording(
      EMPLOYERS,
      t(
        'Bescheinigung über ausbezahlte Löhne',
        'Attestation des salaires versés',
        'Certificazione dei salari versati',
        'Statement of wages paid',
      ),
      [
        t(
          'Für die Steuerverwaltung, Kalenderjahr',
          'Pour l’administration fiscale, année civile',
          'Per l’amministrazione delle contribuzioni, anno civile',
          'For the tax administration, calendar year',
        ),
        [
          t(
            'Einkünfte aus unselbständiger Erwerbstätigkeit',
            'Revenu d’une activité lucrative dépendante',
            'Reddito da attività lucrativa dipendente',
            'Income from employment',
          ),
          money(42000, 140000),
        ],
        [
          t(
            'Beiträge AHV/ALV/NBU',
            'Cotisations AVS/AC/AANP',
            'Contributi AVS/AD/AINP',
            'Social security contributions',
          ),
          money(2500, 9000),
        ],
        [
          t(
            'Ordentliche Beiträge BVG',
            'Cotisations ordinaires LPP',
            'Contributi ordinari LPP',
            'Occupational pension contributions',
          ),
          money(2000, 8000),
        ],
        [
          t('Ausbezahlter Nettobetrag', 'Montant net versé', 'Importo netto versato', 'Net amount paid'),
          money(35000, 120000),
        ],
      ],
    ),
    wording(
      EMPLOYERS,
      t(
        'Gehaltsübersicht Kalenderjahr',
        'Relevé annuel de rémunération',
        'Prospetto annuale della retribuzione',
        'Annual remuneration summary',
      ),
      [
        [
          t(
            'Gehalt Januar bis Dezember',
            'Traitement de janvier à décembre',
            'Retribuzione da gennaio a dicembre',
            'Pay January to December',
          ),
          money(50000, 120000),
        ],
        [t('Bonus / Gratifikation', 'Bonus / gratification', 'Bonus / gratifica', 'Bonus'), money(1000, 15000)],
        [
          t('Überstundenvergütung', 'Heures supplémentaires payées', 'Compenso ore straordinarie', 'Overtime pay'),
          money(200, 4000),
        ],
        [
          t('Abzug Pensionskasse', 'Retenue caisse de pension', 'Trattenuta cassa pensione', 'Pension fund deduction'),
          money(2000, 7000),
        ],
        [
          t(
            'Abzug Krankentaggeld',
            'Retenue indemnités journalières maladie',
            'Trattenuta indennità giornaliera malattia',
            'Sickness benefit deduction',
          ),
          money(100, 900),
        ],
      ],
    ),
  ],
  bank: [
    wording(
      BANKS,
      t(
        'Übersicht Ihrer Guthaben per',
        'Situation de vos avoirs au',
        'Situazione dei suoi averi al',
        'Summary of your balances at',
      ),
      [
        [t('Kontokorrent', 'Compte courant', 'Conto corrente', 'Current account'), money(500, 40000)],
        [
          t('Jugendsparkonto', 'Compte épargne jeunesse', 'Conto risparmio giovani', 'Youth savings account'),
          money(100, 9000),
        ],
        [t('Gutgeschriebene Zinsen', 'Intérêts crédités', 'Interessi accreditati', 'Interest credited'), money(1, 400)],
        [
          t('Verrechnungssteuer 35 %', 'Impôt anticipé 35 %', 'Imposta preventiva 35 %', 'Withholding tax 35 %'),
          money(0, 140),
        ],
        t(
          'Guthaben in Franken, Bewertung zum Jahresende',
          'Avoirs en francs, valeur en fin d’année',
          'Averi in franchi, valore a fine anno',
          'Balances in francs, valued at year end',
        ),
      ],
      'date',
    ),
    wording(
      BANKS,
      t(
        'Steuerbescheinigung Konten',
        'Attestation fiscale comptes',
        'Certificato fiscale conti',
        'Tax certificate for accounts',
      ),
      [
        [
          t(
            'IBAN CH93 0076 2011 6238 5295 7, Saldo',
            'IBAN CH93 0076 2011 6238 5295 7, solde',
            'IBAN CH93 0076 2011 6238 5295 7, saldo',
            'IBAN CH93 0076 2011 6238 5295 7, balance',
          ),
          money(300, 60000),
        ],
        [t('Zinsen brutto', 'Intérêts bruts', 'Interessi lordi', 'Interest before tax'), money(1, 300)],
        [t('Spesen und Gebühren', 'Frais et commissions', 'Spese e commissioni', 'Charges and fees'), money(0, 120)],
        t(
          'Für die Wertschriften- und Guthabenverzeichnis',
          'Pour l’état des titres et avoirs',
          'Per l’elenco dei titoli e averi',
          'For the list of securities and balances',
        ),
      ],
    ),
  ],
  health: [
    wording(
      INSURERS,
      t(
        'Prämienübersicht für die Steuerbehörde',
        'Récapitulatif des primes pour l’autorité fiscale',
        'Riepilogo dei premi per l’autorità fiscale',
        'Premium summary for the tax authority',
      ),
      [
        [
          t('Grundversicherung OKP', 'Assurance de base AOS', 'Assicurazione di base AOMS', 'Basic cover'),
          money(2800, 7000),
        ],
        [
          t('Spital halbprivat', 'Hospitalisation demi-privée', 'Ospedale semiprivato', 'Hospital semi-private'),
          money(300, 2400),
        ],
        [t('Prämienverbilligung', 'Réduction de primes', 'Riduzione dei premi', 'Premium reduction'), money(0, 1800)],
        [t('Von Ihnen bezahlt', 'Payé par vous', 'Pagato da lei', 'Paid by you'), money(2500, 9000)],
        t(
          'Versicherte Personen: siehe Rückseite',
          'Personnes assurées: voir au verso',
          'Persone assicurate: vedi retro',
          'Insured persons: see overleaf',
        ),
      ],
    ),
    wording(
      INSURERS,
      t(
        'Versicherungsbestätigung bezahlte Prämien',
        'Certificat d’assurance primes acquittées',
        'Certificato assicurativo premi pagati',
        'Insurance confirmation, premiums paid',
      ),
      [
        t(
          'Police Nr. 88.412.06, Versicherungsnehmer wie oben',
          'Police n° 88.412.06, preneur d’assurance comme ci-dessus',
          'Polizza n. 88.412.06, stipulante come sopra',
          'Policy no. 88.412.06, policyholder as above',
        ),
        [
          t(
            'Obligatorische Krankenversicherung',
            'Assurance obligatoire des soins',
            'Assicurazione malattie obbligatoria',
            'Mandatory health cover',
          ),
          money(3000, 6500),
        ],
        [
          t(
            'Zusatzversicherung Zahn und Brille',
            'Complémentaire dentaire et lunettes',
            'Complementare dentaria e occhiali',
            'Dental and glasses add-on',
          ),
          money(150, 900),
        ],
        [
          t(
            'Unfalldeckung eingeschlossen',
            'Couverture accidents incluse',
            'Copertura infortuni inclusa',
            'Accident cover included',
          ),
          money(0, 200),
        ],
        t(
          'Die Prämien sind als Versicherungsprämien abziehbar (keine Vorsorge 3a).',
          'Les primes sont déductibles comme primes d’assurance (pas de prévoyance 3a).',
          'I premi sono deducibili come premi assicurativi (non previdenza 3a).',
          'Premiums are deductible as insurance premiums (not 3a provision).',
        ),
      ],
    ),
  ],
  donation: [
    wording(
      CHARITIES,
      t('Zuwendungsbestätigung', 'Attestation de libéralité', 'Attestazione di liberalità', 'Acknowledgement of gifts'),
      [
        t(
          'Wir bestätigen den Eingang folgender Zuwendungen',
          'Nous confirmons avoir reçu les libéralités suivantes',
          'Confermiamo di aver ricevuto le seguenti liberalità',
          'We confirm receipt of the following gifts',
        ),
        [t('Zuwendung vom 14.03.', 'Libéralité du 14.03.', 'Liberalità del 14.03.', 'Gift of 14.03.'), money(50, 500)],
        [t('Zuwendung vom 02.11.', 'Libéralité du 02.11.', 'Liberalità del 02.11.', 'Gift of 02.11.'), money(50, 1500)],
        t(
          'Die Stiftung ist wegen Gemeinnützigkeit von den Steuern befreit.',
          'La fondation est exonérée d’impôt pour utilité publique.',
          'La fondazione è esente da imposte per pubblica utilità.',
          'The foundation is tax-exempt as a public-benefit body.',
        ),
      ],
    ),
    wording(
      CHARITIES,
      t(
        'Herzlichen Dank für Ihre Unterstützung im Jahr',
        'Merci de votre soutien en',
        'Grazie del suo sostegno nel',
        'Thank you for your support in',
      ),
      [
        t(
          'Ihre Beiträge auf einen Blick:',
          'Vos versements en un coup d’œil:',
          'I suoi versamenti in sintesi:',
          'Your payments at a glance:',
        ),
        [
          t(
            'Patenschaft Kind in Nepal',
            'Parrainage enfant au Népal',
            'Padrinato bambino in Nepal',
            'Child sponsorship, Nepal',
          ),
          money(360, 600),
        ],
        [
          t('Nothilfe Erdbeben', 'Aide d’urgence séisme', 'Aiuto d’emergenza terremoto', 'Earthquake relief'),
          money(20, 400),
        ],
        [t('Total Ihrer Gaben', 'Total de vos dons', 'Totale dei suoi doni', 'Total of your gifts'), money(380, 1000)],
        t(
          'Diese Bestätigung können Sie Ihrer Steuererklärung beilegen.',
          'Vous pouvez joindre cette attestation à votre déclaration d’impôt.',
          'Può allegare questa conferma alla sua dichiarazione d’imposta.',
          'You may enclose this confirmation with your tax return.',
        ),
      ],
    ),
  ],
  medical: [
    wording(
      INSURERS,
      t('Leistungsabrechnung', 'Décompte de prestations', 'Conteggio delle prestazioni', 'Statement of benefits'),
      [
        t(
          'Versichertennummer 80756 0001 2345, Grundversicherung',
          'N° d’assuré 80756 0001 2345, assurance de base',
          'N. assicurato 80756 0001 2345, assicurazione di base',
          'Member no. 80756 0001 2345, basic cover',
        ),
        [
          t(
            'Rechnung Dr. med. Keller, Hausarzt',
            'Facture Dr méd. Keller, médecin de famille',
            'Fattura dr. med. Keller, medico di famiglia',
            'Invoice Dr Keller, family doctor',
          ),
          money(120, 900),
        ],
        [t('Davon Franchise', 'Dont franchise', 'Di cui franchigia', 'Of which deductible'), money(50, 300)],
        [t('Selbstbehalt 10 %', 'Quote-part 10 %', 'Aliquota percentuale 10 %', 'Co-payment 10 %'), money(10, 90)],
        [t('Zu Ihren Lasten', 'À votre charge', 'A suo carico', 'Payable by you'), money(60, 390)],
      ],
    ),
    wording(
      [
        'Apotheke zum Fiktiven Hirschen',
        'Pharmacie Imaginaire du Centre',
        'Farmacia Inventata San Rocco',
        'Example Pharmacy Ltd',
      ],
      t('Quittung Medikamente', 'Quittance médicaments', 'Ricevuta medicamenti', 'Receipt for medicines'),
      [
        [
          t(
            'Rezept Dr. Brunner: Antibiotikum',
            'Ordonnance Dr Brunner: antibiotique',
            'Ricetta dr. Brunner: antibiotico',
            'Prescription Dr Brunner: antibiotic',
          ),
          money(15, 90),
        ],
        [t('Schmerzmittel', 'Antidouleur', 'Antidolorifico', 'Painkiller'), money(5, 30)],
        [t('Bar bezahlt', 'Payé comptant', 'Pagato in contanti', 'Paid in cash'), money(20, 120)],
        t(
          'Nicht von der Krankenkasse übernommen. Bewahren Sie diesen Beleg für die Steuererklärung auf.',
          'Non pris en charge par la caisse maladie. Conservez ce justificatif pour votre déclaration.',
          'Non rimborsato dalla cassa malati. Conservi questa ricevuta per la dichiarazione.',
          'Not covered by your health insurer. Keep this receipt for your tax return.',
        ),
      ],
    ),
  ],
  securities: [
    wording(BANKS, t('Steuerreport', 'Rapport fiscal', 'Rapporto fiscale', 'Tax report'), [
      [
        t(
          'Aktien Schweiz, Steuerwert',
          'Actions suisses, valeur fiscale',
          'Azioni svizzere, valore fiscale',
          'Swiss shares, tax value',
        ),
        money(5000, 150000),
      ],
      [
        t(
          'Obligationen, Steuerwert',
          'Obligations, valeur fiscale',
          'Obbligazioni, valore fiscale',
          'Bonds, tax value',
        ),
        money(1000, 60000),
      ],
      [t('Dividenden brutto', 'Dividendes bruts', 'Dividendi lordi', 'Gross dividends'), money(50, 4000)],
      [
        t(
          'Rückforderbare Verrechnungssteuer',
          'Impôt anticipé récupérable',
          'Imposta preventiva recuperabile',
          'Reclaimable withholding tax',
        ),
        money(10, 1400),
      ],
    ]),
    wording(
      BANKS,
      t(
        'Jahresbericht Ihrer Fondsanteile',
        'Relevé annuel de vos parts de fonds',
        'Rendiconto annuale delle sue quote di fondi',
        'Annual statement of your fund units',
      ),
      [
        t(
          'Anteile  Fonds  NAV  Wert CHF',
          'Parts  Fonds  VNI  Valeur CHF',
          'Quote  Fondo  NAV  Valore CHF',
          'Units  Fund  NAV  Value CHF',
        ),
        [
          t(
            '124.5 Swiss Equity Fund A (thesaurierend)',
            '124.5 Swiss Equity Fund A (capitalisation)',
            '124.5 Swiss Equity Fund A (ad accumulazione)',
            '124.5 Swiss Equity Fund A (accumulating)',
          ),
          money(3000, 40000),
        ],
        [
          t(
            '80 Global Bond Fund (ausschüttend)',
            '80 Global Bond Fund (distribution)',
            '80 Global Bond Fund (a distribuzione)',
            '80 Global Bond Fund (distributing)',
          ),
          money(2000, 20000),
        ],
        [t('Ausschüttung', 'Distribution', 'Distribuzione', 'Distribution'), money(20, 800)],
      ],
    ),
  ],
  mortgage: [
    wording(
      BANKS,
      t(
        'Zinsbelastungsanzeige Festhypothek',
        'Avis de débit d’intérêts hypothèque à taux fixe',
        'Avviso di addebito interessi ipoteca a tasso fisso',
        'Interest debit advice, fixed-rate mortgage',
      ),
      [
        [t('Kapital', 'Capital', 'Capitale', 'Principal'), money(200000, 900000)],
        t(
          'Zinssatz 1.45 %, Laufzeit bis 2031',
          'Taux 1.45 %, échéance 2031',
          'Tasso 1.45 %, scadenza 2031',
          'Rate 1.45 %, term to 2031',
        ),
        [
          t('Zins für das Jahr', 'Intérêts pour l’année', 'Interessi per l’anno', 'Interest for the year'),
          money(2000, 13000),
        ],
        [
          t('Belastet Ihrem Konto', 'Débité de votre compte', 'Addebitato sul suo conto', 'Debited to your account'),
          money(2000, 13000),
        ],
      ],
    ),
    wording(
      ['Pensionskasse Fiktiv Bau', 'Caisse de pension Imaginaire', 'Cassa pensione Inventata', 'Example Pension Fund'],
      t(
        'Bestätigung Darlehensschuld und Zinsen',
        'Attestation de dette de prêt et d’intérêts',
        'Attestazione del debito di mutuo e degli interessi',
        'Confirmation of loan debt and interest',
      ),
      [
        t(
          'Hypothekardarlehen an Versicherte, Grundpfand 1. Rang',
          'Prêt hypothécaire aux assurés, gage immobilier 1er rang',
          'Mutuo ipotecario agli assicurati, pegno immobiliare 1° grado',
          'Home loan to members, first-rank charge',
        ),
        [
          t('Schuld am Jahresende', 'Dette en fin d’année', 'Debito a fine anno', 'Debt at year end'),
          money(150000, 700000),
        ],
        [t('Bezahlte Zinsen', 'Intérêts payés', 'Interessi pagati', 'Interest paid'), money(1500, 11000)],
        [t('Amortisation', 'Amortissement', 'Ammortamento', 'Repayment'), money(0, 10000)],
      ],
    ),
  ],
  transport: [
    wording(
      ['Verkehrsbetriebe Fiktivstadt', 'Transports Publics Imaginaires', 'Autolinee Inventate SA', 'Example Transit'],
      t(
        'Quittung Streckenabonnement',
        'Quittance abonnement de parcours',
        'Ricevuta abbonamento di percorso',
        'Receipt, route season ticket',
      ),
      [
        t(
          'Strecke Wohnort – Arbeitsort, 2. Klasse',
          'Parcours domicile – lieu de travail, 2e classe',
          'Percorso domicilio – luogo di lavoro, 2a classe',
          'Route home – workplace, 2nd class',
        ),
        [
          t(
            '12 Monate, bezahlt am 05.01.',
            '12 mois, payé le 05.01.',
            '12 mesi, pagato il 05.01.',
            '12 months, paid on 05.01.',
          ),
          money(900, 3600),
        ],
        t(
          'Fahrausweis persönlich, nicht übertragbar',
          'Titre de transport personnel, non transmissible',
          'Titolo di trasporto personale, non trasferibile',
          'Personal ticket, not transferable',
        ),
      ],
    ),
    wording(
      [
        'SBB Beispiel Reisezentrum',
        'CFF Exemple Centre voyageurs',
        'FFS Esempio Centro viaggiatori',
        'SBB Example Travel Centre',
      ],
      t(
        'Generalabonnement – Kaufbestätigung',
        'Abonnement général – confirmation d’achat',
        'Abbonamento generale – conferma d’acquisto',
        'Travelcard (GA) – purchase confirmation',
      ),
      [
        [
          t('GA Erwachsene 2. Klasse', 'AG adulte 2e classe', 'AG adulti 2a classe', 'GA adult 2nd class'),
          money(3500, 3995),
        ],
        t(
          'Gültig 365 Tage auf Bahn, Bus, Tram und Schiff',
          'Valable 365 jours en train, bus, tram et bateau',
          'Valido 365 giorni su treno, bus, tram e battello',
          'Valid 365 days on trains, buses, trams and boats',
        ),
        [t('Zahlung per Karte', 'Paiement par carte', 'Pagamento con carta', 'Paid by card'), money(3500, 3995)],
      ],
    ),
  ],
  pillar3a: [
    wording(
      [
        'Vorsorgestiftung Fiktiv 3',
        'Fondation de prévoyance Imaginaire',
        'Fondazione di previdenza Inventata',
        'Example Pension Foundation 3',
      ],
      t(
        'Bescheinigung gebundene Selbstvorsorge',
        'Attestation prévoyance individuelle liée',
        'Attestazione previdenza individuale vincolata',
        'Certificate of tied personal pension provision',
      ),
      [
        t(
          'Gemäss Art. 82 BVG und BVV 3',
          'Selon l’art. 82 LPP et l’OPP 3',
          'Secondo l’art. 82 LPP e l’OPP 3',
          'Under art. 82 BVG and BVV 3',
        ),
        [
          t(
            'Ihre Beiträge im Jahr',
            'Vos cotisations de l’année',
            'I suoi contributi nell’anno',
            'Your contributions in the year',
          ),
          money(1000, 7056),
        ],
        [t('Guthaben per 31.12.', 'Avoir au 31.12.', 'Avere al 31.12.', 'Balance at 31.12.'), money(5000, 90000)],
        t(
          'Die Beiträge sind vom steuerbaren Einkommen abziehbar.',
          'Les cotisations sont déductibles du revenu imposable.',
          'I contributi sono deducibili dal reddito imponibile.',
          'Contributions are deductible from taxable income.',
        ),
      ],
    ),
    wording(
      ['frankly Beispiel', 'VIAC Exemple', 'finpension Esempio', 'Example Invest 3a'],
      t(
        'Dein Vorsorgejahr im Überblick',
        'Ton année de prévoyance en bref',
        'Il tuo anno di previdenza in breve',
        'Your retirement savings year at a glance',
      ),
      [
        [
          t(
            'Einzahlungen in dein 3a-Portfolio',
            'Versements sur ton portefeuille 3a',
            'Versamenti nel tuo portafoglio 3a',
            'Payments into your 3a portfolio',
          ),
          money(1000, 7056),
        ],
        [
          t(
            'Wertentwicklung der Vorsorgefonds',
            'Performance des fonds de prévoyance',
            'Rendimento dei fondi previdenziali',
            'Performance of the pension funds',
          ),
          money(100, 5000),
        ],
        t(
          'Steuerbescheinigung für die Säule 3a',
          'Attestation fiscale pour le pilier 3a',
          'Attestazione fiscale per il pilastro 3a',
          'Tax certificate for pillar 3a',
        ),
      ],
    ),
  ],
  buyin: [
    wording(
      [
        'Pensionskasse Fiktiv Industrie',
        'Caisse de prévoyance Imaginaire',
        'Cassa di previdenza Inventata',
        'Example Staff Pension Fund',
      ],
      t(
        'Gutschrift Einkauf von Beitragsjahren',
        'Crédit rachat d’années de cotisation',
        'Accredito riscatto di anni di contribuzione',
        'Credit for purchase of contribution years',
      ),
      [
        [
          t(
            'Eingang Ihrer Überweisung',
            'Réception de votre virement',
            'Ricezione del suo bonifico',
            'Your transfer received',
          ),
          money(5000, 80000),
        ],
        [
          t(
            'Gutgeschrieben dem Altersguthaben',
            'Crédité à l’avoir de vieillesse',
            'Accreditato all’avere di vecchiaia',
            'Credited to retirement assets',
          ),
          money(5000, 80000),
        ],
        t(
          'Einkauf nach Art. 79b BVG; Kapitalbezug während drei Jahren ausgeschlossen.',
          'Rachat selon l’art. 79b LPP; pas de retrait en capital pendant trois ans.',
          'Riscatto secondo l’art. 79b LPP; nessun prelievo di capitale per tre anni.',
          'Purchase under art. 79b BVG; no lump-sum withdrawal for three years.',
        ),
      ],
    ),
    wording(
      [
        'Sammelstiftung Fiktiv BVG',
        'Fondation collective Imaginaire LPP',
        'Fondazione collettiva Inventata LPP',
        'Example Collective Foundation',
      ],
      t(
        'Bestätigung Ihrer Zusatzeinzahlung',
        'Confirmation de votre versement supplémentaire',
        'Conferma del suo versamento supplementare',
        'Confirmation of your additional contribution',
      ),
      [
        [
          t(
            'Freiwillige Einzahlung in die 2. Säule',
            'Versement volontaire au 2e pilier',
            'Versamento volontario nel 2° pilastro',
            'Voluntary payment into the 2nd pillar',
          ),
          money(3000, 50000),
        ],
        [
          t(
            'Noch möglicher Einkauf',
            'Rachat encore possible',
            'Riscatto ancora possibile',
            'Further purchase possible',
          ),
          money(10000, 200000),
        ],
        t(
          'Der Betrag ist vom Einkommen abziehbar.',
          'Le montant est déductible du revenu.',
          'L’importo è deducibile dal reddito.',
          'The amount is deductible from income.',
        ),
      ],
    ),
  ],
  childcare: [
    wording(
      [
        'Tagesschule Fiktivdorf',
        'Accueil parascolaire Imaginaire',
        'Mensa e doposcuola Inventati',
        'Example After-School Club',
      ],
      t(
        'Jahresrechnung Mittagstisch und Nachmittagsbetreuung',
        'Facture annuelle repas de midi et accueil de l’après-midi',
        'Fattura annuale mensa e doposcuola',
        'Annual invoice, lunch club and afternoon care',
      ),
      [
        t('Kind: Lina, 2. Klasse', 'Enfant: Lina, 2e année', 'Bambina: Lina, 2a elementare', 'Child: Lina, year 2'),
        [
          t(
            'Module Mittag (38 Wochen)',
            'Modules midi (38 semaines)',
            'Moduli pranzo (38 settimane)',
            'Lunch sessions (38 weeks)',
          ),
          money(800, 3000),
        ],
        [t('Module Nachmittag', 'Modules après-midi', 'Moduli pomeriggio', 'Afternoon sessions'), money(600, 4000)],
        [t('Davon Verpflegung', 'Dont repas', 'Di cui pasti', 'Of which meals'), money(300, 1200)],
      ],
    ),
    wording(
      ['Ferienhort Fiktivtal', 'Centre aéré Imaginaire', 'Colonia diurna Inventata', 'Example Holiday Day Camp'],
      t(
        'Quittung Ferienbetreuung',
        'Quittance accueil de vacances',
        'Ricevuta custodia durante le vacanze',
        'Receipt, holiday childcare',
      ),
      [
        [
          t(
            'Sommerferien, 2 Wochen, Kind Noah (7)',
            'Vacances d’été, 2 semaines, enfant Noah (7)',
            'Vacanze estive, 2 settimane, bambino Noah (7)',
            'Summer holidays, 2 weeks, child Noah (7)',
          ),
          money(300, 900),
        ],
        [
          t(
            'Herbstferien, 1 Woche',
            'Vacances d’automne, 1 semaine',
            'Vacanze autunnali, 1 settimana',
            'Autumn holidays, 1 week',
          ),
          money(150, 450),
        ],
        t(
          'Betreuung während der Arbeitszeit der Eltern',
          'Garde pendant le temps de travail des parents',
          'Custodia durante il lavoro dei genitori',
          'Care while the parents work',
        ),
      ],
    ),
  ],
  property: [
    wording(
      [
        'Gemeinde Fiktivberg, Steueramt',
        'Commune d’Imaginaire, service des contributions',
        'Comune di Inventata, ufficio imposte',
        'Municipality of Example, tax office',
      ],
      t(
        'Verfügung Eigenmietwert',
        'Décision valeur locative',
        'Decisione valore locativo',
        'Ruling on imputed rental value',
      ),
      [
        t(
          'Selbst bewohntes Wohneigentum, Parzelle 2217',
          'Logement occupé par le propriétaire, parcelle 2217',
          'Abitazione ad uso proprio, particella 2217',
          'Owner-occupied home, plot 2217',
        ),
        [
          t('Eigenmietwert pro Jahr', 'Valeur locative annuelle', 'Valore locativo annuo', 'Imputed rent per year'),
          money(12000, 40000),
        ],
        [
          t('Vermögenssteuerwert', 'Valeur fiscale de fortune', 'Valore fiscale per la sostanza', 'Wealth tax value'),
          money(300000, 1500000),
        ],
        t(
          'Rechtsmittel: Einsprache innert 30 Tagen',
          'Voie de droit: réclamation dans les 30 jours',
          'Rimedio giuridico: reclamo entro 30 giorni',
          'Appeal: objection within 30 days',
        ),
      ],
    ),
    wording(
      [
        'Immobilien Verwaltung Fiktiv AG',
        'Régie Immobilière Imaginaire SA',
        'Amministrazioni Stabili Inventate SA',
        'Example Property Management',
      ],
      t(
        'Jahresabrechnung der Stockwerkeigentümergemeinschaft',
        'Décompte annuel de la communauté des copropriétaires',
        'Rendiconto annuale della comunione dei comproprietari',
        'Annual statement of the owners’ association',
      ),
      [
        t(
          'Ihre Wertquote: 86/1000, Wohnung 3. OG',
          'Votre quote-part: 86/1000, appartement 3e étage',
          'Sua quota: 86/1000, appartamento 3° piano',
          'Your share: 86/1000, flat on 3rd floor',
        ),
        [
          t(
            'Einlage Erneuerungsfonds',
            'Versement au fonds de rénovation',
            'Versamento al fondo di rinnovamento',
            'Payment to the renewal fund',
          ),
          money(800, 4000),
        ],
        [
          t(
            'Unterhalt und Reparaturen',
            'Entretien et réparations',
            'Manutenzione e riparazioni',
            'Maintenance and repairs',
          ),
          money(300, 5000),
        ],
        [
          t('Verwaltungshonorar', 'Honoraires de gérance', 'Onorario di amministrazione', 'Management fee'),
          money(300, 1200),
        ],
      ],
    ),
  ],
}
