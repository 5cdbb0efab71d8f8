// The tuning part's second wording of every kind (the first is kinds.ts): what the classifier's rules
// were tuned on, with the first. Lines as printed: "# " starts a title, two spaces part a label from its amount.
import { address, bank, chf, firm, insurer, person, type Rng } from './people'
import type { Lang } from './kinds'

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })
export type Variant = (lang: Lang, r: Rng, year: number) => string[]

const dated = (lang: Lang, r: Rng, year: number) =>
  [
    t('Ort und Datum', 'Lieu et date', 'Luogo e data', 'Place and date')[lang],
    ': ',
    r.pick(['Zürich', 'Bern', 'Lugano', 'Lausanne']),
    ', ',
    r.int(3, 27),
    '.0',
    r.int(1, 2),
    '.',
    year + 1,
  ].join('')
const head = (issuer: string, r: Rng) => [issuer, address(r), '', person(r), address(r), '']

export const TUNING: Record<string, Variant> = {
  salary: (lang, r, year) => {
    const gross = r.int(48, 140) * 1000 + r.int(0, 9) * 100
    const ahv = Math.round(gross * 0.053 * 100) / 100
    const alv = Math.round(gross * 0.011 * 100) / 100
    const bvg = Math.round(gross * 0.06 * 100) / 100
    return [
      ...head(firm(r), r),
      [
        '# ',
        t('Jahreslohnabrechnung', 'Décompte de salaire annuel', 'Conteggio salariale annuo', 'Annual pay statement')[
          lang
        ],
        ' ',
        year,
      ].join(''),
      [
        t('Personalnummer', 'Numéro du personnel', 'Numero del personale', 'Staff number')[lang],
        ' ',
        r.int(1000, 9999),
      ].join(''),
      `${t('Monatslohn', 'Salaire mensuel', 'Salario mensile', 'Monthly salary')[lang]} x 13  CHF ${chf(gross)}`,
      `${t('Bruttolohn', 'Salaire brut', 'Salario lordo', 'Gross salary')[lang]}  CHF ${chf(gross)}`,
      `AHV/IV/EO 5.3 %  CHF -${chf(ahv)}`,
      `ALV 1.1 %  CHF -${chf(alv)}`,
      `${t('BVG-Beitrag', 'Cotisation LPP', 'Contributo LPP', 'Pension fund contribution')[lang]}  CHF -${chf(bvg)}`,
      `${t('Nettolohn', 'Salaire net', 'Salario netto', 'Net salary')[lang]}  CHF ${chf(gross - ahv - alv - bvg)}`,
      t(
        'Der Lohnausweis (Formular 11) liegt bei.',
        'Le certificat de salaire (formulaire 11) est joint.',
        'Il certificato di salario (modulo 11) è allegato.',
        'The salary certificate (form 11) is enclosed.',
      )[lang],
      dated(lang, r, year),
    ]
  },
  bank: (lang, r, year) => [
    ...head(bank(r), r),
    [
      '# ',
      t('Kontoauszug', 'Relevé de compte', 'Estratto conto', 'Account statement')[lang],
      ' 01.12.',
      year,
      ' - 31.12.',
      year,
    ].join(''),
    [
      'IBAN CH',
      r.int(10, 99),
      ' 0',
      r.int(100, 999),
      ' ',
      r.int(1000, 9999),
      ' ',
      r.int(1000, 9999),
      ' ',
      r.int(1000, 9999),
      ' ',
      r.int(1, 9),
    ].join(''),
    t(
      'Datum  Text  Belastung  Gutschrift  Saldo',
      'Date  Texte  Débit  Crédit  Solde',
      'Data  Testo  Addebito  Accredito  Saldo',
      'Date  Text  Debit  Credit  Balance',
    )[lang],
    [
      '03.12.',
      year,
      '  ',
      t('Dauerauftrag Miete', 'Ordre permanent loyer', 'Ordine permanente affitto', 'Standing order rent')[lang],
      '  ',
      chf(r.int(1200, 2600)),
    ].join(''),
    [
      '15.12.',
      year,
      '  ',
      t(
        'Lastschrift Krankenkasse',
        'Débit direct caisse maladie',
        'Addebito diretto cassa malati',
        'Direct debit health insurer',
      )[lang],
      '  ',
      chf(r.int(280, 600)),
    ].join(''),
    [
      '25.12.',
      year,
      '  ',
      t('Gutschrift Lohn', 'Crédit salaire', 'Accredito salario', 'Salary credit')[lang],
      '  ',
      chf(r.int(4800, 9000)),
    ].join(''),
    [
      '31.12.',
      year,
      '  ',
      t('Zinsgutschrift', 'Intérêts créditeurs', 'Accredito interessi', 'Interest credit')[lang],
      '  ',
      chf(r.int(1, 90)),
    ].join(''),
    `${t('Schlusssaldo', 'Solde final', 'Saldo finale', 'Closing balance')[lang]}  CHF ${chf(r.int(2000, 60000))}`,
  ],
  health: (lang, r, year) => [
    ...head(insurer(r), r),
    [
      '# ',
      t('Versicherungsausweis', "Certificat d'assurance", 'Certificato di assicurazione', 'Insurance certificate')[
        lang
      ],
      ' ',
      year,
    ].join(''),
    [
      t('Versichertennummer', "Numéro d'assuré", 'Numero di assicurato', 'Insured number')[lang],
      ' ',
      r.int(100000, 999999),
    ].join(''),
    [
      t('Grundversicherung KVG', 'Assurance de base LAMal', 'Assicurazione di base LAMal', 'Basic insurance KVG')[lang],
      '  CHF ',
      chf(r.int(300, 600)),
    ].join(''),
    [
      t('Spital halbprivat', 'Hospitalisation demi-privée', 'Ospedale semiprivato', 'Hospital semi-private')[lang],
      '  CHF ',
      chf(r.int(40, 160)),
    ].join(''),
    [
      t('Monatsprämie total', 'Prime mensuelle totale', 'Premio mensile totale', 'Monthly premium total')[lang],
      '  CHF ',
      chf(r.int(350, 760)),
    ].join(''),
    [
      t('Jahresfranchise', 'Franchise annuelle', 'Franchigia annua', 'Annual deductible')[lang],
      '  CHF ',
      r.pick(['300', '1000', '2500']),
    ].join(''),
  ],
  donation: (lang, r, year) => [
    ...head(
      t(
        'Hilfswerk Brückenschlag Fiktiv',
        'Œuvre d’entraide Passerelle Fictive',
        'Opera assistenziale Ponte Inventato',
        'Bridge Aid Example Charity',
      )[lang],
      r,
    ),
    [
      '# ',
      t(
        'Bestätigung für die Steuererklärung',
        'Attestation pour votre déclaration d’impôt',
        'Conferma per la dichiarazione d’imposta',
        'Confirmation for your tax return',
      )[lang],
      ' ',
      year,
    ].join(''),
    t(
      'Wir bestätigen, von Ihnen folgende Zuwendungen erhalten zu haben:',
      'Nous confirmons avoir reçu de votre part les dons suivants:',
      'Confermiamo di aver ricevuto da lei i seguenti contributi:',
      'We confirm that we received the following gifts from you:',
    )[lang],
    `12.03.${year}  CHF ${chf(r.int(20, 500))}`,
    `04.11.${year}  CHF ${chf(r.int(20, 500))}`,
    `${t('Total', 'Total', 'Totale', 'Total')[lang]}  CHF ${chf(r.int(100, 1500))}`,
    t(
      'Zuwendungen an unsere gemeinnützige Organisation können vom Einkommen abgezogen werden.',
      'Les dons à notre organisation d’utilité publique sont déductibles du revenu.',
      'Le donazioni alla nostra organizzazione di pubblica utilità sono deducibili dal reddito.',
      'Gifts to our charitable organisation are deductible from income.',
    )[lang],
  ],
  medical: (lang, r, year) => [
    ...head(
      t(
        'Zahnarztpraxis Dr. med. dent. Muster',
        'Cabinet dentaire Dr Exemplaire',
        'Studio dentistico Dr. Campione',
        'Dental practice Dr Example',
      )[lang],
      r,
    ),
    `# ${t('Rechnung', 'Facture', 'Fattura', 'Invoice')[lang]} Nr. ${r.int(10000, 99999)}`,
    `${t('Patient', 'Patient', 'Paziente', 'Patient')[lang]}: ${person(r)}`,
    [
      t('Behandlung vom', 'Traitement du', 'Trattamento del', 'Treatment on')[lang],
      ' ',
      r.int(1, 28),
      '.0',
      r.int(1, 9),
      '.',
      year,
    ].join(''),
    [
      t('Zahnreinigung Dentalhygiene', 'Détartrage hygiène dentaire', 'Igiene dentale', 'Dental hygiene cleaning')[
        lang
      ],
      '  CHF ',
      chf(r.int(120, 260)),
    ].join(''),
    [
      t('Füllung Komposit', 'Obturation composite', 'Otturazione composito', 'Composite filling')[lang],
      '  CHF ',
      chf(r.int(180, 650)),
    ].join(''),
    `${t('Total zu bezahlen', 'Total à payer', 'Totale da pagare', 'Total due')[lang]}  CHF ${chf(r.int(300, 900))}`,
    t(
      'Zahnbehandlungen sind von der Grundversicherung nicht gedeckt. Zahlbar innert 30 Tagen.',
      'Les soins dentaires ne sont pas couverts par l’assurance de base. Payable dans les 30 jours.',
      'Le cure dentarie non sono coperte dall’assicurazione di base. Pagabile entro 30 giorni.',
      'Dental treatment is not covered by basic insurance. Payable within 30 days.',
    )[lang],
  ],
  securities: (lang, r, year) => [
    ...head(bank(r), r),
    [
      '# ',
      t('Depotauszug', 'Relevé de dépôt', 'Estratto di deposito', 'Custody account statement')[lang],
      ' per 31.12.',
      year,
    ].join(''),
    t(
      'Stück  Titel  Valor  Kurs  Kurswert CHF',
      'Quantité  Titre  Valeur  Cours  Valeur CHF',
      'Quantità  Titolo  Valore  Corso  Controvalore CHF',
      'Quantity  Security  Valor  Price  Market value CHF',
    )[lang],
    [
      r.int(10, 400),
      '  Nestlé ',
      t('Namenaktie', 'action nominative', 'azione nominativa', 'registered share')[lang],
      '  3886335  ',
      chf(r.int(80, 120)),
      '  ',
      chf(r.int(2000, 40000)),
    ].join(''),
    [
      r.int(10, 400),
      '  ',
      t('Anlagefonds', 'Fonds de placement', 'Fondo d’investimento', 'Investment fund')[lang],
      ' Swiss Equity  ',
      r.int(1000000, 9999999),
      '  ',
      chf(r.int(80, 300)),
      '  ',
      chf(r.int(2000, 40000)),
    ].join(''),
    [
      t('Total Depot', 'Total dépôt', 'Totale deposito', 'Total custody account')[lang],
      '  CHF ',
      chf(r.int(10000, 200000)),
    ].join(''),
    `${t('Dividenden', 'Dividendes', 'Dividendi', 'Dividends')[lang]} ${year}  CHF ${chf(r.int(100, 3000))}`,
  ],
  mortgage: (lang, r, year) => [
    ...head(bank(r), r),
    [
      '# ',
      t('Zinsabrechnung', 'Décompte d’intérêts', 'Conteggio degli interessi', 'Interest statement')[lang],
      ' SARON ',
      t('Hypothek', 'hypothèque', 'ipoteca', 'mortgage')[lang],
    ].join(''),
    [
      t('Zinsperiode', 'Période d’intérêts', 'Periodo d’interessi', 'Interest period')[lang],
      ' 01.10.',
      year,
      ' - 31.12.',
      year,
    ].join(''),
    `${t('Kapital', 'Capital', 'Capitale', 'Principal')[lang]}  CHF ${chf(r.int(200, 900) * 1000)}`,
    `SARON + ${t('Marge', 'marge', 'margine', 'margin')[lang]} 0.80 %`,
    [
      t('Zinsbetrag', 'Montant des intérêts', 'Importo degli interessi', 'Interest amount')[lang],
      '  CHF ',
      chf(r.int(800, 4000)),
    ].join(''),
    [
      t('Belastung Konto', 'Débit du compte', 'Addebito conto', 'Debited to account')[lang],
      ' ',
      r.int(100, 999),
      '.',
      r.int(100, 999),
    ].join(''),
  ],
  transport: (lang, r, year) => [
    t(
      'Zürcher Verkehrsverbund ZVV',
      'Communauté tarifaire Mobilis',
      'Comunità tariffale Arcobaleno',
      'Libero tariff network',
    )[lang],
    '',
    [
      '# ',
      t('Jahresabonnement', 'Abonnement annuel', 'Abbonamento annuale', 'Annual pass')[lang],
      ' ',
      r.int(2, 6),
      ' ',
      t('Zonen', 'zones', 'zone', 'zones')[lang],
    ].join(''),
    `${t('Inhaber', 'Titulaire', 'Titolare', 'Holder')[lang]}: ${person(r)}`,
    `${t('Gültig vom', 'Valable du', 'Valido dal', 'Valid from')[lang]} ${r.int(1, 28)}.0${r.int(1, 9)}.${year}`,
    `${t('Preis', 'Prix', 'Prezzo', 'Price')[lang]}  CHF ${chf(r.int(700, 2300))}`,
    [
      'SwissPass ',
      t('Kartennummer', 'numéro de carte', 'numero della carta', 'card number')[lang],
      ' S',
      r.int(10, 99),
      '-',
      r.int(100, 999),
      '-',
      r.int(100, 999),
    ].join(''),
  ],
  pillar3a: (lang, r, year) => [
    ...head(bank(r), r),
    [
      '# ',
      t(
        'Vorsorgekonto 3a – Jahresauszug',
        'Compte de prévoyance 3a – relevé annuel',
        'Conto previdenza 3a – estratto annuale',
        'Pillar 3a account – annual statement',
      )[lang],
      ' ',
      year,
    ].join(''),
    [
      t('Einzahlung', 'Versement', 'Versamento', 'Payment')[lang],
      ' 20.12.',
      year,
      '  CHF ',
      chf(r.pick([7056, 7258, 4000])),
    ].join(''),
    `${t('Zins', 'Intérêts', 'Interessi', 'Interest')[lang]}  CHF ${chf(r.int(5, 120))}`,
    `${t('Saldo per', 'Solde au', 'Saldo al', 'Balance as at')[lang]} 31.12.${year}  CHF ${chf(r.int(8000, 90000))}`,
    t(
      'Die Einzahlungen können vom steuerbaren Einkommen abgezogen werden (Säule 3a).',
      'Les versements sont déductibles du revenu imposable (pilier 3a).',
      'I versamenti sono deducibili dal reddito imponibile (pilastro 3a).',
      'The payments are deductible from taxable income (pillar 3a).',
    )[lang],
  ],
  buyin: (lang, r, year) => [
    ...head(
      t(
        'Vorsorgestiftung Industrie Fiktiv',
        'Caisse de prévoyance Industrie Fictive',
        'Istituto di previdenza Industria Inventato',
        'Industry Pension Fund Example',
      )[lang],
      r,
    ),
    [
      '# ',
      t(
        'Einzahlungsbestätigung Einkauf',
        'Confirmation de versement rachat',
        'Conferma di versamento riscatto',
        'Buy-in payment confirmation',
      )[lang],
    ].join(''),
    `${t('Versicherte Person', 'Personne assurée', 'Persona assicurata', 'Insured person')[lang]}: ${person(r)}`,
    [
      t('Eingang', 'Reçu le', 'Ricevuto il', 'Received on')[lang],
      ' ',
      r.int(1, 28),
      '.11.',
      year,
      '  CHF ',
      chf(r.int(5, 60) * 1000),
    ].join(''),
    t(
      'Der Betrag wurde Ihrem Altersguthaben gutgeschrieben. Bezüge sind während drei Jahren nicht möglich.',
      'Le montant a été crédité à votre avoir de vieillesse. Aucun retrait n’est possible pendant trois ans.',
      'L’importo è stato accreditato al suo avere di vecchiaia. Nessun prelievo è possibile per tre anni.',
      'The amount was credited to your retirement assets. No withdrawal is possible for three years.',
    )[lang],
  ],
  childcare: (lang, r, year) => [
    ...head(
      t(
        'Tagesschule Schulhaus Linde',
        'Accueil parascolaire Les Tilleuls',
        'Mensa e doposcuola Tiglio',
        'Linden After-School Club',
      )[lang],
      r,
    ),
    [
      '# ',
      t(
        'Jahresbestätigung Betreuungskosten',
        'Attestation annuelle des frais d’accueil',
        'Attestazione annua dei costi di accudimento',
        'Annual statement of care costs',
      )[lang],
      ' ',
      year,
    ].join(''),
    `${t('Kind', 'Enfant', 'Bambino', 'Child')[lang]}: ${person(r)}`,
    `${t('Mittagstisch', 'Repas de midi', 'Mensa', 'Lunch club')[lang]}  CHF ${chf(r.int(400, 2500))}`,
    [
      t('Nachmittagsbetreuung', 'Accueil l’après-midi', 'Accudimento pomeridiano', 'Afternoon care')[lang],
      '  CHF ',
      chf(r.int(800, 6000)),
    ].join(''),
    `${t('Total bezahlt', 'Total payé', 'Totale pagato', 'Total paid')[lang]}  CHF ${chf(r.int(1500, 8000))}`,
  ],
  property: (lang, r, year) => [
    ...head(
      t(
        'Gemeinde Musterwil, Steuerbehörde',
        'Commune de Fictiville, autorité fiscale',
        'Comune di Inventino, autorità fiscale',
        'Example Town tax authority',
      )[lang],
      r,
    ),
    [
      '# ',
      t('Mitteilung Neuschätzung', 'Avis de nouvelle estimation', 'Avviso di nuova stima', 'Notice of revaluation')[
        lang
      ],
    ].join(''),
    `${t('Parzelle', 'Parcelle', 'Particella', 'Parcel')[lang]} ${r.int(100, 4000)}  ${address(r)}`,
    [
      t('Amtlicher Wert', 'Valeur officielle', 'Valore ufficiale', 'Official value')[lang],
      '  CHF ',
      chf(r.int(300, 1500) * 1000),
    ].join(''),
    [
      t('Eigenmietwert', 'Valeur locative', 'Valore locativo', 'Imputed rental value')[lang],
      '  CHF ',
      chf(r.int(10, 40) * 1000),
    ].join(''),
    [
      t(
        'Gültig ab Steuerperiode',
        'Valable dès la période fiscale',
        'Valido dal periodo fiscale',
        'Valid from tax period',
      )[lang],
      ' ',
      year,
    ].join(''),
  ],
}

/** Kinds with a second tuning wording here (kinds.ts has none for them). */
export const TUNING_MORE: Record<string, Variant> = {
  medical: (lang, r, year) => [
    t('Apotheke zur Linde', 'Pharmacie du Tilleul', 'Farmacia del Tiglio', 'Linden Pharmacy')[lang],
    address(r),
    '',
    `# ${t('Quittung', 'Quittance', 'Ricevuta', 'Receipt')[lang]} ${r.int(1, 28)}.${r.int(10, 12)}.${year}`,
    [
      t('Medikamente', 'Médicaments', 'Medicamenti', 'Medicines')[lang],
      ' (',
      t('Selbstzahler', 'à vos frais', 'a carico del paziente', 'self-pay')[lang],
      ')  CHF ',
      chf(r.int(20, 200)),
    ].join(''),
    [
      t(
        'Brille und Kontaktlinsen',
        'Lunettes et lentilles',
        'Occhiali e lenti a contatto',
        'Glasses and contact lenses',
      )[lang],
      '  CHF ',
      chf(r.int(100, 600)),
    ].join(''),
    [
      t('Total bezahlt bar', 'Total payé comptant', 'Totale pagato in contanti', 'Total paid in cash')[lang],
      '  CHF ',
      chf(r.int(120, 800)),
    ].join(''),
    t(
      'Bewahren Sie diese Quittung für den Abzug der Krankheitskosten auf.',
      'Conservez cette quittance pour la déduction des frais de maladie.',
      'Conservi questa ricevuta per la deduzione delle spese di malattia.',
      'Keep this receipt to deduct medical costs.',
    )[lang],
  ],
}
