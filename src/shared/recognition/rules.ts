/**
 * What a fiduciary recognises a document by, per category (DESIGN.md §8): titles and
 * fixed phrases in German, French, Italian and English, issuer kinds and layout cues.
 * Cues are written in normalised form (lower case, no accents: see normalize.ts).
 * A single word of eight letters or more also matches with one OCR slip (two from 13).
 *
 * Weights: 6 a title that names the document; 3 a phrase found on nearly every such
 * document; 1–2 a supporting word that other kinds share.
 */
export interface Cue { text: string; weight: number }
export interface CategoryRule { categoryId: number; cues: Cue[] }

const cues = (weight: number, ...texts: string[]): Cue[] => texts.map((text) => ({ text, weight }))

export const RULES: CategoryRule[] = [
  { categoryId: 1, cues: [ // Salary Statement: the federal form 11 in three languages, its numbered boxes
    ...cues(6, 'lohnausweis', 'certificat de salaire', 'certificato di salario', 'salary certificate', 'salary statement', 'rentenbescheinigung', 'attestation de rentes', 'attestazione delle rendite'),
    ...cues(3, 'bruttolohn', 'nettolohn', 'salaire brut', 'salaire net', 'salario lordo', 'salario netto', 'gross salary', 'net salary', 'lohn ahv', 'formular 11', 'formulaire 11', 'modulo 11'),
    ...cues(2, 'arbeitgeber', 'employeur', 'datore di lavoro', 'employer', 'berufsauslagen', 'pendlerabzug', 'gehaltsnebenleistungen', 'prestations salariales accessoires', 'prestazioni salariali accessorie', 'fringe benefits', 'beitrage ahv/iv/eo', 'cotisations avs/ai/apg', 'contributi avs/ai/ipg'),
  ] },
  { categoryId: 17, cues: [ // Foreign Salary Statements: the German and Austrian forms
    ...cues(7, 'lohnsteuerbescheinigung', 'lohnzettel', 'jahreslohnzettel'),
    ...cues(2, 'finanzamt', 'steuer-id', 'identifikationsnummer'),
  ] },
  { categoryId: 2, cues: [ // Bank Documents: account statements and interest certificates
    ...cues(6, 'zinsausweis', 'kontoauszug', 'jahresauszug', 'saldoausweis', 'attestation d\'interets', 'releve de compte', 'extrait de compte', 'attestazione degli interessi', 'estratto conto', 'certificato di interessi', 'interest certificate', 'bank statement', 'account statement'),
    ...cues(3, 'privatkonto', 'sparkonto', 'compte prive', 'compte epargne', 'conto privato', 'conto di risparmio', 'savings account', 'current account', 'saldo per 31.12', 'solde au 31.12', 'saldo al 31.12', 'balance as at 31.12', 'habenzins', 'interets crediteurs', 'interessi creditori', 'credit interest'),
    ...cues(2, 'iban', 'kantonalbank', 'banque cantonale', 'banca cantonale', 'raiffeisen', 'postfinance', 'verrechnungssteuer', 'impot anticipe', 'imposta preventiva', 'withholding tax'),
  ] },
  { categoryId: 4, cues: [ // Insurance Certificates: health-insurance premium confirmations
    ...cues(6, 'pramienbestatigung', 'pramienausweis', 'attestation de primes', 'attestation des primes', 'attestazione dei premi', 'attestazione premi', 'premium confirmation', 'premium certificate'),
    ...cues(3, 'krankenkasse', 'krankenversicherung', 'grundversicherung', 'assurance maladie', 'assurance obligatoire des soins', 'cassa malati', 'assicurazione malattie', 'health insurance', 'kvg', 'lamal', 'franchise', 'franchigia', 'selbstbehalt', 'quote-part'),
    ...cues(2, 'pramie', 'prime', 'premio', 'premium', 'zusatzversicherung', 'assurance complementaire', 'assicurazione complementare', 'vvg', 'lca', 'pramienverbilligung', 'reduction de primes', 'riduzione dei premi'),
  ] },
  { categoryId: 5, cues: [ // Receipts for Deductions: donation receipts
    ...cues(6, 'spendenbestatigung', 'spendenbescheinigung', 'zuwendungsbestatigung', 'attestation de don', 'recu de don', 'attestation de dons', 'attestazione di donazione', 'ricevuta di donazione', 'conferma di donazione', 'donation receipt', 'donation confirmation'),
    ...cues(3, 'spende', 'spenden', 'gemeinnutzig', 'steuerbefreit', 'don ', 'dons ', 'utilite publique', 'exoneree', 'donazione', 'donazioni', 'pubblica utilita', 'donation', 'charitable', 'tax-exempt'),
    ...cues(2, 'stiftung', 'fondation', 'fondazione', 'foundation', 'verein', 'association', 'associazione', 'zewo'),
  ] },
  { categoryId: 10, cues: [ // Securities Account Statements: the e-tax statement
    ...cues(6, 'steuerauszug', 'steuerverzeichnis', 'wertschriftenverzeichnis', 'releve fiscal', 'etat des titres', 'estratto fiscale', 'elenco dei titoli', 'tax statement', 'securities statement', 'e-steuerauszug'),
    ...cues(3, 'depot', 'wertschriften', 'valeurs mobilieres', 'titres', 'titoli', 'securities', 'steuerwert', 'valeur fiscale', 'valore fiscale', 'tax value', 'valorennummer', 'numero de valeur', 'numero di valore', 'isin'),
    ...cues(2, 'aktien', 'actions', 'azioni', 'shares', 'obligationen', 'obligations', 'obbligazioni', 'bonds', 'fonds', 'fondi', 'funds', 'dividende', 'dividendo', 'dividend'),
  ] },
  { categoryId: 14, cues: [ // Mortgage Interest Statements
    ...cues(6, 'hypothekarzins', 'hypothekarzinsbestatigung', 'hypothekarzinsausweis', 'interets hypothecaires', 'attestation d\'interets hypothecaires', 'interessi ipotecari', 'attestazione degli interessi ipotecari', 'mortgage interest'),
    ...cues(3, 'hypothek', 'festhypothek', 'hypotheque', 'pret hypothecaire', 'ipoteca', 'mutuo ipotecario', 'mortgage', 'libor', 'saron'),
    ...cues(2, 'liegenschaft', 'immeuble', 'immobile', 'property', 'zinssatz', 'taux d\'interet', 'tasso d\'interesse', 'interest rate'),
  ] },
  { categoryId: 21, cues: [ // Transport: public-transport season tickets
    ...cues(6, 'generalabonnement', 'streckenabonnement', 'verbundabonnement', 'abonnement general', 'abonnement de parcours', 'abbonamento generale', 'abbonamento di percorso', 'season ticket', 'travelcard'),
    ...cues(3, 'halbtax', 'demi-tarif', 'metà-prezzo', 'meta-prezzo', 'half fare', 'abonnement', 'abbonamento', 'zonen', 'zones', 'zone', 'gultig vom', 'valable du', 'valido dal', 'valid from', '2. klasse', '2e classe', '2a classe', '2nd class', '1. klasse', '1re classe', '1a classe', '1st class'),
    ...cues(2, 'sbb', 'cff', 'ffs', 'postauto', 'carpostal', 'autopostale', 'zvv', 'libero', 'mobilis', 'unireso', 'arcobaleno', 'tarifverbund', 'communaute tarifaire', 'comunita tariffale', 'fahrausweis', 'titre de transport', 'titolo di trasporto'),
  ] },
  { categoryId: 22, cues: [ // Pillar 3a Certificate
    ...cues(6, 'saule 3a', 'pilier 3a', '3e pilier a', 'pilastro 3a', 'pillar 3a', 'gebundene vorsorge', 'prevoyance liee', 'previdenza vincolata', 'restricted pension'),
    ...cues(3, 'vorsorgekonto', 'vorsorgestiftung', 'compte de prevoyance', 'fondation de prevoyance', 'conto di previdenza', 'fondazione di previdenza', 'retirement savings account', 'bvv 3', 'opp 3', 'steuerbescheinigung', 'attestation fiscale', 'attestazione fiscale', 'tax certificate'),
    ...cues(2, 'einzahlung', 'versement', 'versamento', 'contribution', 'beitrag', 'cotisation', 'contributo'),
  ] },
  { categoryId: 23, cues: [ // Pension Fund Buy-in (second pillar)
    ...cues(6, 'einkauf in die pensionskasse', 'einkaufsbestatigung', 'rachat de la caisse de pension', 'rachat lpp', 'attestation de rachat', 'riscatto nella cassa pensione', 'riscatto lpp', 'attestazione di riscatto', 'pension fund buy-in', 'buy-in confirmation', 'einkauf bvg', 'freiwilliger einkauf', 'rachat volontaire', 'riscatto volontario', 'voluntary buy-in'),
    ...cues(3, 'pensionskasse', 'vorsorgeeinrichtung', 'caisse de pension', 'caisse de prevoyance', 'institution de prevoyance', 'cassa pensione', 'istituto di previdenza', 'pension fund', 'bvg', 'lpp', 'occupational pension'),
    ...cues(2, 'einkauf', 'rachat', 'riscatto', 'buy-in', 'beitragsjahre', 'annees de cotisation', 'anni di contribuzione', 'altersguthaben', 'avoir de vieillesse', 'avere di vecchiaia'),
  ] },
  { categoryId: 32, cues: [ // Child: Childcare Costs
    ...cues(6, 'kinderbetreuung', 'betreuungskosten', 'kindertagesstatte', 'kinderkrippe', 'kita', 'tagesfamilie', 'creche', 'garderie', 'accueil de jour', 'frais de garde', 'asilo nido', 'custodia dei bambini', 'spese di custodia', 'childcare', 'day care', 'daycare', 'nursery'),
    ...cues(3, 'betreuungstage', 'betreuung', 'hort', 'tagesstruktur', 'jours de garde', 'accueil parascolaire', 'giorni di custodia', 'doposcuola', 'care days', 'after-school'),
    ...cues(2, 'kind', 'enfant', 'bambino', 'bambina', 'child', 'elternbeitrag', 'contribution parentale', 'contributo dei genitori', 'parental contribution'),
  ] },
  { categoryId: 13, cues: [ // Property Tax Assessment
    ...cues(6, 'eigenmietwert', 'amtliche schatzung', 'amtlicher wert', 'liegenschaftsschatzung', 'valeur locative', 'estimation fiscale', 'estimation officielle', 'valore locativo', 'stima ufficiale', 'valore di stima', 'imputed rental value', 'property tax assessment', 'official valuation'),
    ...cues(3, 'vermogenssteuerwert', 'steuerwert der liegenschaft', 'katasterwert', 'valeur fiscale de l\'immeuble', 'valeur cadastrale', 'valore ufficiale', 'valore fiscale dell\'immobile', 'tax value of the property', 'grundstuck', 'bien-fonds', 'fondo', 'plot', 'parzelle', 'parcelle', 'particella', 'steuerverwaltung', 'schatzungsamt', 'administration fiscale', 'amministrazione delle contribuzioni', 'tax administration'),
    ...cues(2, 'liegenschaft', 'immeuble', 'immobile', 'property', 'verfugung', 'decision', 'decisione', 'ruling', 'rechtsmittel', 'voie de droit', 'rimedi giuridici', 'appeal'),
  ] },
]

/** Category when nothing matched (Other Documents). */
export const FALLBACK_CATEGORY_ID = 25
