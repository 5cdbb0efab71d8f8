// Round 1's held-out wordings (two per kind): held out in round 1, part of the tuning in round 2 (README.md).
// Written from what such documents say in practice, not from the rules. Lines as printed: "# " starts a
// title, two spaces part a label from its amount.
import { address, ahv, bank, chf, firm, insurer, person, type Rng } from './people'
import type { Lang } from './kinds'
import type { Variant } from './tuning'

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })
const place = (r: Rng) => r.pick(['Winterthur', 'Fribourg', 'Bellinzona', 'Sion', 'Chur', 'Aarau', 'Neuchâtel'])
const head = (issuer: string, r: Rng, lang: Lang, year: number) => [
  issuer,
  address(r),
  [
    t('Telefon', 'Téléphone', 'Telefono', 'Phone')[lang],
    ' 0',
    r.int(21, 91),
    ' ',
    r.int(100, 999),
    ' ',
    r.int(10, 99),
    ' ',
    r.int(10, 99),
  ].join(''),
  '',
  `${t('Herr', 'Monsieur', 'Signor', 'Mr')[lang]} ${person(r)}`,
  address(r),
  '',
  `${place(r)}, ${r.int(2, 28)}.0${r.int(1, 3)}.${year + 1}`,
  '',
]

export const ROUND1: Record<string, [Variant, Variant]> = {
  salary: [
    // The federal form with its box labels, in the document's language
    // long: one document's wording, kept whole as the corpus writes it
    (lang, r, year) => {
      const gross = r.int(40, 180) * 1000 + r.int(0, 99) * 10
      return [
        `# ${t('Lohnausweis', 'Certificat de salaire', 'Certificato di salario', 'Salary certificate')[lang]}`,
        [
          'A ',
          t('AHV-Nr.', 'No AVS', 'N. AVS', 'AHV no.')[lang],
          ' ',
          ahv(r),
          '  C ',
          t('Geburtsdatum', 'Date de naissance', 'Data di nascita', 'Date of birth')[lang],
          ' ',
          r.int(1, 28),
          '.0',
          r.int(1, 9),
          '.19',
          r.int(60, 99),
        ].join(''),
        `E ${t('Periode', 'Période', 'Periodo', 'Period')[lang]} 01.01.${year} - 31.12.${year}`,
        [
          'F ',
          t(
            'Unentgeltliche Beförderung zwischen Wohn- und Arbeitsort',
            'Transport gratuit entre le domicile et le lieu de travail',
            'Trasporto gratuito tra domicilio e luogo di lavoro',
            'Free transport between home and work',
          )[lang],
        ].join(''),
        [
          '1. ',
          t(
            'Lohn soweit nicht unter Ziffer 2–7 aufzuführen',
            'Salaire qui ne concerne pas les chiffres 2 à 7',
            'Salario che non concerne le cifre 2–7',
            'Salary not included under 2–7',
          )[lang],
          '  ',
          chf(gross),
        ].join(''),
        [
          '2. ',
          t(
            'Gehaltsnebenleistungen',
            'Prestations salariales accessoires',
            'Prestazioni accessorie al salario',
            'Fringe benefits',
          )[lang],
          '  0.00',
        ].join(''),
        [
          '8. ',
          t('Bruttolohn total', 'Salaire brut total', 'Salario lordo totale', 'Gross salary total')[lang],
          '  ',
          chf(gross),
        ].join(''),
        [
          '10. ',
          t(
            'Berufliche Vorsorge 2. Säule',
            'Prévoyance professionnelle 2e pilier',
            'Previdenza professionale 2° pilastro',
            'Occupational pension 2nd pillar',
          )[lang],
          '  ',
          chf(gross * 0.07),
        ].join(''),
        `11. ${t('Nettolohn', 'Salaire net', 'Salario netto', 'Net salary')[lang]}  ${chf(gross * 0.86)}`,
        [
          'I ',
          t('Bemerkungen', 'Observations', 'Osservazioni', 'Remarks')[lang],
          ': ',
          t(
            'Spesenreglement vom Kanton genehmigt',
            'Règlement des frais approuvé par le canton',
            'Regolamento spese approvato dal cantone',
            'Expense rules approved by the canton',
          )[lang],
        ].join(''),
        `${firm(r)}, ${place(r)}`,
      ]
    },
    // A payroll office's annual summary of one employee
    (lang, r, year) => {
      const gross = r.int(30, 120) * 1000
      return [
        ...head(firm(r), r, lang, year),
        [
          '# ',
          t(
            'Jahreslohnkonto',
            'Récapitulatif annuel des salaires',
            'Riepilogo annuale degli stipendi',
            'Annual payroll summary',
          )[lang],
          ' ',
          year,
        ].join(''),
        `${t('Mitarbeiter', 'Collaborateur', 'Collaboratore', 'Employee')[lang]}: ${person(r)}`,
        `${t('Grundlohn', 'Salaire de base', 'Stipendio base', 'Base pay')[lang]}  ${chf(gross)}`,
        `${t('13. Monatslohn', '13e salaire', 'Tredicesima', '13th month pay')[lang]}  ${chf(gross / 12)}`,
        [
          t('Kinderzulagen', 'Allocations familiales', 'Assegni familiari', 'Child allowances')[lang],
          '  ',
          chf(r.pick([2400, 4800, 0])),
        ].join(''),
        [
          t('Abzüge AHV/IV/EO/ALV', 'Déductions AVS/AI/APG/AC', 'Deduzioni AVS/AI/IPG/AD', 'Deductions AHV/IV/EO/ALV')[
            lang
          ],
          '  -',
          chf(gross * 0.064),
        ].join(''),
        [
          t(
            'Pensionskasse Arbeitnehmeranteil',
            'Caisse de pension part employé',
            'Cassa pensione quota dipendente',
            'Pension fund employee share',
          )[lang],
          '  -',
          chf(gross * 0.05),
        ].join(''),
        `${t('Auszahlung total', 'Versement total', 'Pagamento totale', 'Total paid out')[lang]}  ${chf(gross * 0.88)}`,
        t('Personalabteilung', 'Service du personnel', 'Ufficio del personale', 'Human resources')[lang],
      ]
    },
  ],
  bank: [
    // A year-end closing of a private account (the French one speaks of "dépôt", the confusion)
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        t(
          'Jahresabschluss Privatkonto',
          'Bouclement annuel compte privé',
          'Chiusura annuale conto privato',
          'Year-end closing, personal account',
        )[lang],
      ].join(''),
      [
        t('Kontonummer', 'Numéro de compte', 'Numero di conto', 'Account number')[lang],
        ' ',
        r.int(10, 99),
        '-',
        r.int(100000, 999999),
        '-',
        r.int(1, 9),
      ].join(''),
      [
        t('Saldovortrag', 'Report de solde', 'Riporto saldo', 'Balance brought forward')[lang],
        ' 01.01.',
        year,
        '  ',
        chf(r.int(1000, 40000)),
      ].join(''),
      [
        t(
          'Bareinzahlung am Schalter',
          'Dépôt en espèces au guichet',
          'Deposito in contanti allo sportello',
          'Cash deposit at the counter',
        )[lang],
        '  ',
        chf(r.int(100, 3000)),
      ].join(''),
      `${t('Zinsen', 'Intérêts', 'Interessi', 'Interest')[lang]} 0.10 %  ${chf(r.int(1, 60))}`,
      [
        t('Kontoführungsgebühren', 'Frais de tenue de compte', 'Spese di tenuta conto', 'Account fees')[lang],
        '  -',
        chf(r.int(12, 60)),
      ].join(''),
      [
        t('Saldo zu Ihren Gunsten', 'Solde en votre faveur', 'Saldo a suo favore', 'Balance in your favour')[lang],
        ' 31.12.',
        year,
        '  ',
        chf(r.int(1000, 50000)),
      ].join(''),
      t(
        'Bitte prüfen Sie diesen Abschluss. Ohne Ihren Bericht innert 30 Tagen gilt er als genehmigt.',
        'Veuillez vérifier ce bouclement. Sans nouvelles de votre part dans les 30 jours, il est réputé approuvé.',
        'Voglia verificare questa chiusura. Senza sue notizie entro 30 giorni è considerata approvata.',
        'Please check this closing. Unless you tell us within 30 days, it is deemed approved.',
      )[lang],
    ],
    // A balance confirmation for the tax return, several accounts
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        t('Saldobestätigung', 'Confirmation de solde', 'Conferma del saldo', 'Balance confirmation')[lang],
        ' ',
        t('per', 'au', 'al', 'as at')[lang],
        ' 31.12.',
        year,
      ].join(''),
      `${t('Kontoinhaber', 'Titulaire du compte', 'Titolare del conto', 'Account holder')[lang]}: ${person(r)}`,
      [
        t('Sparkonto', 'Compte d’épargne', 'Conto di risparmio', 'Savings account')[lang],
        ' CH',
        r.int(10, 99),
        ' ',
        r.int(1000, 9999),
        ' ',
        r.int(1000, 9999),
        '  CHF ',
        chf(r.int(1000, 80000)),
      ].join(''),
      [
        t('Lohnkonto', 'Compte salaire', 'Conto salario', 'Salary account')[lang],
        ' CH',
        r.int(10, 99),
        ' ',
        r.int(1000, 9999),
        ' ',
        r.int(1000, 9999),
        '  CHF ',
        chf(r.int(500, 20000)),
      ].join(''),
      [
        t('Bruttozins', 'Intérêts bruts', 'Interessi lordi', 'Gross interest')[lang],
        ' ',
        year,
        '  CHF ',
        chf(r.int(1, 200)),
      ].join(''),
      t(
        'Zinsen unter CHF 200 pro Konto unterliegen nicht der Verrechnungssteuer.',
        'Les intérêts inférieurs à CHF 200 par compte ne sont pas soumis à l’impôt anticipé.',
        'Gli interessi inferiori a CHF 200 per conto non sono soggetti all’imposta preventiva.',
        'Interest below CHF 200 per account is not subject to withholding tax.',
      )[lang],
    ],
  ],
  health: [
    // The health insurer's own tax certificate (the Italian insurance certificate)
    (lang, r, year) => [
      ...head(insurer(r), r, lang, year),
      `# ${t('Steuerbescheinigung', 'Attestation fiscale', 'Attestazione fiscale', 'Tax certificate')[lang]} ${year}`,
      `${t('Versicherte Person', 'Personne assurée', 'Persona assicurata', 'Insured person')[lang]}: ${person(r)}`,
      [
        t(
          'Prämien obligatorische Krankenpflege (KVG)',
          'Primes assurance obligatoire des soins (LAMal)',
          'Premi assicurazione obbligatoria delle cure (LAMal)',
          'Premiums compulsory health care (KVG)',
        )[lang],
        '  ',
        chf(r.int(3000, 7000)),
      ].join(''),
      [
        t(
          'Prämien Zusatzversicherungen (VVG)',
          'Primes assurances complémentaires (LCA)',
          'Premi assicurazioni complementari (LCA)',
          'Premiums supplementary insurance (VVG)',
        )[lang],
        '  ',
        chf(r.int(200, 2000)),
      ].join(''),
      [
        t(
          'Abzüglich Prämienverbilligung',
          'Moins réduction de primes',
          'Dedotta la riduzione dei premi',
          'Less premium reduction',
        )[lang],
        '  -',
        chf(r.int(0, 1500)),
      ].join(''),
      t(
        'Diese Bescheinigung dient als Beleg für Ihre Steuererklärung.',
        'Cette attestation sert de justificatif pour votre déclaration d’impôt.',
        'La presente attestazione serve quale giustificativo per la sua dichiarazione d’imposta.',
        'This certificate serves as proof for your tax return.',
      )[lang],
    ],
    // A life insurance policy's annual premium statement (free provision, 3b)
    (lang, r, year) => [
      ...head(
        t(
          'Lebensversicherungs-Gesellschaft Fiktiv',
          'Compagnie d’assurance vie Fictive',
          'Compagnia di assicurazioni vita Inventata',
          'Example Life Assurance Company',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Prämienbestätigung Lebensversicherung',
          'Attestation de primes assurance vie',
          'Attestazione dei premi assicurazione vita',
          'Life insurance premium statement',
        )[lang],
        ' ',
        year,
      ].join(''),
      `${t('Police Nr.', 'Police no', 'Polizza n.', 'Policy no.')[lang]} ${r.int(1000000, 9999999)}`,
      [
        t(
          'Gemischte Versicherung, freie Vorsorge (Säule 3b)',
          'Assurance mixte, prévoyance libre (pilier 3b)',
          'Assicurazione mista, previdenza libera (pilastro 3b)',
          'Endowment insurance, free provision (pillar 3b)',
        )[lang],
      ].join(''),
      [
        t('Bezahlte Jahresprämie', 'Prime annuelle payée', 'Premio annuo pagato', 'Annual premium paid')[lang],
        '  CHF ',
        chf(r.int(1200, 6000)),
      ].join(''),
      [
        t('Rückkaufswert per', 'Valeur de rachat au', 'Valore di riscatto al', 'Surrender value as at')[lang],
        ' 31.12.',
        year,
        '  CHF ',
        chf(r.int(5000, 60000)),
      ].join(''),
    ],
  ],
  donation: [
    // A receipt for tax purposes, in the words of a small charity
    (lang, r, year) => [
      ...head(
        t(
          'Verein Tischlein Fiktiv',
          'Association Table Fictive',
          'Associazione Tavola Inventata',
          'Example Food Bank Association',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Quittung für Ihre Steuererklärung',
          'Reçu fiscal',
          'Ricevuta per la dichiarazione fiscale',
          'Receipt for tax purposes',
        )[lang],
        ' ',
        year,
      ].join(''),
      t(
        'Herzlichen Dank für Ihre Unterstützung! Ihre Gaben im vergangenen Jahr:',
        'Merci de votre soutien! Vos versements de l’année écoulée:',
        'Grazie per il suo sostegno! I suoi versamenti dell’anno scorso:',
        'Thank you for your support! Your gifts last year:',
      )[lang],
      `${t('Gesamtbetrag', 'Montant total', 'Importo totale', 'Total amount')[lang]}  CHF ${chf(r.int(30, 2000))}`,
      t(
        'Der Verein ist wegen Gemeinnützigkeit von der Steuerpflicht befreit; Ihre Zahlungen sind abzugsfähig.',
        'L’association est exonérée d’impôt pour but d’intérêt public; vos versements sont déductibles.',
        'L’associazione è esente da imposte per scopo di pubblica utilità; i suoi versamenti sono deducibili.',
        'The association is tax-exempt for its public-benefit purpose; your payments are deductible.',
      )[lang],
      t(
        'Mit freundlichen Grüssen, der Kassier',
        'Avec nos salutations, le caissier',
        'Cordiali saluti, il cassiere',
        'Kind regards, the treasurer',
      )[lang],
    ],
    // A patron's annual statement of a relief organisation
    (lang, r, year) => [
      ...head(
        t(
          'Schweizer Bergrettung Fiktiv',
          'Secours Alpin Romand Fictif',
          'Soccorso Alpino Ticinese Inventato',
          'Alpine Rescue Example Trust',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Jahresbestätigung Gönnerbeiträge',
          'Attestation annuelle de vos contributions de soutien',
          'Attestazione annua dei contributi di sostegno',
          'Annual statement of supporter contributions',
        )[lang],
      ].join(''),
      [
        t('Gönnernummer', 'Numéro de donateur', 'Numero di sostenitore', 'Supporter number')[lang],
        ' ',
        r.int(100000, 999999),
      ].join(''),
      [
        t('Ihre Beiträge', 'Vos contributions', 'I suoi contributi', 'Your contributions')[lang],
        ' ',
        year,
        '  CHF ',
        chf(r.int(40, 1200)),
      ].join(''),
      t(
        'Ihre Beiträge finanzieren Rettungseinsätze in den Bergen und sind steuerlich abzugsfähig.',
        'Vos contributions financent des sauvetages en montagne et sont déductibles des impôts.',
        'I suoi contributi finanziano interventi di soccorso in montagna e sono deducibili dalle imposte.',
        'Your contributions fund mountain rescues and are tax-deductible.',
      )[lang],
    ],
  ],
  medical: [
    // A patient's copy for the insurer (tiers garant): the deduction receipt that names KVG
    (lang, r, year) => [
      ...head(
        t('Physiotherapie am See', 'Physiothérapie du Lac', 'Fisioterapia al Lago', 'Lakeside Physiotherapy')[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Rückforderungsbeleg',
          'Justificatif de remboursement',
          'Giustificativo di rimborso',
          'Reimbursement claim form',
        )[lang],
      ].join(''),
      [
        t('Patient', 'Patient', 'Paziente', 'Patient')[lang],
        ': ',
        person(r),
        '  ',
        t('Versichertennr.', 'No d’assuré', 'N. assicurato', 'Insured no.')[lang],
        ' ',
        r.int(100000, 999999),
      ].join(''),
      [
        t('Gesetz', 'Loi', 'Legge', 'Law')[lang],
        ': KVG  ',
        t(
          'Behandlungsgrund: Krankheit',
          'Motif du traitement: maladie',
          'Motivo del trattamento: malattia',
          'Reason for treatment: illness',
        )[lang],
      ].join(''),
      `${t('Sitzungen', 'Séances', 'Sedute', 'Sessions')[lang]} 9 × 7301  ${chf(r.int(400, 900))}`,
      `${t('Total Rechnung', 'Total facture', 'Totale fattura', 'Invoice total')[lang]}  CHF ${chf(r.int(400, 900))}`,
      t(
        'Bezahlt mit bestem Dank. Senden Sie diesen Beleg Ihrer Krankenkasse.',
        'Payé, avec nos remerciements. Envoyez ce justificatif à votre caisse maladie.',
        'Pagato, con i migliori ringraziamenti. Invii questo giustificativo alla sua cassa malati.',
        'Paid, with thanks. Send this form to your health insurer.',
      )[lang],
    ],
    // The insurer's summary of what the person paid themselves (deductible and co-payment)
    (lang, r, year) => [
      ...head(insurer(r), r, lang, year),
      [
        '# ',
        t(
          'Zusammenstellung Ihrer Kostenbeteiligungen',
          'Récapitulatif de vos participations aux coûts',
          'Riepilogo delle sue partecipazioni ai costi',
          'Summary of your cost sharing',
        )[lang],
        ' ',
        year,
      ].join(''),
      `${t('Franchise', 'Franchise', 'Franchigia', 'Deductible')[lang]}  CHF ${chf(r.pick([300, 1000, 1500, 2500]))}`,
      [
        t('Selbstbehalt 10 %', 'Quote-part 10 %', 'Aliquota percentuale 10 %', 'Co-payment 10 %')[lang],
        '  CHF ',
        chf(r.int(50, 700)),
      ].join(''),
      [
        t(
          'Beitrag an Spitalaufenthalt',
          'Contribution aux frais hospitaliers',
          'Contributo ai costi ospedalieri',
          'Hospital stay contribution',
        )[lang],
        '  CHF ',
        chf(r.int(0, 300)),
      ].join(''),
      [
        t(
          'Total selbst getragene Krankheitskosten',
          'Total des frais de maladie à votre charge',
          'Totale spese di malattia a suo carico',
          'Total medical costs paid by you',
        )[lang],
        '  CHF ',
        chf(r.int(400, 3300)),
      ].join(''),
      t(
        'Diese Kosten können Sie als Krankheitskosten in der Steuererklärung geltend machen.',
        'Vous pouvez faire valoir ces frais comme frais de maladie dans votre déclaration d’impôt.',
        'Può far valere queste spese come spese di malattia nella dichiarazione d’imposta.',
        'You can claim these as medical expenses in your tax return.',
      )[lang],
    ],
  ],
  securities: [
    // A statement of investment income (coupons and dividends)
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      `# ${t('Ertragsaufstellung', 'Relevé des revenus', 'Rendiconto dei redditi', 'Income statement')[lang]} ${year}`,
      [
        t('Depotnummer', 'Numéro de dépôt', 'Numero del deposito', 'Custody account no.')[lang],
        ' ',
        r.int(100000, 999999),
      ].join(''),
      [
        t(
          'Dividende Roche Genussschein',
          'Dividende Roche bon de jouissance',
          'Dividendo Roche buono di godimento',
          'Dividend Roche dividend-right certificate',
        )[lang],
        '  ',
        chf(r.int(50, 900)),
      ].join(''),
      [
        t(
          'Coupon Obligation 1.25 % Eidgenossenschaft',
          'Coupon obligation 1.25 % Confédération',
          'Cedola obbligazione 1.25 % Confederazione',
          'Coupon bond 1.25 % Confederation',
        )[lang],
        '  ',
        chf(r.int(20, 400)),
      ].join(''),
      [
        t(
          'Abzug eidg. Verrechnungssteuer 35 %',
          'Déduction impôt anticipé fédéral 35 %',
          'Deduzione imposta preventiva federale 35 %',
          'Less Swiss withholding tax 35 %',
        )[lang],
        '  -',
        chf(r.int(20, 400)),
      ].join(''),
      [
        t(
          'Ausländische Quellensteuer rückforderbar',
          'Impôt étranger à la source récupérable',
          'Imposta alla fonte estera recuperabile',
          'Foreign withholding tax reclaimable',
        )[lang],
        '  ',
        chf(r.int(0, 90)),
      ].join(''),
    ],
    // A trading app's year-end portfolio valuation
    (lang, r, year) => [
      'Flowbank Fiktiv App',
      '',
      [
        '# ',
        t('Vermögensübersicht', 'Aperçu du patrimoine', 'Panoramica del patrimonio', 'Portfolio overview')[lang],
        ' 31.12.',
        year,
      ].join(''),
      [
        t('Positionen', 'Positions', 'Posizioni', 'Positions')[lang],
        ': ETF MSCI World, SMI ',
        t('Indexfonds', 'fonds indiciel', 'fondo indicizzato', 'index fund')[lang],
        ', ',
        t('Novartis Aktie', 'action Novartis', 'azione Novartis', 'Novartis share')[lang],
      ].join(''),
      [
        t('Anzahl', 'Nombre', 'Numero', 'Units')[lang],
        ' ',
        r.int(5, 300),
        '  ',
        t('Marktwert', 'Valeur de marché', 'Valore di mercato', 'Market value')[lang],
        '  CHF ',
        chf(r.int(1000, 50000)),
      ].join(''),
      [
        t('Anzahl', 'Nombre', 'Numero', 'Units')[lang],
        ' ',
        r.int(5, 300),
        '  ',
        t('Marktwert', 'Valeur de marché', 'Valore di mercato', 'Market value')[lang],
        '  CHF ',
        chf(r.int(1000, 50000)),
      ].join(''),
      [
        t(
          'Gesamtwert Portfolio',
          'Valeur totale du portefeuille',
          'Valore totale del portafoglio',
          'Total portfolio value',
        )[lang],
        '  CHF ',
        chf(r.int(5000, 150000)),
      ].join(''),
      [
        t('Ausschüttungen', 'Distributions', 'Distribuzioni', 'Distributions')[lang],
        ' ',
        year,
        '  CHF ',
        chf(r.int(10, 2000)),
      ].join(''),
    ],
  ],
  mortgage: [
    // A loan interest certificate for the tax return
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        t(
          'Bescheinigung Schuldzinsen',
          'Attestation des intérêts débiteurs',
          'Attestazione degli interessi passivi',
          'Certificate of loan interest',
        )[lang],
        ' ',
        year,
      ].join(''),
      [
        t('Darlehen', 'Prêt', 'Mutuo', 'Loan')[lang],
        ' ',
        r.int(100000, 999999),
        ', ',
        t('Wohneigentum', 'logement en propriété', 'abitazione di proprietà', 'owner-occupied home')[lang],
        ' ',
        address(r),
      ].join(''),
      [
        t('Schuld per', 'Dette au', 'Debito al', 'Debt as at')[lang],
        ' 31.12.',
        year,
        '  CHF ',
        chf(r.int(150, 1200) * 1000),
      ].join(''),
      [
        t('Belastete Schuldzinsen', 'Intérêts débiteurs débités', 'Interessi passivi addebitati', 'Interest charged')[
          lang
        ],
        '  CHF ',
        chf(r.int(1500, 20000)),
      ].join(''),
    ],
    // A mortgage's annual overview with tranches and indirect amortisation
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        t(
          'Jahresübersicht Ihrer Finanzierung',
          'Aperçu annuel de votre financement',
          'Panoramica annuale del suo finanziamento',
          'Annual overview of your financing',
        )[lang],
        ' ',
        year,
      ].join(''),
      [
        t(
          'Tranche 1 Festzins, Laufzeit bis',
          'Tranche 1 taux fixe, échéance',
          'Tranche 1 tasso fisso, scadenza',
          'Tranche 1 fixed rate, term to',
        )[lang],
        ' ',
        year + 4,
        '  ',
        chf(r.int(100, 500) * 1000),
      ].join(''),
      [
        t('Tranche 2 SARON', 'Tranche 2 SARON', 'Tranche 2 SARON', 'Tranche 2 SARON')[lang],
        '  ',
        chf(r.int(100, 400) * 1000),
      ].join(''),
      [
        t(
          'Hypothekarzinsen bezahlt',
          'Intérêts hypothécaires payés',
          'Interessi ipotecari pagati',
          'Mortgage interest paid',
        )[lang],
        '  CHF ',
        chf(r.int(2000, 18000)),
      ].join(''),
      t(
        'Amortisation indirekt über Ihr verpfändetes Vorsorgekonto 3a.',
        'Amortissement indirect par votre compte de prévoyance 3a nanti.',
        'Ammortamento indiretto tramite il suo conto di previdenza 3a costituito in pegno.',
        'Indirect amortisation through your pledged pillar 3a account.',
      )[lang],
    ],
  ],
  transport: [
    // A purchase receipt from the ticket office
    (lang, r, year) => [
      t('SBB Reisezentrum', 'CFF Centre voyageurs', 'FFS Centro viaggiatori', 'SBB travel centre')[lang],
      '',
      `# ${t('Quittung', 'Quittance', 'Ricevuta', 'Receipt')[lang]} ${r.int(100000, 999999)}`,
      [
        t('Verbund-Jahresabo', 'Abonnement annuel communauté', 'Abbonamento annuale comunità', 'Network annual pass')[
          lang
        ],
        ' ',
        r.int(2, 8),
        ' ',
        t('Zonen', 'zones', 'zone', 'zones')[lang],
        ', ',
        t('Erwachsene', 'adulte', 'adulto', 'adult')[lang],
      ].join(''),
      [
        t('Gültigkeit', 'Validité', 'Validità', 'Validity')[lang],
        ' 01.0',
        r.int(1, 9),
        '.',
        year,
        ' - 12 ',
        t('Monate', 'mois', 'mesi', 'months')[lang],
      ].join(''),
      [
        t('Bezahlt mit Karte', 'Payé par carte', 'Pagato con carta', 'Paid by card')[lang],
        '  CHF ',
        chf(r.int(600, 2600)),
      ].join(''),
      `${t('inkl. MwSt. 8.1 %', 'TVA 8.1 % incl.', 'IVA 8.1 % incl.', 'incl. VAT 8.1 %')[lang]}`,
    ],
    // An invoice for monthly passes bought online
    (lang, r, year) => [
      t(
        'Tarifverbund Ostwind Fiktiv',
        'Communauté tarifaire Onde Verte Fictive',
        'Comunità tariffale Ticino Inventata',
        'Example fare network',
      )[lang],
      '',
      [
        '# ',
        t(
          'Rechnung Monatsabonnemente',
          'Facture abonnements mensuels',
          'Fattura abbonamenti mensili',
          'Invoice monthly passes',
        )[lang],
        ' ',
        year,
      ].join(''),
      [
        t('Arbeitsweg', 'Trajet domicile-travail', 'Tragitto casa-lavoro', 'Commute')[lang],
        ' ',
        place(r),
        ' - ',
        place(r),
      ].join(''),
      [
        '12 × ',
        t(
          'Monatsabo 2. Klasse',
          'abonnement mensuel 2e classe',
          'abbonamento mensile 2a classe',
          'monthly pass 2nd class',
        )[lang],
        '  CHF ',
        chf(r.int(900, 2400)),
      ].join(''),
      [
        t(
          'Personenverkehr, bezahlt',
          'Transport de voyageurs, payé',
          'Trasporto viaggiatori, pagato',
          'Passenger transport, paid',
        )[lang],
      ].join(''),
    ],
  ],
  pillar3a: [
    // A certificate of contributions to the tied individual provision
    (lang, r, year) => [
      ...head(
        t(
          'Freizügigkeits- und Vorsorgestiftung Fiktiv',
          'Fondation de libre passage et de prévoyance Fictive',
          'Fondazione di libero passaggio e previdenza Inventata',
          'Example Vested Benefits and Pension Foundation',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Bescheinigung über Vorsorgebeiträge',
          'Attestation de versements',
          'Certificato dei contributi',
          'Certificate of contributions',
        )[lang],
        ' ',
        year,
      ].join(''),
      t(
        'Gebundene Selbstvorsorge (Säule 3a)',
        'Prévoyance individuelle liée (pilier 3a)',
        'Previdenza individuale vincolata (pilastro 3a)',
        'Tied individual pension provision (pillar 3a)',
      )[lang],
      [
        t('Einbezahlte Beiträge', 'Cotisations versées', 'Contributi versati', 'Contributions paid')[lang],
        '  CHF ',
        chf(r.pick([7056, 7258, 2000, 6000])),
      ].join(''),
      t(
        'Abzugsberechtigt im Rahmen von Art. 7 BVV 3.',
        'Déductibles dans les limites de l’art. 7 OPP 3.',
        'Deducibili nei limiti dell’art. 7 OPP 3.',
        'Deductible within the limits of Art. 7 BVV 3.',
      )[lang],
    ],
    // A fintech's 3a solution invested in funds
    (lang, r, year) => [
      'VIAC Fiktiv 3a',
      '',
      `# ${t('Steuerausweis 3a', 'Attestation fiscale 3a', 'Attestato fiscale 3a', '3a tax statement')[lang]} ${year}`,
      [
        t('Vorsorgelösung', 'Solution de prévoyance', 'Soluzione previdenziale', 'Pension solution')[lang],
        ' ',
        r.pick(['Global 60', 'Global 80', 'Swiss 40']),
        ' (',
        t('Aktienanteil', 'part d’actions', 'quota azionaria', 'equity share')[lang],
        ' ',
        r.pick([40, 60, 80]),
        ' %)',
      ].join(''),
      [
        t(
          'Einzahlungen im Steuerjahr',
          'Versements durant l’année fiscale',
          'Versamenti nell’anno fiscale',
          'Payments in the tax year',
        )[lang],
        '  CHF ',
        chf(r.pick([7056, 7258, 3500])),
      ].join(''),
      [
        t('Portfoliowert', 'Valeur du portefeuille', 'Valore del portafoglio', 'Portfolio value')[lang],
        ' 31.12.',
        year,
        '  CHF ',
        chf(r.int(5000, 100000)),
      ].join(''),
    ],
  ],
  buyin: [
    // A payment confirmation for a purchase of pension benefits
    (lang, r, year) => [
      ...head(
        t(
          'Personalvorsorgestiftung Fiktiv',
          'Fondation de prévoyance du personnel Fictive',
          'Fondazione di previdenza del personale Inventata',
          'Example Staff Pension Trust',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Bestätigung Einkauf in die berufliche Vorsorge',
          'Confirmation de rachat dans la prévoyance professionnelle',
          'Conferma di riscatto nella previdenza professionale',
          'Confirmation of purchase into occupational pension',
        )[lang],
      ].join(''),
      [
        t('Versichertennummer', 'Numéro d’assuré', 'Numero di assicurato', 'Insured number')[lang],
        ' ',
        r.int(10000, 99999),
      ].join(''),
      [
        t('Einkaufssumme', 'Somme de rachat', 'Somma di riscatto', 'Purchase amount')[lang],
        ', ',
        t('Valuta', 'valeur', 'valuta', 'value date')[lang],
        ' ',
        r.int(1, 28),
        '.12.',
        year,
        '  CHF ',
        chf(r.int(3, 90) * 1000),
      ].join(''),
      t(
        'Nach Art. 79b BVG vom steuerbaren Einkommen abziehbar.',
        'Déductible du revenu imposable selon l’art. 79b LPP.',
        'Deducibile dal reddito imponibile secondo l’art. 79b LPP.',
        'Deductible from taxable income under Art. 79b BVG.',
      )[lang],
    ],
    // A statement of a voluntary payment to close a contribution gap
    (lang, r, year) => [
      ...head(
        t(
          'Sammelstiftung BVG Fiktiv',
          'Fondation collective LPP Fictive',
          'Fondazione collettiva LPP Inventata',
          'Example Collective BVG Foundation',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Freiwillige Einlage zur Schliessung einer Beitragslücke',
          'Apport volontaire pour combler une lacune de prévoyance',
          'Versamento volontario per colmare una lacuna previdenziale',
          'Voluntary payment to close a pension gap',
        )[lang],
      ].join(''),
      [
        t('Eingang der Zahlung', 'Réception du paiement', 'Ricezione del pagamento', 'Payment received')[lang],
        ' ',
        r.int(1, 28),
        '.10.',
        year,
        '  CHF ',
        chf(r.int(5, 50) * 1000),
      ].join(''),
      [
        t(
          'Maximal möglicher Einkauf neu',
          'Nouveau rachat maximal possible',
          'Nuovo riscatto massimo possibile',
          'New maximum possible purchase',
        )[lang],
        '  CHF ',
        chf(r.int(20, 200) * 1000),
      ].join(''),
    ],
  ],
  childcare: [
    // A day-family association's annual statement
    (lang, r, year) => [
      ...head(
        t(
          'Verein Tagesfamilien Fiktiv',
          'Association Mamans de jour Fictive',
          'Associazione Famiglie diurne Inventata',
          'Example Childminders Association',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Bestätigung Fremdbetreuungskosten',
          'Attestation des frais de garde par des tiers',
          'Attestazione delle spese di custodia da parte di terzi',
          'Statement of third-party care costs',
        )[lang],
        ' ',
        year,
      ].join(''),
      [
        t('Für', 'Pour', 'Per', 'For')[lang],
        ' ',
        person(r),
        ', ',
        t('geboren', 'né le', 'nato il', 'born')[lang],
        ' ',
        r.int(1, 28),
        '.0',
        r.int(1, 9),
        '.',
        year - r.int(1, 10),
      ].join(''),
      [
        t('Betreuungsstunden', 'Heures de garde', 'Ore di custodia', 'Care hours')[lang],
        ' ',
        r.int(300, 1500),
        '  CHF ',
        chf(r.int(2000, 15000)),
      ].join(''),
      [
        t('Von den Eltern bezahlt', 'Payé par les parents', 'Pagato dai genitori', 'Paid by the parents')[lang],
        '  CHF ',
        chf(r.int(2000, 15000)),
      ].join(''),
    ],
    // A day nursery's receipt of monthly fees
    (lang, r, year) => [
      ...head(
        t(
          'Kinderhaus Regenbogen Fiktiv',
          'Maison d’enfants Arc-en-ciel Fictive',
          'Casa dei bambini Arcobaleno Inventata',
          'Rainbow Example Children’s House',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Zahlungsbestätigung Elternbeiträge',
          'Confirmation des paiements des parents',
          'Conferma dei pagamenti dei genitori',
          'Confirmation of parents’ payments',
        )[lang],
        ' ',
        year,
      ].join(''),
      [
        t(
          'Januar bis Dezember, 3 Tage pro Woche',
          'Janvier à décembre, 3 jours par semaine',
          'Gennaio a dicembre, 3 giorni alla settimana',
          'January to December, 3 days a week',
        )[lang],
      ].join(''),
      [
        t('Tarif nach Einkommen', 'Tarif selon le revenu', 'Tariffa secondo il reddito', 'Income-based rate')[lang],
        '  CHF ',
        chf(r.int(5000, 24000)),
      ].join(''),
      [
        t('abzüglich Betreuungsgutscheine', 'moins bons de garde', 'meno buoni di custodia', 'less childcare vouchers')[
          lang
        ],
        '  -',
        chf(r.int(500, 6000)),
      ].join(''),
    ],
  ],
  property: [
    // A cantonal valuation notice with the official value and rental value
    (lang, r, year) => [
      ...head(
        t(
          'Kantonale Steuerverwaltung, Abteilung Grundstückschätzung',
          'Service cantonal des contributions, estimations immobilières',
          'Ufficio cantonale di stima',
          'Cantonal valuation office',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t('Schätzungsentscheid', 'Décision de taxation foncière', 'Decisione di stima', 'Valuation decision')[lang],
      ].join(''),
      [
        t('Grundbuchblatt', 'Feuillet du registre foncier', 'Foglio del registro fondiario', 'Land register sheet')[
          lang
        ],
        ' ',
        r.int(100, 9999),
        ', ',
        t('Gemeinde', 'commune', 'comune', 'municipality')[lang],
        ' ',
        place(r),
      ].join(''),
      `${t('Steuerwert', 'Valeur fiscale', 'Valore di stima', 'Tax value')[lang]}  CHF ${chf(r.int(300, 2000) * 1000)}`,
      `${t('Mietwert', 'Valeur locative', 'Valore locativo', 'Rental value')[lang]}  CHF ${chf(r.int(10, 50) * 1000)}`,
      t(
        'Gegen diesen Entscheid kann innert 30 Tagen schriftlich Einsprache erhoben werden.',
        'Cette décision peut faire l’objet d’une réclamation écrite dans les 30 jours.',
        'Contro questa decisione è possibile interporre reclamo scritto entro 30 giorni.',
        'A written objection to this decision may be filed within 30 days.',
      )[lang],
    ],
    // A municipality's notice of the cadastral value after a renovation
    (lang, r, year) => [
      ...head(
        t(
          'Gemeindeverwaltung, Grundsteuer',
          'Administration communale, impôt foncier',
          'Amministrazione comunale, imposta immobiliare',
          'Municipal office, property tax',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        t(
          'Revision des Katasterwerts',
          'Révision de la valeur cadastrale',
          'Revisione del valore di stima',
          'Revision of the cadastral value',
        )[lang],
      ].join(''),
      `${t('Einfamilienhaus', 'Maison individuelle', 'Casa unifamiliare', 'Detached house')[lang]}, ${address(r)}`,
      [
        t('Neuer Katasterwert', 'Nouvelle valeur cadastrale', 'Nuovo valore di stima', 'New cadastral value')[lang],
        '  CHF ',
        chf(r.int(300, 1500) * 1000),
      ].join(''),
      [
        t('Grundsteuer', 'Impôt foncier', 'Imposta immobiliare', 'Property tax')[lang],
        ' 1 ‰  CHF ',
        chf(r.int(300, 1500)),
      ].join(''),
    ],
  ],
}
