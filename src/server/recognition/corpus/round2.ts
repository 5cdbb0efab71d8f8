// Round 2's held-out part (two wordings per kind), written after round 1 and before tuning round 2; tuning material
// in round 3 (README.md). Other issuers and titles again. Lines as printed: "# " starts a title, two spaces
// part a label from its amount.
import { address, bank, chf, firm, insurer, person, type Rng } from './people'
import type { Lang } from './kinds'
import type { Variant } from './tuning'

type L4 = Record<Lang, string>
const t = (de: string, fr: string, it: string, en: string): L4 => ({ de, fr, it, en })
const town = (r: Rng) => r.pick(['Olten', 'Yverdon', 'Locarno', 'Thun', 'Baden', 'Morges', 'Zug'])
const head = (issuer: string, r: Rng, lang: Lang, year: number) => [
  issuer,
  address(r),
  '',
  `${t('Frau', 'Madame', 'Signora', 'Ms')[lang]} ${person(r)}`,
  address(r),
  '',
  `${town(r)}, ${r.int(2, 28)}. ${t('Januar', 'janvier', 'gennaio', 'January')[lang]} ${year + 1}`,
  '',
]
const L = (lang: Lang, ...parts: (L4 | string)[]) => parts.map((p) => (typeof p === 'string' ? p : p[lang])).join(' ')

export const ROUND2: Record<string, [Variant, Variant]> = {
  salary: [
    (lang, r, year) => [
      ...head(firm(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Bestätigung des Arbeitgebers über das Einkommen',
            'Attestation de l’employeur sur le revenu',
            'Attestazione del datore di lavoro sul reddito',
            'Employer’s confirmation of earnings',
          ),
          String(year),
        ),
      ].join(''),
      L(
        lang,
        t('Beschäftigt seit', 'Employée depuis le', 'Impiegata dal', 'Employed since'),
        ['01.0', r.int(1, 9), '.20', r.int(10, 19)].join(''),
      ),
      L(lang, t('Pensum', 'Taux d’occupation', 'Grado d’occupazione', 'Workload'), `${r.pick([60, 80, 100])} %`),
      [
        L(lang, t('Jahresgehalt brutto', 'Salaire annuel brut', 'Stipendio annuo lordo', 'Gross annual pay')),
        '  ',
        chf(r.int(40, 150) * 1000),
      ].join(''),
      [
        L(lang, t('Sozialabzüge', 'Déductions sociales', 'Deduzioni sociali', 'Social deductions')),
        '  -',
        chf(r.int(3, 15) * 1000),
      ].join(''),
      `${L(lang, t('Ausbezahlt netto', 'Versé net', 'Pagato netto', 'Paid out net'))}  ${chf(r.int(35, 130) * 1000)}`,
      `${L(lang, t('Spesenpauschale', 'Forfait frais', 'Forfait spese', 'Flat expenses'))}  ${chf(r.int(1, 6) * 1200)}`,
    ],
    (lang, r, year) => [
      ...head(firm(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Jahresabrechnung Stundenlohn',
            'Décompte annuel salaire horaire',
            'Conteggio annuo salario orario',
            'Annual hourly wage statement',
          ),
          String(year),
        ),
      ].join(''),
      `${L(lang, t('Geleistete Stunden', 'Heures effectuées', 'Ore prestate', 'Hours worked'))}  ${r.int(300, 1800)}`,
      `${L(lang, t('Stundenansatz', 'Taux horaire', 'Tariffa oraria', 'Hourly rate'))}  CHF ${r.int(24, 45)}.00`,
      [
        L(
          lang,
          t(
            'Ferienentschädigung 8.33 %',
            'Indemnité de vacances 8.33 %',
            'Indennità vacanze 8.33 %',
            'Holiday pay 8.33 %',
          ),
        ),
        '  ',
        chf(r.int(500, 4000)),
      ].join(''),
      [
        L(lang, t('Total Lohn brutto', 'Total salaire brut', 'Totale salario lordo', 'Total gross wage')),
        '  ',
        chf(r.int(8, 60) * 1000),
      ].join(''),
      [
        L(lang, t('Quellensteuer', 'Impôt à la source', 'Imposta alla fonte', 'Tax at source')),
        '  -',
        chf(r.int(300, 5000)),
      ].join(''),
    ],
  ],
  bank: [
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t('Vermögensausweis', 'Attestation de fortune', 'Attestazione patrimoniale', 'Statement of assets'),
          `31.12.${year}`,
        ),
      ].join(''),
      [
        L(lang, t('Privatkonto', 'Compte privé', 'Conto privato', 'Private account')),
        ' CH',
        r.int(10, 99),
        ' ',
        r.int(1000, 9999),
        '  ',
        chf(r.int(500, 30000)),
      ].join(''),
      [
        L(lang, t('Sparkonto Plus', 'Compte épargne Plus', 'Conto risparmio Plus', 'Savings Plus account')),
        '  ',
        chf(r.int(1000, 90000)),
      ].join(''),
      [
        L(lang, t('Vermögen total', 'Fortune totale', 'Patrimonio totale', 'Total assets')),
        '  ',
        chf(r.int(2000, 120000)),
      ].join(''),
      [
        L(lang, t('Zinsertrag', 'Revenu d’intérêts', 'Reddito da interessi', 'Interest income')),
        ' ',
        year,
        '  ',
        chf(r.int(1, 300)),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Zinsabschluss',
            'Décompte de bouclement des intérêts',
            'Chiusura degli interessi',
            'Interest closing statement',
          ),
          `31.12.${year}`,
        ),
      ].join(''),
      L(
        lang,
        t('Sparkonto', 'Compte d’épargne', 'Conto di risparmio', 'Savings account'),
        [r.int(100, 999), '.', r.int(100, 999)].join(''),
      ),
      L(lang, t('Zinssatz', 'Taux d’intérêt', 'Tasso d’interesse', 'Interest rate'), '0.25 %'),
      [
        L(lang, t('Zinsbetrag', 'Montant des intérêts', 'Importo degli interessi', 'Interest amount')),
        '  ',
        chf(r.int(5, 400)),
      ].join(''),
      [
        L(lang, t('Verrechnungssteuer', 'Impôt anticipé', 'Imposta preventiva', 'Withholding tax')),
        '  -',
        chf(r.int(2, 140)),
      ].join(''),
      `${L(lang, t('Neuer Saldo', 'Nouveau solde', 'Nuovo saldo', 'New balance'))}  ${chf(r.int(1000, 80000))}`,
    ],
  ],
  health: [
    (lang, r, year) => [
      ...head(insurer(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Policenübersicht Krankenversicherung',
            'Aperçu de police assurance-maladie',
            'Panoramica della polizza assicurazione malattia',
            'Health insurance policy overview',
          ),
          String(year),
        ),
      ].join(''),
      [
        L(
          lang,
          t(
            'Grundversicherung mit Hausarztmodell',
            'Assurance de base modèle médecin de famille',
            'Assicurazione di base modello medico di famiglia',
            'Basic cover, family doctor model',
          ),
        ),
        '  ',
        chf(r.int(250, 550)),
      ].join(''),
      [
        L(
          lang,
          t(
            'Spitalversicherung allgemeine Abteilung',
            'Assurance hospitalisation division commune',
            'Assicurazione ospedaliera reparto comune',
            'Hospital cover, general ward',
          ),
        ),
        '  ',
        chf(r.int(10, 60)),
      ].join(''),
      [
        L(lang, t('Prämie pro Monat', 'Prime par mois', 'Premio al mese', 'Premium per month')),
        '  CHF ',
        chf(r.int(270, 610)),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(
        t(
          'Unfallversicherung Fiktiv AG',
          'Assurance Accidents Fictive SA',
          'Assicurazione Infortuni Inventata SA',
          'Example Accident Insurance Ltd',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Prämienrechnung Unfallversicherung',
            'Facture de prime assurance-accidents',
            'Fattura del premio assicurazione infortuni',
            'Accident insurance premium invoice',
          ),
        ),
      ].join(''),
      L(
        lang,
        t('Versicherungsperiode', 'Période d’assurance', 'Periodo d’assicurazione', 'Insurance period'),
        ['01.01.', year, ' - 31.12.', year].join(''),
      ),
      `${L(lang, t('Jahresprämie', 'Prime annuelle', 'Premio annuo', 'Annual premium'))}  ${chf(r.int(150, 900))}`,
      [
        L(
          lang,
          t(
            'Eidg. Stempelabgabe 5 %',
            'Droit de timbre fédéral 5 %',
            'Tassa di bollo federale 5 %',
            'Federal stamp duty 5 %',
          ),
        ),
        '  ',
        chf(r.int(8, 45)),
      ].join(''),
    ],
  ],
  donation: [
    (lang, r, year) => [
      ...head(
        t(
          'Römisch-katholische Kirchgemeinde Fiktiv',
          'Paroisse réformée Fictive',
          'Parrocchia Inventata',
          'Example Parish',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Kollekten und Spenden an die Kirchgemeinde',
            'Dons et collectes en faveur de la paroisse',
            'Offerte e collette per la parrocchia',
            'Gifts and collections for the parish',
          ),
          String(year),
        ),
      ].join(''),
      [
        L(lang, t('Missionsprojekt', 'Projet d’entraide', 'Progetto missionario', 'Mission project')),
        '  ',
        chf(r.int(50, 800)),
      ].join(''),
      [
        L(lang, t('Orgelrenovation', 'Rénovation de l’orgue', 'Restauro dell’organo', 'Organ restoration')),
        '  ',
        chf(r.int(50, 800)),
      ].join(''),
      L(
        lang,
        t(
          'Vergelt’s Gott für Ihre Grosszügigkeit.',
          'Merci de votre générosité.',
          'Grazie per la sua generosità.',
          'Thank you for your generosity.',
        ),
      ),
    ],
    (lang, r, year) => [
      ...head(
        t(
          'Partei für Fiktive Anliegen',
          'Parti des Causes Fictives',
          'Partito delle Cause Inventate',
          'Example Causes Party',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Bestätigung Mitgliederbeitrag und Spende an eine politische Partei',
            'Attestation de cotisation et de don à un parti politique',
            'Attestazione della quota e del contributo a un partito politico',
            'Confirmation of membership fee and donation to a political party',
          ),
        ),
      ].join(''),
      [
        L(lang, t('Mitgliederbeitrag', 'Cotisation de membre', 'Quota sociale', 'Membership fee')),
        ' ',
        year,
        '  ',
        chf(r.int(50, 200)),
      ].join(''),
      [
        L(
          lang,
          t(
            'Wahlkampfspende',
            'Don pour la campagne électorale',
            'Contributo alla campagna elettorale',
            'Campaign donation',
          ),
        ),
        '  ',
        chf(r.int(100, 2000)),
      ].join(''),
    ],
  ],
  medical: [
    (lang, r, year) => [
      ...head(
        t(
          'Kantonsspital Fiktiv',
          'Hôpital Cantonal Fictif',
          'Ospedale Cantonale Inventato',
          'Example Cantonal Hospital',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Rechnung Spitalaufenthalt, Ihr Anteil',
            'Facture séjour hospitalier, votre part',
            'Fattura degenza ospedaliera, sua parte',
            'Hospital stay invoice, your share',
          ),
        ),
      ].join(''),
      L(lang, t('Eintritt', 'Entrée', 'Entrata', 'Admission'), `${r.int(1, 20)}.0${r.int(1, 9)}.${year}`),
      [
        L(
          lang,
          t(
            'Beitrag an den Spitalaufenthalt, CHF 15 pro Tag',
            'Contribution aux frais de séjour, CHF 15 par jour',
            'Contributo ai costi di degenza, CHF 15 al giorno',
            'Contribution to the hospital stay, CHF 15 a day',
          ),
        ),
        '  ',
        chf(r.int(2, 20) * 15),
      ].join(''),
      [
        L(
          lang,
          t(
            'Einzelzimmer Aufpreis',
            'Supplément chambre individuelle',
            'Supplemento camera singola',
            'Single room surcharge',
          ),
        ),
        '  ',
        chf(r.int(100, 900)),
      ].join(''),
    ],
    (lang, r, year) => [
      t(
        'Optik Scharfblick Fiktiv',
        'Optique Vue Claire Fictive',
        'Ottica Vista Chiara Inventata',
        'Clear View Example Opticians',
      )[lang],
      address(r),
      '',
      [
        '# ',
        L(
          lang,
          t('Kaufbeleg', 'Ticket de caisse', 'Scontrino', 'Sales slip'),
          `${r.int(1, 28)}.${r.int(10, 12)}.${year}`,
        ),
      ].join(''),
      [
        L(lang, t('Gleitsichtgläser', 'Verres progressifs', 'Lenti progressive', 'Varifocal lenses')),
        '  ',
        chf(r.int(300, 1200)),
      ].join(''),
      `${L(lang, t('Fassung', 'Monture', 'Montatura', 'Frame'))}  ${chf(r.int(90, 400))}`,
      [
        L(lang, t('Total bezahlt mit Karte', 'Total payé par carte', 'Totale pagato con carta', 'Total paid by card')),
        '  ',
        chf(r.int(400, 1600)),
      ].join(''),
    ],
  ],
  securities: [
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      `# ${L(lang, t('Steuerreport', 'Rapport fiscal', 'Rapporto fiscale', 'Tax report'), String(year))}`,
      [
        L(
          lang,
          t('Depotbewertung per', 'Évaluation du dépôt au', 'Valutazione del deposito al', 'Portfolio valuation as at'),
          `31.12.${year}`,
        ),
        '  ',
        chf(r.int(5, 300) * 1000),
      ].join(''),
      [
        L(
          lang,
          t(
            'Erträge mit Verrechnungssteuer',
            'Revenus soumis à l’impôt anticipé',
            'Redditi soggetti all’imposta preventiva',
            'Income subject to withholding tax',
          ),
        ),
        '  ',
        chf(r.int(50, 3000)),
      ].join(''),
      [
        L(
          lang,
          t(
            'Erträge ohne Verrechnungssteuer',
            'Revenus non soumis à l’impôt anticipé',
            'Redditi non soggetti all’imposta preventiva',
            'Income not subject to withholding tax',
          ),
        ),
        '  ',
        chf(r.int(10, 900)),
      ].join(''),
      [
        L(
          lang,
          t(
            'Kursgewinne (steuerfrei)',
            'Gains en capital (exonérés)',
            'Utili di corso (esenti)',
            'Capital gains (tax-free)',
          ),
        ),
        '  ',
        chf(r.int(0, 9000)),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(
        t('Trading Fiktiv AG', 'Courtage Fictif SA', 'Intermediazione Inventata SA', 'Example Brokerage Ltd')[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t('Transaktionsübersicht', 'Aperçu des transactions', 'Riepilogo delle transazioni', 'Transaction summary'),
          String(year),
        ),
      ].join(''),
      `${L(lang, t('Kauf', 'Achat', 'Acquisto', 'Buy'))} 20 ETF SPI  ${chf(r.int(1000, 9000))}`,
      [
        L(lang, t('Verkauf', 'Vente', 'Vendita', 'Sell')),
        ' 10 ',
        L(lang, t('Aktien', 'actions', 'azioni', 'shares')),
        ' Logitech  ',
        chf(r.int(500, 5000)),
      ].join(''),
      [
        L(
          lang,
          t(
            'Courtage und Börsengebühren',
            'Courtage et frais de bourse',
            'Commissioni e tasse di borsa',
            'Brokerage and exchange fees',
          ),
        ),
        '  ',
        chf(r.int(10, 90)),
      ].join(''),
      [
        L(
          lang,
          t(
            'Eidg. Umsatzabgabe',
            'Droit de timbre de négociation',
            'Tassa di negoziazione',
            'Swiss transfer stamp duty',
          ),
        ),
        '  ',
        chf(r.int(2, 30)),
      ].join(''),
    ],
  ],
  mortgage: [
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Zinsausweis Ihrer Hypothek',
            'Relevé des intérêts de votre prêt hypothécaire',
            'Estratto degli interessi del suo prestito ipotecario',
            'Statement of interest on your home loan',
          ),
          String(year),
        ),
      ].join(''),
      `${L(lang, t('Objekt', 'Objet', 'Oggetto', 'Property'))}: ${address(r)}`,
      [
        L(lang, t('Bezahlte Zinsen', 'Intérêts payés', 'Interessi pagati', 'Interest paid')),
        '  ',
        chf(r.int(2000, 16000)),
      ].join(''),
      [
        L(lang, t('Restschuld', 'Solde de la dette', 'Debito residuo', 'Outstanding balance')),
        '  ',
        chf(r.int(200, 900) * 1000),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Abrechnung Baukredit',
            'Décompte crédit de construction',
            'Conteggio credito di costruzione',
            'Construction loan statement',
          ),
          String(year),
        ),
      ].join(''),
      [
        L(lang, t('Bauzinsen', 'Intérêts intercalaires', 'Interessi di costruzione', 'Interest during construction')),
        '  ',
        chf(r.int(1000, 9000)),
      ].join(''),
      `${L(lang, t('Limite', 'Limite', 'Limite', 'Limit'))}  ${chf(r.int(300, 900) * 1000)}`,
      L(
        lang,
        t(
          'Konsolidierung in eine Festhypothek nach Bauabschluss.',
          'Consolidation en hypothèque à taux fixe à la fin des travaux.',
          'Consolidamento in un’ipoteca a tasso fisso a fine lavori.',
          'Consolidation into a fixed-rate mortgage on completion.',
        ),
      ),
    ],
  ],
  transport: [
    (lang, r, year) => [
      [
        '# ',
        L(
          lang,
          t(
            'Aufstellung Fahrkosten mit dem Privatfahrzeug',
            'Relevé des frais de déplacement en véhicule privé',
            'Distinta delle spese di trasporto con veicolo privato',
            'Statement of travel costs by private car',
          ),
          String(year),
        ),
      ].join(''),
      `${person(r)}, ${address(r)}`,
      L(lang, t('Arbeitsort', 'Lieu de travail', 'Luogo di lavoro', 'Place of work'), town(r)),
      [
        L(
          lang,
          t(
            'Kilometer pro Arbeitstag',
            'Kilomètres par jour de travail',
            'Chilometri per giorno lavorativo',
            'Kilometres per working day',
          ),
        ),
        '  ',
        r.int(10, 80),
      ].join(''),
      `${L(lang, t('Arbeitstage', 'Jours de travail', 'Giorni lavorativi', 'Working days'))}  ${r.int(180, 230)}`,
      [
        L(
          lang,
          t(
            'Kilometerpauschale CHF 0.70',
            'Forfait kilométrique CHF 0.70',
            'Forfait chilometrico CHF 0.70',
            'Mileage allowance CHF 0.70',
          ),
        ),
        '  ',
        chf(r.int(1500, 9000)),
      ].join(''),
    ],
    (lang, r, year) => [
      t(
        'PostAuto Region Fiktiv',
        'CarPostal Région Fictive',
        'AutoPostale Regione Inventata',
        'PostBus Example Region',
      )[lang],
      '',
      `# ${L(lang, t('Jahreskarte', 'Carte annuelle', 'Tessera annuale', 'Annual card'), String(year))}`,
      L(lang, t('Linie', 'Ligne', 'Linea', 'Line'), `${r.int(100, 999)}, ${town(r)} - ${town(r)}`),
      `${L(lang, t('Preis', 'Prix', 'Prezzo', 'Price'))}  CHF ${chf(r.int(400, 1500))}`,
    ],
  ],
  pillar3a: [
    (lang, r, year) => [
      ...head(insurer(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Jahresbescheinigung Vorsorgepolice (Säule 3a)',
            'Attestation annuelle police de prévoyance (pilier 3a)',
            'Attestazione annua polizza previdenziale (pilastro 3a)',
            'Annual certificate, pension policy (pillar 3a)',
          ),
        ),
      ].join(''),
      [
        L(lang, t('Bezahlte Prämien', 'Primes payées', 'Premi pagati', 'Premiums paid')),
        ' ',
        year,
        '  ',
        chf(r.pick([3000, 5000, 7056, 7258])),
      ].join(''),
      [
        L(
          lang,
          t(
            'Garantiertes Alterskapital',
            'Capital vieillesse garanti',
            'Capitale di vecchiaia garantito',
            'Guaranteed retirement capital',
          ),
        ),
        '  ',
        chf(r.int(50, 300) * 1000),
      ].join(''),
      [
        L(lang, t('Todesfallkapital', 'Capital en cas de décès', 'Capitale in caso di decesso', 'Death benefit')),
        '  ',
        chf(r.int(50, 300) * 1000),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(bank(r), r, lang, year),
      [
        '# ',
        L(
          lang,
          t(
            'Gutschriftsanzeige Vorsorgesparen',
            'Avis de crédit épargne prévoyance',
            'Avviso di accredito risparmio previdenziale',
            'Credit advice, retirement savings',
          ),
        ),
      ].join(''),
      [
        L(lang, t('Einzahlung 3. Säule', 'Versement 3e pilier', 'Versamento 3° pilastro', 'Payment, third pillar')),
        ' ',
        year,
        '  ',
        chf(r.pick([2000, 7056, 7258])),
      ].join(''),
      L(
        lang,
        t(
          'Maximalbetrag für Erwerbstätige mit Pensionskasse',
          'Montant maximal pour salariés affiliés à une caisse de pension',
          'Importo massimo per salariati affiliati a una cassa pensione',
          'Maximum for employees with a pension fund',
        ),
        'CHF 7’258',
      ),
    ],
  ],
  buyin: [
    (lang, r, year) => [
      ...head(
        t(
          'Pensionskasse der Gemeinde Fiktiv',
          'Caisse de pensions de la Ville Fictive',
          'Cassa pensioni del Comune Inventato',
          'Example Town Pension Fund',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Quittung Einzahlung Pensionskasse (Einkauf)',
            'Quittance versement caisse de pensions (rachat)',
            'Quietanza versamento cassa pensioni (riscatto)',
            'Receipt, payment to pension fund (buy-in)',
          ),
        ),
      ].join(''),
      [
        L(lang, t('Betrag', 'Montant', 'Importo', 'Amount')),
        ', ',
        r.int(1, 28),
        '.',
        r.int(10, 12),
        '.',
        year,
        '  ',
        chf(r.int(5, 80) * 1000),
      ].join(''),
      L(
        lang,
        t(
          'Die Leistungen erhöhen sich entsprechend.',
          'Les prestations augmentent en conséquence.',
          'Le prestazioni aumentano di conseguenza.',
          'Your benefits increase accordingly.',
        ),
      ),
    ],
    (lang, r, year) => [
      ...head(
        t(
          'Vorsorgewerk Fiktiv',
          'Institution de prévoyance Fictive',
          'Istituto di previdenza Inventato',
          'Example Pension Scheme',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Wiedereinkauf nach Scheidung',
            'Rachat après divorce',
            'Riacquisto dopo il divorzio',
            'Re-purchase after divorce',
          ),
        ),
      ].join(''),
      [
        L(
          lang,
          t(
            'Übertragene Austrittsleistung (Vorsorgeausgleich)',
            'Prestation de sortie transférée (partage)',
            'Prestazione d’uscita trasferita (conguaglio)',
            'Transferred vested benefit (pension split)',
          ),
        ),
        '  ',
        chf(r.int(20, 200) * 1000),
      ].join(''),
      [
        L(lang, t('Ihre Einzahlung', 'Votre versement', 'Il suo versamento', 'Your payment')),
        ' ',
        year,
        '  ',
        chf(r.int(5, 60) * 1000),
      ].join(''),
    ],
  ],
  childcare: [
    (lang, r, year) => [
      ...head(
        t(
          'Spielgruppe Zwergli Fiktiv',
          'Groupe de jeu Les Lutins Fictifs',
          'Gruppo gioco Folletti Inventato',
          'Pixies Example Playgroup',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t('Rechnung Spielgruppe', 'Facture groupe de jeu', 'Fattura gruppo gioco', 'Playgroup invoice'),
          String(year),
        ),
      ].join(''),
      L(lang, t('Kind', 'Enfant', 'Bambino', 'Child'), `: ${person(r)}`),
      [
        L(
          lang,
          t(
            'Semestergebühr, 2 Vormittage pro Woche',
            'Écolage semestriel, 2 matinées par semaine',
            'Retta semestrale, 2 mattine alla settimana',
            'Term fee, 2 mornings a week',
          ),
        ),
        '  ',
        chf(r.int(300, 1200)),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(
        t(
          'Krippe Sonnenblume Fiktiv',
          'Crèche Tournesol Fictive',
          'Nido Girasole Inventato',
          'Sunflower Example Crèche',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Abrechnung Krippenplatz',
            'Décompte place en crèche',
            'Conteggio posto al nido',
            'Nursery place statement',
          ),
          String(year),
        ),
      ].join(''),
      [
        L(lang, t('Monatspauschale', 'Forfait mensuel', 'Forfait mensile', 'Monthly fee')),
        ' × 12  ',
        chf(r.int(6000, 26000)),
      ].join(''),
      [
        L(lang, t('Subvention der Gemeinde', 'Subvention communale', 'Sussidio comunale', 'Municipal subsidy')),
        '  -',
        chf(r.int(1000, 8000)),
      ].join(''),
    ],
  ],
  property: [
    (lang, r, year) => [
      ...head(
        t(
          'Gemeindesteueramt Fiktiv',
          'Office communal des impôts Fictif',
          'Ufficio comunale delle imposte Inventato',
          'Example Municipal Tax Office',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Veranlagung Liegenschaftssteuer',
            'Taxation de l’impôt immobilier',
            'Tassazione dell’imposta immobiliare',
            'Real estate tax assessment',
          ),
          String(year),
        ),
      ].join(''),
      [
        L(
          lang,
          t(
            'Massgebender Steuerwert',
            'Valeur fiscale déterminante',
            'Valore di stima determinante',
            'Relevant tax value',
          ),
        ),
        '  ',
        chf(r.int(300, 1500) * 1000),
      ].join(''),
      [
        L(
          lang,
          t(
            'Liegenschaftssteuer 1.2 ‰',
            'Impôt immobilier 1.2 ‰',
            'Imposta immobiliare 1.2 ‰',
            'Real estate tax 1.2 ‰',
          ),
        ),
        '  ',
        chf(r.int(300, 1800)),
      ].join(''),
    ],
    (lang, r, year) => [
      ...head(
        t(
          'Schätzungskommission Fiktiv',
          'Commission d’estimation Fictive',
          'Commissione di stima Inventata',
          'Example Valuation Board',
        )[lang],
        r,
        lang,
        year,
      ),
      [
        '# ',
        L(
          lang,
          t(
            'Schätzungsprotokoll Stockwerkeigentum',
            'Procès-verbal d’estimation PPE',
            'Verbale di stima proprietà per piani',
            'Valuation record, condominium',
          ),
        ),
      ].join(''),
      [
        L(lang, t('Wertquote', 'Quote-part de copropriété', 'Quota di valore', 'Ownership share')),
        '  ',
        r.int(40, 250),
        '/1000',
      ].join(''),
      `${L(lang, t('Realwert', 'Valeur intrinsèque', 'Valore reale', 'Real value'))}  ${chf(r.int(300, 1200) * 1000)}`,
      [
        L(lang, t('Ertragswert', 'Valeur de rendement', 'Valore di reddito', 'Capitalised earnings value')),
        '  ',
        chf(r.int(300, 1200) * 1000),
      ].join(''),
    ],
  ],
}
