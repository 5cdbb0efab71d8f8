// Round 5's held-out part (two wordings per kind), written after round 4 and before tuning round 5: never used
// while tuning (README.md). What a real Swiss season holds per kind, with other issuers, titles and phrasing than
// every earlier part: a commune's property tax and imputed rental value, a heat pump replacing an oil heating, an
// optician, a doctor's fee note, a tax statement with income A and B, a custody account statement, a GA
// travelcard and a Park+Rail season ticket, a 3a insurance policy, a buy-in after a divorce, a day family and a
// lunch club, employers whose trade is another kind's (a day-care centre, a transport company, a property
// manager). A letterhead of its own (web address, a greeting), other fine print. Lines as printed: "# " starts a
// title, two spaces part a label from its amount.
import { address, chf, person, type Rng } from './people'
import type { Lang } from './kinds'
import type { Variant } from './tuning'

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })

const EMPLOYERS = [
  'Kita Regenbogen Fiktiv GmbH',
  'Verkehrsbetriebe Musterstadt AG',
  'Gérance Immobilière Imaginaire SA',
  'Fondazione Ospedaliera Inventata',
  'Example Logistics Ltd',
]
const BANKS = [
  'Raiffeisenbank Fiktiv Seetal',
  'Caisse d’Épargne Imaginaire',
  'Banca Popolare Inventata',
  'Example Savings Bank',
]
const TOWNS = ['Langenthal', 'Bulle', 'Mendrisio', 'Wil SG', 'Martigny', 'Baden', 'Liestal']

/** Letterhead: the sender with its web address, the addressee, a place and month, sometimes a greeting. */
function head(issuer: string, r: Rng, lang: Lang, year: number): string[] {
  const month = t('Januar', 'janvier', 'gennaio', 'January')[lang]
  const to = r.next() < 0.5 ? t('Herr und Frau', 'Monsieur et Madame', 'Signori', 'Mr and Mrs')[lang] : ''
  const lines = [
    issuer,
    address(r),
    `www.${issuer
      .split(' ')[0]!
      .toLowerCase()
      .replace(/[^a-z]/g, '')}.ch · 0${r.int(21, 91)} ${r.int(100, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`,
    '',
    `${to} ${person(r)}`.trim(),
    address(r),
    '',
    `${r.pick(TOWNS)}, ${t('im', 'en', 'in', 'in')[lang]} ${month} ${year + 1}`,
    `${t('Referenz', 'Référence', 'Riferimento', 'Reference')[lang]} ` +
      `${r.int(10, 99)}.${r.int(1000, 9999)}.${r.int(10, 99)}`,
    '',
  ]
  if (r.next() < 0.5) lines.push(t('Guten Tag', 'Bonjour', 'Buongiorno', 'Dear customer')[lang])
  return lines
}

type Amount = (r: Rng, year: number) => string
const money =
  (min: number, max: number): Amount =>
  (r) =>
    `Fr. ${chf(r.int(min, max) + r.int(0, 19) * 0.05)}`
/** A line: words only, or a label and its amount. */
type Row = L4 | [L4, Amount]

/** A wording: its issuers, title (the year after it) and lines. */
function wording(issuers: string[], title: L4, rows: Row[]): Variant {
  return (lang, r, year) => [
    ...head(r.pick(issuers), r, lang, year),
    `# ${title[lang]} ${year}`,
    ...rows.map((row) => (Array.isArray(row) ? `${row[0][lang]}  ${row[1](r, year)}` : row[lang])),
  ]
}

export const HELD_OUT: Record<string, [Variant, Variant]> = {
  salary: [
    wording(EMPLOYERS, t('Lohnausweis', 'Certificat de salaire', 'Certificato di salario', 'Salary certificate'), [
      t(
        'Formular 11 – für die Steuererklärung der Arbeitnehmerin',
        'Formulaire 11 – pour la déclaration d’impôt de la salariée',
        'Modulo 11 – per la dichiarazione d’imposta della dipendente',
        'Form 11 – for the employee’s tax return',
      ),
      [t('1. Lohn', '1. Salaire', '1. Salario', '1. Salary'), money(42000, 118000)],
      [
        t(
          '7. Andere Leistungen: Jubiläumsgeschenk',
          '7. Autres prestations: cadeau d’ancienneté',
          '7. Altre prestazioni: dono per anzianità',
          '7. Other benefits: long-service gift',
        ),
        money(0, 2000),
      ],
      [
        t('8. Bruttolohn total', '8. Salaire brut total', '8. Salario lordo totale', '8. Gross salary total'),
        money(43000, 120000),
      ],
      [
        t(
          '9. Beiträge AHV/IV/EO/ALV/NBU',
          '9. Cotisations AVS/AI/APG/AC/AANP',
          '9. Contributi AVS/AI/IPG/AD/AINP',
          '9. Contributions OASI/DI/IC/UI/NOAI',
        ),
        money(3000, 9000),
      ],
      [t('11. Nettolohn', '11. Salaire net', '11. Salario netto', '11. Net salary'), money(38000, 105000)],
      t(
        '15. Bemerkungen: Fahrkosten Geschäftsfahrzeug keine; Kantine vergünstigt',
        '15. Observations: pas de véhicule de service; repas à prix réduit',
        '15. Osservazioni: nessun veicolo aziendale; mensa a prezzo ridotto',
        '15. Remarks: no company car; subsidised canteen',
      ),
    ]),
    wording(
      EMPLOYERS,
      t('Lohnabrechnung Dezember', 'Fiche de paie décembre', 'Busta paga dicembre', 'Payslip December'),
      [
        [t('Monatslohn', 'Salaire mensuel', 'Salario mensile', 'Monthly salary'), money(4200, 9800)],
        [t('13. Monatslohn', '13e salaire', 'Tredicesima', '13th month salary'), money(4200, 9800)],
        [t('AHV/IV/EO', 'AVS/AI/APG', 'AVS/AI/IPG', 'OASI/DI/IC'), money(400, 1100)],
        [t('ALV', 'AC', 'AD', 'Unemployment insurance'), money(90, 220)],
        [
          t(
            'Pensionskasse Arbeitnehmer',
            'Caisse de pension employé',
            'Cassa pensione dipendente',
            'Pension fund employee',
          ),
          money(300, 900),
        ],
        [t('Nettolohn', 'Salaire net', 'Salario netto', 'Net pay'), money(7000, 17000)],
        t(
          'Überweisung auf Ihr Konto CH12 8080 8001 2345 6789 0',
          'Virement sur votre compte CH12 8080 8001 2345 6789 0',
          'Bonifico sul suo conto CH12 8080 8001 2345 6789 0',
          'Transferred to your account CH12 8080 8001 2345 6789 0',
        ),
        t(
          'Ferienguthaben: 12 Tage',
          'Solde de vacances: 12 jours',
          'Saldo vacanze: 12 giorni',
          'Holiday balance: 12 days',
        ),
      ],
    ),
  ],
  bank: [
    wording(
      BANKS,
      t(
        'Kontoauszug Sparkonto per 31.12.',
        'Extrait de compte épargne au 31.12.',
        'Estratto conto risparmio al 31.12.',
        'Savings account statement at 31.12.',
      ),
      [
        t(
          'Sparkonto CH71 8147 2000 0031 5566 2',
          'Compte épargne CH71 8147 2000 0031 5566 2',
          'Conto risparmio CH71 8147 2000 0031 5566 2',
          'Savings account CH71 8147 2000 0031 5566 2',
        ),
        [
          t('Saldovortrag 1.1.', 'Report de solde au 1.1.', 'Saldo riportato 1.1.', 'Balance brought forward 1.1.'),
          money(1000, 60000),
        ],
        [t('Zinsgutschrift', 'Crédit d’intérêts', 'Accredito interessi', 'Interest credited'), money(5, 400)],
        [
          t('Verrechnungssteuer 35 %', 'Impôt anticipé 35 %', 'Imposta preventiva 35 %', 'Withholding tax 35 %'),
          money(0, 140),
        ],
        [t('Kontoführungsgebühren', 'Frais de tenue de compte', 'Spese di tenuta conto', 'Account fees'), money(0, 60)],
        [t('Saldo per 31.12.', 'Solde au 31.12.', 'Saldo al 31.12.', 'Balance at 31.12.'), money(1000, 62000)],
      ],
    ),
    wording(
      BANKS,
      t(
        'Steuerbescheinigung Ihrer Konten',
        'Attestation fiscale de vos comptes',
        'Attestazione fiscale dei suoi conti',
        'Tax certificate for your accounts',
      ),
      [
        t(
          'Privatkonto und Sparkonto, Inhaberin Sie allein',
          'Compte privé et compte épargne, titulaire vous seule',
          'Conto privato e conto risparmio, titolare lei sola',
          'Private and savings account, held by you alone',
        ),
        [
          t('Vermögen am Jahresende', 'Fortune en fin d’année', 'Sostanza a fine anno', 'Assets at year end'),
          money(2000, 90000),
        ],
        [t('Bruttozins', 'Intérêt brut', 'Interesse lordo', 'Gross interest'), money(1, 500)],
        [
          t('davon Verrechnungssteuer', 'dont impôt anticipé', 'di cui imposta preventiva', 'of which withholding tax'),
          money(0, 175),
        ],
        t(
          'Übertragen Sie diese Werte ins Wertschriftenverzeichnis.',
          'Reportez ces valeurs dans l’état des titres.',
          'Riporti questi valori nell’elenco dei titoli.',
          'Enter these figures in the list of securities.',
        ),
      ],
    ),
  ],
  health: [
    wording(
      ['CSS Fiktiv Kranken-Versicherung', 'Groupe Mutuel Imaginaire', 'Sanitas Inventata', 'Example Health Cover'],
      t(
        'Prämienbestätigung für die Steuererklärung',
        'Attestation des primes pour la déclaration d’impôt',
        'Conferma dei premi per la dichiarazione d’imposta',
        'Premium confirmation for your tax return',
      ),
      [
        [
          t(
            'Obligatorische Krankenpflegeversicherung (KVG)',
            'Assurance obligatoire des soins (LAMal)',
            'Assicurazione obbligatoria delle cure (LAMal)',
            'Compulsory health insurance (KVG)',
          ),
          money(2800, 7200),
        ],
        [
          t(
            'Zusatzversicherungen (VVG)',
            'Assurances complémentaires (LCA)',
            'Assicurazioni complementari (LCA)',
            'Supplementary insurance (VVG)',
          ),
          money(300, 2600),
        ],
        [
          t(
            'abzüglich Prämienverbilligung',
            'moins réduction des primes',
            'meno riduzione dei premi',
            'less premium reduction',
          ),
          money(0, 2400),
        ],
        [
          t('Total bezahlte Prämien', 'Total des primes payées', 'Totale premi pagati', 'Total premiums paid'),
          money(2800, 9000),
        ],
        t('Versicherte Personen: 2', 'Personnes assurées: 2', 'Persone assicurate: 2', 'Insured persons: 2'),
      ],
    ),
    wording(
      ['Helsana Muster', 'Visana Imaginaire', 'Swica Inventata', 'Example Care Insurance'],
      t(
        'Versicherungsausweis Krankenversicherung',
        'Certificat d’assurance maladie',
        'Certificato di assicurazione malattie',
        'Health insurance policy schedule',
      ),
      [
        t(
          'Grundversicherung, Modell Hausarzt, Franchise CHF 2500',
          'Assurance de base, modèle médecin de famille, franchise CHF 2500',
          'Assicurazione di base, modello medico di famiglia, franchigia CHF 2500',
          'Basic cover, family doctor model, deductible CHF 2500',
        ),
        t(
          'Spital halbprivat, Zahnpflege 75 %',
          'Hospitalisation demi-privée, soins dentaires 75 %',
          'Ospedale semiprivato, cure dentarie 75 %',
          'Hospital semi-private, dental care 75 %',
        ),
        [t('Monatsprämie', 'Prime mensuelle', 'Premio mensile', 'Monthly premium'), money(250, 700)],
        [t('Jahresprämie', 'Prime annuelle', 'Premio annuo', 'Annual premium'), money(3000, 8400)],
        t(
          'Unfalldeckung ausgeschlossen (über Arbeitgeber versichert)',
          'Couverture accidents exclue (assurée par l’employeur)',
          'Copertura infortuni esclusa (assicurata dal datore)',
          'Accident cover excluded (insured through your employer)',
        ),
      ],
    ),
  ],
  donation: [
    wording(
      ['Winterhilfe Fiktiv', 'Terre des Enfants Imaginaire', 'Aiuto Montagna Inventato', 'Example Refugee Aid'],
      t(
        'Zuwendungsbestätigung',
        'Attestation de dons',
        'Attestazione delle erogazioni liberali',
        'Confirmation of gifts',
      ),
      [
        t(
          'Herzlichen Dank für Ihre Unterstützung im vergangenen Jahr.',
          'Un grand merci pour votre soutien l’an passé.',
          'Grazie di cuore per il suo sostegno lo scorso anno.',
          'Thank you warmly for your support last year.',
        ),
        [
          t('Total Ihrer Zuwendungen', 'Total de vos dons', 'Totale delle sue erogazioni', 'Total of your gifts'),
          money(50, 4000),
        ],
        t(
          'Unsere Organisation ist gemeinnützig und von der Steuer befreit.',
          'Notre organisation est d’utilité publique et exonérée d’impôt.',
          'La nostra organizzazione è di pubblica utilità ed esente da imposte.',
          'We are a charitable organisation exempt from tax.',
        ),
        t(
          'Zuwendungen sind im gesetzlichen Rahmen abziehbar.',
          'Les dons sont déductibles dans les limites légales.',
          'Le erogazioni sono deducibili nei limiti di legge.',
          'Gifts are deductible within the legal limits.',
        ),
      ],
    ),
    wording(
      [
        'Pro Natura Sektion Fiktiv',
        'Amis du Musée Imaginaire',
        'Società Protezione Animali Inventata',
        'Example Mountain Rescue Friends',
      ],
      t(
        'Bestätigung Gönnerbeitrag',
        'Confirmation de cotisation de soutien',
        'Conferma del contributo di sostegno',
        'Patron contribution receipt',
      ),
      [
        [t('Gönnerbeitrag', 'Cotisation de soutien', 'Contributo di sostegno', 'Patron contribution'), money(60, 500)],
        [
          t(
            'Zusätzliche Spende Aktion Herbst',
            'Don supplémentaire action d’automne',
            'Offerta supplementare azione autunno',
            'Additional gift, autumn appeal',
          ),
          money(20, 1500),
        ],
        t(
          'Der Verein ist als gemeinnützig anerkannt (Steuerbefreiung).',
          'L’association est reconnue d’utilité publique (exonération fiscale).',
          'L’associazione è riconosciuta di pubblica utilità (esenzione fiscale).',
          'The association is recognised as a non-profit (tax exempt).',
        ),
      ],
    ),
  ],
  medical: [
    wording(
      ['Optik Fiktiv Sehcenter', 'Opticien Imaginaire', 'Ottica Inventata', 'Example Eyewear'],
      t('Quittung Augenoptik', 'Quittance optique', 'Ricevuta ottica', 'Optician’s receipt'),
      [
        [t('Sehtest', 'Examen de la vue', 'Esame della vista', 'Eye test'), money(40, 90)],
        [
          t(
            'Korrekturgläser Gleitsicht',
            'Verres progressifs correcteurs',
            'Lenti progressive correttive',
            'Varifocal lenses',
          ),
          money(300, 1400),
        ],
        [t('Fassung', 'Monture', 'Montatura', 'Frame'), money(90, 450)],
        t(
          'Verordnung von Dr. med. Beispiel, Augenärztin',
          'Prescription de la Dre Exemple, ophtalmologue',
          'Prescrizione della Dr.ssa Esempio, oculista',
          'Prescription by Dr Example, ophthalmologist',
        ),
        t(
          'Bezahlt mit Karte – Beleg für die Krankenkasse',
          'Payé par carte – justificatif pour la caisse-maladie',
          'Pagato con carta – giustificativo per la cassa malati',
          'Paid by card – receipt for your health insurer',
        ),
      ],
    ),
    wording(
      ['Praxis Dr. med. Fiktiv', 'Cabinet médical Imaginaire', 'Studio medico Inventato', 'Example Medical Practice'],
      t('Honorarrechnung', 'Note d’honoraires', 'Nota d’onorario', 'Fee note'),
      [
        t(
          'Tiers garant – Rückforderungsbeleg für Ihre Versicherung',
          'Tiers garant – justificatif de remboursement pour votre assurance',
          'Terzo garante – giustificativo di rimborso per la sua assicurazione',
          'Tiers garant – reimbursement copy for your insurer',
        ),
        [
          t(
            'Konsultation, erste 5 Min.',
            'Consultation, 5 premières min.',
            'Consultazione, primi 5 min.',
            'Consultation, first 5 min.',
          ),
          money(15, 30),
        ],
        [t('Labor', 'Laboratoire', 'Laboratorio', 'Laboratory'), money(20, 180)],
        [t('Röntgen Thorax', 'Radiographie du thorax', 'Radiografia del torace', 'Chest X-ray'), money(60, 160)],
        [t('Total Behandlung', 'Total du traitement', 'Totale trattamento', 'Treatment total'), money(100, 600)],
        t('Diagnose: Krankheit', 'Diagnostic: maladie', 'Diagnosi: malattia', 'Diagnosis: illness'),
      ],
    ),
  ],
  securities: [
    wording(BANKS, t('Steuerauszug', 'Relevé fiscal', 'Estratto fiscale', 'Tax statement'), [
      t(
        'Wertschriftenverzeichnis, Depot 55-120.331',
        'État des titres, dépôt 55-120.331',
        'Elenco dei titoli, deposito 55-120.331',
        'List of securities, custody account 55-120.331',
      ),
      [
        t('Steuerwert am 31.12.', 'Valeur fiscale au 31.12.', 'Valore fiscale al 31.12.', 'Tax value at 31.12.'),
        money(5000, 400000),
      ],
      [
        t(
          'Bruttoertrag A (mit VST)',
          'Rendement brut A (avec IA)',
          'Reddito lordo A (con IP)',
          'Gross income A (with WHT)',
        ),
        money(10, 9000),
      ],
      [
        t(
          'Bruttoertrag B (ohne VST)',
          'Rendement brut B (sans IA)',
          'Reddito lordo B (senza IP)',
          'Gross income B (without WHT)',
        ),
        money(0, 3000),
      ],
      [
        t(
          'Verrechnungssteueranspruch',
          'Impôt anticipé à récupérer',
          'Imposta preventiva da recuperare',
          'Withholding tax to reclaim',
        ),
        money(3, 3150),
      ],
      t(
        'Ausländische Quellensteuer: siehe Beiblatt DA-1',
        'Impôts étrangers à la source: voir annexe DA-1',
        'Imposte estere alla fonte: vedi allegato DA-1',
        'Foreign withholding tax: see form DA-1',
      ),
    ]),
    wording(
      BANKS,
      t(
        'Depotauszug per 31. Dezember',
        'Relevé de dépôt au 31 décembre',
        'Estratto deposito al 31 dicembre',
        'Custody account statement at 31 December',
      ),
      [
        [
          t(
            'Namenaktien Nestlé Fiktiv',
            'Actions nominatives Nestlé Fictif',
            'Azioni nominative Nestlé Fittizia',
            'Registered shares Nestlé Fictional',
          ),
          money(1000, 60000),
        ],
        [
          t(
            'Obligationen Eidgenossenschaft 1,5 %',
            'Obligations Confédération 1,5 %',
            'Obbligazioni Confederazione 1,5 %',
            'Swiss Confederation bonds 1.5 %',
          ),
          money(1000, 50000),
        ],
        [t('ETF auf den SMI', 'ETF sur le SMI', 'ETF sullo SMI', 'ETF on the SMI'), money(1000, 80000)],
        [
          t('Kurswert total', 'Valeur de marché totale', 'Valore di mercato totale', 'Total market value'),
          money(3000, 190000),
        ],
        [t('Depotgebühren', 'Droits de garde', 'Diritti di custodia', 'Custody fees'), money(20, 600)],
      ],
    ),
  ],
  mortgage: [
    wording(
      BANKS,
      t(
        'Zinsbescheinigung Hypothek',
        'Attestation d’intérêts hypothécaires',
        'Attestazione interessi ipotecari',
        'Mortgage interest certificate',
      ),
      [
        t(
          'Festhypothek 5 Jahre, Tranche 1; SARON-Hypothek, Tranche 2',
          'Hypothèque à taux fixe 5 ans, tranche 1; hypothèque SARON, tranche 2',
          'Ipoteca a tasso fisso 5 anni, tranche 1; ipoteca SARON, tranche 2',
          'Fixed-rate mortgage 5 years, tranche 1; SARON mortgage, tranche 2',
        ),
        [
          t(
            'Belastete Schuldzinsen',
            'Intérêts passifs débités',
            'Interessi passivi addebitati',
            'Debt interest charged',
          ),
          money(2000, 18000),
        ],
        [
          t(
            'Restschuld am 31.12.',
            'Solde de la dette au 31.12.',
            'Debito residuo al 31.12.',
            'Outstanding debt at 31.12.',
          ),
          money(200000, 900000),
        ],
        t(
          'Amortisation indirekt über Säule 3a verpfändet',
          'Amortissement indirect par pilier 3a nanti',
          'Ammortamento indiretto tramite pilastro 3a costituito in pegno',
          'Indirect amortisation via a pledged pillar 3a',
        ),
      ],
    ),
    wording(
      [
        'Pensionskasse Fiktiv Wohneigentum',
        'Caisse de pension Imaginaire',
        'Assicurazioni Vita Inventate SA',
        'Example Life Lending',
      ],
      t(
        'Bestätigung Schuldzinsen und Darlehen',
        'Confirmation des intérêts et du prêt',
        'Conferma interessi e mutuo',
        'Loan and interest confirmation',
      ),
      [
        t(
          'Grundpfandgesichertes Darlehen Nr. 7731 auf Ihrem Eigenheim',
          'Prêt garanti par gage immobilier n° 7731 sur votre logement',
          'Mutuo garantito da pegno immobiliare n. 7731 sulla sua abitazione',
          'Loan no. 7731 secured on your home',
        ),
        [
          t(
            'Zinssatz 1,85 %, bezahlte Zinsen',
            'Taux 1,85 %, intérêts payés',
            'Tasso 1,85 %, interessi pagati',
            'Rate 1.85 %, interest paid',
          ),
          money(1800, 15000),
        ],
        [
          t(
            'Darlehensstand Jahresende',
            'Montant du prêt en fin d’année',
            'Importo del mutuo a fine anno',
            'Loan balance at year end',
          ),
          money(150000, 800000),
        ],
      ],
    ),
  ],
  transport: [
    wording(
      [
        'SBB Fiktiv Reisezentrum',
        'CFF Imaginaire Voyageurs',
        'FFS Inventate Viaggiatori',
        'Example Rail Travel Centre',
      ],
      t(
        'Kaufbeleg GA Travelcard',
        'Justificatif d’achat AG Travelcard',
        'Giustificativo d’acquisto AG Travelcard',
        'Purchase receipt GA travelcard',
      ),
      [
        [
          t(
            'Generalabonnement 2. Klasse, Erwachsene',
            'Abonnement général 2e classe, adulte',
            'Abbonamento generale 2a classe, adulto',
            'General travelcard 2nd class, adult',
          ),
          money(3500, 3995),
        ],
        t(
          'Gültig 12 Monate ab Kaufdatum',
          'Valable 12 mois dès la date d’achat',
          'Valido 12 mesi dalla data d’acquisto',
          'Valid 12 months from purchase',
        ),
        t(
          'Zahlungsart: Debitkarte',
          'Mode de paiement: carte de débit',
          'Modalità di pagamento: carta di debito',
          'Payment: debit card',
        ),
        t(
          'Für den Arbeitsweg: bitte Beleg aufbewahren',
          'Pour le trajet au travail: conservez le justificatif',
          'Per il tragitto al lavoro: conservi il giustificativo',
          'For commuting: keep this receipt',
        ),
      ],
    ),
    wording(
      [
        'Parkhaus Bahnhof Fiktiv',
        'Parking de la Gare Imaginaire',
        'Autosilo Stazione Inventata',
        'Example Station Car Park',
      ],
      t(
        'Rechnung Park+Rail Jahreskarte',
        'Facture abonnement annuel P+Rail',
        'Fattura abbonamento annuale P+Rail',
        'Park and rail season ticket invoice',
      ),
      [
        [
          t(
            'Parkplatz Nr. 114, 12 Monate',
            'Place de parc n° 114, 12 mois',
            'Posteggio n. 114, 12 mesi',
            'Parking space 114, 12 months',
          ),
          money(600, 1500),
        ],
        [
          t('Veloabstellplatz gedeckt', 'Place vélo couverte', 'Posteggio bici coperto', 'Covered bike stand'),
          money(40, 120),
        ],
        [
          t(
            'Halbtax-Abo Verlängerung',
            'Renouvellement abonnement demi-tarif',
            'Rinnovo abbonamento metà prezzo',
            'Half-fare card renewal',
          ),
          money(170, 190),
        ],
        t(
          'Arbeitsweg Wohnort–Bahnhof',
          'Trajet domicile–gare',
          'Tragitto domicilio–stazione',
          'Journey from home to the station',
        ),
      ],
    ),
  ],
  pillar3a: [
    wording(
      [
        'Vorsorgestiftung 3a Fiktiv',
        'Fondation de prévoyance 3a Imaginaire',
        'Fondazione di previdenza 3a Inventata',
        'Example 3a Pension Foundation',
      ],
      t(
        'Bescheinigung über Vorsorgebeiträge',
        'Attestation de cotisations de prévoyance',
        'Attestazione dei contributi previdenziali',
        'Certificate of pension contributions',
      ),
      [
        t(
          'Gebundene Selbstvorsorge (Säule 3a), Art. 82 BVG',
          'Prévoyance individuelle liée (pilier 3a), art. 82 LPP',
          'Previdenza individuale vincolata (pilastro 3a), art. 82 LPP',
          'Tied personal pension (pillar 3a), art. 82 BVG',
        ),
        [
          t(
            'Einzahlungen im Kalenderjahr',
            'Versements de l’année civile',
            'Versamenti nell’anno civile',
            'Contributions in the calendar year',
          ),
          money(500, 7258),
        ],
        [t('Guthaben am 31.12.', 'Avoir au 31.12.', 'Avere al 31.12.', 'Balance at 31.12.'), money(5000, 90000)],
        t(
          'Abziehbar vom steuerbaren Einkommen',
          'Déductible du revenu imposable',
          'Deducibile dal reddito imponibile',
          'Deductible from taxable income',
        ),
      ],
    ),
    wording(
      ['Swiss Life Fiktiv', 'La Bâloise Imaginaire', 'Generali Inventata', 'Example Life Assurance'],
      t(
        'Bescheinigung Vorsorgeversicherung Säule 3a',
        'Attestation assurance de prévoyance pilier 3a',
        'Attestazione assicurazione previdenziale pilastro 3a',
        'Pillar 3a pension insurance certificate',
      ),
      [
        t(
          'Police Nr. 3A-55102, gebundene Vorsorge nach BVV 3',
          'Police n° 3A-55102, prévoyance liée selon OPP 3',
          'Polizza n. 3A-55102, previdenza vincolata secondo OPP 3',
          'Policy no. 3A-55102, tied pension under BVV 3',
        ),
        [
          t(
            'Bezahlte Prämien im Jahr',
            'Primes payées dans l’année',
            'Premi pagati nell’anno',
            'Premiums paid in the year',
          ),
          money(1200, 7258),
        ],
        [
          t(
            'Garantiertes Todesfallkapital',
            'Capital décès garanti',
            'Capitale in caso di decesso garantito',
            'Guaranteed death benefit',
          ),
          money(50000, 200000),
        ],
        t(
          'Diese Prämien sind als Beiträge an die Säule 3a abziehbar.',
          'Ces primes sont déductibles comme cotisations au pilier 3a.',
          'Questi premi sono deducibili come contributi al pilastro 3a.',
          'These premiums are deductible as pillar 3a contributions.',
        ),
      ],
    ),
  ],
  buyin: [
    wording(
      [
        'Pensionskasse Fiktiv Stadt',
        'Caisse de pension Imaginaire Romande',
        'Cassa pensioni Inventata',
        'Example Staff Pension Fund',
      ],
      t(
        'Bestätigung freiwilliger Einkauf',
        'Confirmation de rachat volontaire',
        'Conferma di riscatto volontario',
        'Voluntary buy-in confirmation',
      ),
      [
        [
          t(
            'Eingang Ihrer Einkaufszahlung',
            'Réception de votre versement de rachat',
            'Ricezione del suo versamento di riscatto',
            'Your buy-in payment received',
          ),
          money(5000, 80000),
        ],
        [
          t(
            'Verbleibendes Einkaufspotenzial',
            'Potentiel de rachat restant',
            'Potenziale di riscatto residuo',
            'Remaining buy-in potential',
          ),
          money(0, 200000),
        ],
        t(
          'Kapitalbezug in den nächsten drei Jahren ausgeschlossen (Art. 79b BVG)',
          'Retrait en capital exclu dans les trois ans (art. 79b LPP)',
          'Prelievo di capitale escluso nei tre anni (art. 79b LPP)',
          'No lump-sum withdrawal within three years (art. 79b BVG)',
        ),
      ],
    ),
    wording(
      [
        'Sammelstiftung BVG Fiktiv',
        'Fondation collective LPP Imaginaire',
        'Fondazione collettiva LPP Inventata',
        'Example Collective Pension Foundation',
      ],
      t(
        'Quittung Wiedereinkauf nach Scheidung',
        'Quittance de rachat après divorce',
        'Ricevuta di riacquisto dopo divorzio',
        'Receipt for repurchase after divorce',
      ),
      [
        t(
          'Ausgleich der Vorsorgelücke aus dem Vorsorgeausgleich',
          'Comblement de la lacune due au partage de la prévoyance',
          'Colmare la lacuna dovuta alla divisione della previdenza',
          'Closing the gap left by the pension split',
        ),
        [t('Einbezahlter Betrag', 'Montant versé', 'Importo versato', 'Amount paid in'), money(10000, 120000)],
        t(
          'Als Beitrag an die berufliche Vorsorge vom Einkommen abziehbar',
          'Déductible du revenu comme cotisation à la prévoyance professionnelle',
          'Deducibile dal reddito come contributo alla previdenza professionale',
          'Deductible from income as an occupational pension contribution',
        ),
      ],
    ),
  ],
  childcare: [
    wording(
      [
        'Tagesfamilienverein Fiktiv',
        'Accueil familial de jour Imaginaire',
        'Famiglie Diurne Inventate',
        'Example Childminders Network',
      ],
      t(
        'Jahresrechnung Tagesfamilie',
        'Décompte annuel accueil familial',
        'Conteggio annuo famiglia diurna',
        'Annual childminder account',
      ),
      [
        t(
          'Kind: Lea, geboren 2019',
          'Enfant: Léa, née en 2019',
          'Bambina: Lea, nata nel 2019',
          'Child: Lea, born 2019',
        ),
        [
          t('Betreuungsstunden 820 h', 'Heures de garde 820 h', 'Ore di custodia 820 h', 'Care hours 820 h'),
          money(5000, 11000),
        ],
        [t('Verpflegung', 'Repas', 'Pasti', 'Meals'), money(300, 1500)],
        t(
          'Tarif nach Einkommen der Eltern',
          'Tarif selon le revenu des parents',
          'Tariffa secondo il reddito dei genitori',
          'Fee set by the parents’ income',
        ),
      ],
    ),
    wording(
      [
        'Schule Fiktiv Tagesstrukturen',
        'Accueil parascolaire Imaginaire',
        'Mensa scolastica Inventata',
        'Example After-School Club',
      ],
      t(
        'Bestätigung Mittagstisch und Hort',
        'Attestation restaurant scolaire et accueil',
        'Attestazione mensa e doposcuola',
        'Lunch club and after-school care confirmation',
      ),
      [
        [
          t(
            'Mittagstisch 3 Tage pro Woche',
            'Repas de midi 3 jours par semaine',
            'Mensa 3 giorni a settimana',
            'Lunch club 3 days a week',
          ),
          money(1200, 3600),
        ],
        [
          t(
            'Nachmittagsbetreuung und Aufgabenhilfe',
            'Accueil l’après-midi et aide aux devoirs',
            'Custodia pomeridiana e aiuto compiti',
            'Afternoon care and homework help',
          ),
          money(800, 4800),
        ],
        [
          t('Ferienbetreuung', 'Accueil pendant les vacances', 'Custodia durante le vacanze', 'Holiday care'),
          money(0, 900),
        ],
      ],
    ),
  ],
  property: [
    wording(
      [
        'Gemeinde Fiktiv Finanzverwaltung',
        'Commune d’Imaginaire, Finances',
        'Comune di Inventata, Finanze',
        'Example Municipality, Finance Office',
      ],
      t('Rechnung Liegenschaftssteuer', 'Facture impôt foncier', 'Fattura imposta immobiliare', 'Property tax bill'),
      [
        t(
          'Grundstück Parzelle Nr. 2217, Einfamilienhaus',
          'Bien-fonds parcelle n° 2217, maison individuelle',
          'Fondo particella n. 2217, casa unifamiliare',
          'Plot no. 2217, detached house',
        ),
        [t('Amtlicher Wert', 'Valeur officielle', 'Valore ufficiale', 'Official value'), money(400000, 1200000)],
        [t('Eigenmietwert', 'Valeur locative', 'Valore locativo', 'Imputed rental value'), money(12000, 36000)],
        [
          t('Liegenschaftssteuer 1 ‰', 'Impôt foncier 1 ‰', 'Imposta immobiliare 1 ‰', 'Property tax 1 ‰'),
          money(400, 1200),
        ],
      ],
    ),
    wording(
      ['Haustechnik Fiktiv AG', 'Chauffage Imaginaire Sàrl', 'Termotecnica Inventata SA', 'Example Heating Ltd'],
      t(
        'Schlussrechnung Heizungsersatz',
        'Facture finale remplacement du chauffage',
        'Fattura finale sostituzione riscaldamento',
        'Final invoice, heating replacement',
      ),
      [
        t(
          'Objekt: Ihr Einfamilienhaus',
          'Objet: votre maison individuelle',
          'Oggetto: la sua casa unifamiliare',
          'Object: your detached house',
        ),
        [
          t(
            'Rückbau Ölheizung und Tank',
            'Démontage chaudière à mazout et citerne',
            'Smontaggio caldaia a gasolio e serbatoio',
            'Removal of oil boiler and tank',
          ),
          money(2000, 6000),
        ],
        [
          t(
            'Luft-Wasser-Wärmepumpe inkl. Montage',
            'Pompe à chaleur air-eau, pose comprise',
            'Pompa di calore aria-acqua, posa inclusa',
            'Air-to-water heat pump, fitted',
          ),
          money(18000, 38000),
        ],
        [
          t(
            'abzüglich Förderbeitrag Gebäudeprogramm',
            'moins subvention Programme Bâtiments',
            'meno contributo Programma Edifici',
            'less Buildings Programme subsidy',
          ),
          money(2000, 10000),
        ],
        t(
          'Energiesparende Investition in bestehende Liegenschaft',
          'Investissement destiné à économiser l’énergie dans un immeuble existant',
          'Investimento per il risparmio energetico in un immobile esistente',
          'Energy-saving investment in an existing building',
        ),
      ],
    ),
  ],
}
