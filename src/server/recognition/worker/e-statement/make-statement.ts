/**
 * e-Steuerauszüge made the way the standard describes them, for tests and the bench (never for the
 * server: bwip-js is a devDependency). The XML is eCH-0196 v2.2 with known figures; it is
 * zlib-compressed at the best level and split into Macro PDF417 segments (13 columns, 35 rows, EC
 * level 4, a 4-codeword file id, the segment count, the terminator on the last one), six to a
 * landscape barcode sheet, and every page carries its 16-digit CODE128C page code ("Beilage zu
 * eCH-0196 V2.2.0 – Barcode Generierung – Technische Wegleitung", 2.2–2.4).
 */
import { deflateSync } from 'node:zlib'
import bwipjs from 'bwip-js/node'
import { PDFDocument, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { PNG } from 'pngjs'
import { addAmounts, sumAmounts } from '../../../../shared/recognition/e-statement'

export interface FixtureSecurity {
  name: string
  valor: string
  isin: string
  quantity: string
  taxValue: string
  grossRevenueA: string
  grossRevenueB: string
  withholdingTaxClaim: string
}
export interface FixtureAccount {
  number: string
  name: string
  taxValue: string
  grossRevenueA: string
  grossRevenueB: string
  withholdingTaxClaim: string
}
export interface FixtureStatement {
  institution: string
  clientNumber: string
  firstName: string
  lastName: string
  taxPeriod: number
  canton: string
  accounts: FixtureAccount[]
  securities: FixtureSecurity[]
}

/** The Interactive Brokers example of the issue: tax value 39 351.02, gross revenue 137.45. */
export const IBKR_2025: FixtureStatement = {
  institution: 'Interactive Brokers',
  clientNumber: 'U12349876',
  firstName: 'Paula',
  lastName: 'Muster',
  taxPeriod: 2025,
  canton: 'ZH',
  accounts: [
    {
      number: 'U12349876-CHF',
      name: 'CHF cash',
      taxValue: '17000.06',
      grossRevenueA: '0',
      grossRevenueB: '22.94',
      withholdingTaxClaim: '0',
    },
  ],
  securities: [
    {
      name: 'VANGUARD TOT WORLD STK ETF (VT)',
      valor: '4354003',
      isin: 'US9220427424',
      quantity: '200',
      taxValue: '22350.96',
      grossRevenueA: '0',
      grossRevenueB: '114.51',
      withholdingTaxClaim: '0',
    },
  ],
}

/** A statement with `n` Swiss securities whose dividends carry withholding tax (35 % of revenue A). */
export function manySecurities(n: number, base: Partial<FixtureStatement> = {}): FixtureStatement {
  const securities: FixtureSecurity[] = []
  for (let i = 0; i < n; i++) {
    const a = `${100 + ((i * 37) % 900)}.${String((i * 13) % 100).padStart(2, '0')}`
    const cents = Math.round(Number(a) * 100 * 0.35)
    securities.push({
      name: `Aktie Nummer ${i + 1} ${['Holding AG', 'Namenaktien', 'Inhaberaktien', 'Partizipationsschein'][i % 4]}`,
      valor: String(1_000_000 + i * 7919),
      isin: `CH${String(10_000_000 + i * 7919).padStart(9, '0')}${i % 10}`,
      quantity: String(10 + i),
      taxValue: `${1000 + i * 311}.${String((i * 7) % 100).padStart(2, '0')}`,
      grossRevenueA: a,
      grossRevenueB: '0',
      withholdingTaxClaim: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    })
  }
  return {
    institution: 'Zürcher Kantonalbank',
    clientNumber: '1100-2233.445',
    firstName: 'Hans',
    lastName: 'Müller & Söhne',
    taxPeriod: 2025,
    canton: 'ZH',
    accounts: [],
    securities,
    ...base,
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

export function totalsOf(s: FixtureStatement) {
  const all = [...s.accounts, ...s.securities]
  return {
    taxValue: sumAmounts(all.map((x) => x.taxValue)),
    grossRevenueA: sumAmounts(all.map((x) => x.grossRevenueA)),
    grossRevenueB: sumAmounts(all.map((x) => x.grossRevenueB)),
    withholdingTaxClaim: sumAmounts(all.map((x) => x.withholdingTaxClaim)),
  }
}

/** ` a="1" b="2"`: XML attributes, values escaped. */
const attrs = (a: Record<string, string | number>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('')

type Totalled = FixtureAccount | FixtureSecurity
const totalAttrs = (list: Totalled[]) => ({
  totalTaxValue: sumAmounts(list.map((x) => x.taxValue)),
  totalGrossRevenueA: sumAmounts(list.map((x) => x.grossRevenueA)),
  totalGrossRevenueB: sumAmounts(list.map((x) => x.grossRevenueB)),
  totalWithHoldingTaxClaim: sumAmounts(list.map((x) => x.withholdingTaxClaim)),
})
const paymentAttrs = (x: Totalled) => ({
  amountCurrency: 'CHF',
  amount: addAmounts(x.grossRevenueA, x.grossRevenueB),
  grossRevenueA: x.grossRevenueA,
  grossRevenueB: x.grossRevenueB,
  withHoldingTaxClaim: x.withholdingTaxClaim,
})

function accountXml(a: FixtureAccount, period: number) {
  const head = attrs({
    bankAccountNumber: a.number,
    bankAccountName: a.name,
    bankAccountCountry: 'CH',
    bankAccountCurrency: 'CHF',
    ...totalAttrs([a]),
  })
  const value = attrs({
    referenceDate: `${period}-12-31`,
    balanceCurrency: 'CHF',
    balance: a.taxValue,
    value: a.taxValue,
  })
  const payment = attrs({ paymentDate: `${period}-12-31`, name: 'Zins', ...paymentAttrs(a) })
  return `    <bankAccount${head}>\n      <taxValue${value}/>\n      <payment${payment}/>\n    </bankAccount>`
}

function securityXml(x: FixtureSecurity, i: number, period: number) {
  const head = attrs({
    positionId: i + 1,
    country: x.isin.slice(0, 2),
    currency: 'CHF',
    quotationType: 'PIECE',
    securityCategory: 'SHARE',
    securityName: x.name,
    valorNumber: x.valor,
    isin: x.isin,
  })
  const value = attrs({
    referenceDate: `${period}-12-31`,
    quotationType: 'PIECE',
    quantity: x.quantity,
    balanceCurrency: 'CHF',
    value: x.taxValue,
  })
  const payment = attrs({
    paymentDate: `${period}-05-02`,
    quotationType: 'PIECE',
    quantity: x.quantity,
    ...paymentAttrs(x),
  })
  return `      <security${head}>\n        <taxValue${value}/>\n        <payment${payment}/>\n      </security>`
}

/** The statement as eCH-0196 v2.2 XML. */
export function statementXml(s: FixtureStatement): string {
  const t = totalsOf(s)
  const period = s.taxPeriod
  const accounts = s.accounts.length
    ? `  <listOfBankAccounts${attrs(totalAttrs(s.accounts))}>\n` +
      `${s.accounts.map((a) => accountXml(a, period)).join('\n')}\n  </listOfBankAccounts>\n`
    : ''
  const securitiesTotals = attrs({
    ...totalAttrs(s.securities),
    totalLumpSumTaxCredit: '0',
    totalNonRecoverableTax: '0',
    totalAdditionalWithHoldingTaxUSA: '0',
    totalGrossRevenueIUP: '0',
    totalGrossRevenueConversion: '0',
  })
  const securities = s.securities.length
    ? `  <listOfSecurities${securitiesTotals}>\n    <depot${attrs({ depotNumber: s.clientNumber })}>\n` +
      `${s.securities.map((x, i) => securityXml(x, i, period)).join('\n')}\n    </depot>\n  </listOfSecurities>\n`
    : ''
  const statement = attrs({
    xmlns: 'http://www.ech.ch/xmlns/eCH-0196/2',
    id: `CH00000${s.clientNumber.replace(/\W/g, '')}${period}123101`,
    creationDate: `${period + 1}-01-15T08:00:00`,
    taxPeriod: period,
    periodFrom: `${period}-01-01`,
    periodTo: `${period}-12-31`,
    country: 'CH',
    canton: s.canton,
    totalTaxValue: t.taxValue,
    totalGrossRevenueA: t.grossRevenueA,
    totalGrossRevenueB: t.grossRevenueB,
    totalWithHoldingTaxClaim: t.withholdingTaxClaim,
    minorVersion: 22,
  })
  const client = attrs({ clientNumber: s.clientNumber, firstName: s.firstName, lastName: s.lastName })
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<taxStatement${statement}>\n` +
    `  <institution${attrs({ name: s.institution })}/>\n  <client${client}/>\n${accounts}${securities}</taxStatement>\n`
  )
}

// --- Macro PDF417 codewords -------------------------------------------------------------------

/** Byte compaction (901, or 924 for a multiple of 6): six bytes to five base-900 codewords. */
function byteCodewords(b: Uint8Array): number[] {
  const out = [b.length % 6 === 0 ? 924 : 901]
  let i = 0
  for (; i + 6 <= b.length; i += 6) {
    let n = 0n
    for (let k = 0; k < 6; k++) n = n * 256n + BigInt(b[i + k]!)
    const group: number[] = []
    for (let k = 0; k < 5; k++) {
      group.unshift(Number(n % 900n))
      n /= 900n
    }
    out.push(...group)
  }
  for (; i < b.length; i++) out.push(b[i]!)
  return out
}
/** Numeric compaction of a digit string, as the macro block's fields use it ("1" prefixed, base 900). */
function numericCodewords(digits: string): number[] {
  let n = BigInt(`1${digits}`)
  const out: number[] = []
  while (n > 0n) {
    out.unshift(Number(n % 900n))
    n /= 900n
  }
  return out
}

const COLUMNS = 13
const ROWS = 35
const EC_CODEWORDS = 32 // level 4
/** Data, padding and macro block of one symbol: the rest is the length descriptor and error correction. */
const DATA_CODEWORDS = COLUMNS * ROWS - EC_CODEWORDS - 1
/** What one symbol holds with the macro block around it (the standard's generators use about this). */
export const MAX_SEGMENT_BYTES = 480

/**
 * One Macro PDF417 symbol as PNG. The padding (900) goes between the data and the macro block:
 * after the terminator (922) a reader expects nothing else.
 */
async function segmentPng(data: Uint8Array, index: number, count: number, fileId: number[]): Promise<Uint8Array> {
  const macro = [
    928,
    ...numericCodewords(String(index).padStart(5, '0')),
    ...fileId,
    923,
    1,
    ...numericCodewords(String(count)),
    ...(index === count - 1 ? [922] : []),
  ]
  const body = byteCodewords(data)
  const pad = DATA_CODEWORDS - body.length - macro.length
  if (pad < 0) throw new Error(`segment of ${data.length} bytes does not fit`)
  const codewords = [...body, ...Array<number>(pad).fill(900), ...macro]
  return bwipjs.toBuffer({
    bcid: 'pdf417',
    text: codewords.map((c) => `^${String(c).padStart(3, '0')}`).join(''),
    raw: true,
    columns: COLUMNS,
    rows: ROWS,
    eclevel: 4,
    scale: 2,
    padding: 6,
    backgroundcolor: 'FFFFFF',
  } as Parameters<typeof bwipjs.toBuffer>[0])
}

/** The 16-digit CODE128C page code: form 196, version 22, organisation, page, barcode sheet, landscape, order. */
export const pageCodeText = (page: number, barcodeSheet: boolean, organisation = '00700') =>
  `19622${organisation}${String(page).padStart(3, '0')}${barcodeSheet ? 1 : 0}01`

async function pageCodePng(text: string): Promise<Uint8Array> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 2,
    height: 8,
    padding: 8,
    backgroundcolor: 'FFFFFF',
  } as Parameters<typeof bwipjs.toBuffer>[0])
}

export interface SheetOptions {
  /** Compressed bytes per symbol (smaller gives more symbols and pages). */
  segmentBytes?: number
  /** Symbols per barcode sheet (the standard: 6). */
  perPage?: number
  /** Paint each sheet's symbols in reverse order (a reader must sort them by their index). */
  reverse?: boolean
  /** Segment numbers (0-based) left out: an incomplete statement. */
  drop?: number[]
  fileId?: number[]
  /** Draw the barcodes bar by bar as filled rectangles instead of images. */
  vector?: boolean
}

/** The PDF417 symbols of an XML: compressed, split, one PNG each. */
export async function statementSymbols(xml: string, o: SheetOptions = {}): Promise<Uint8Array[]> {
  const data = deflateSync(Buffer.from(xml, 'utf8'), { level: 9 })
  const size = Math.min(o.segmentBytes ?? MAX_SEGMENT_BYTES, MAX_SEGMENT_BYTES)
  const count = Math.ceil(data.length / size)
  const fileId = o.fileId ?? [197, 226, 194, 164]
  const out: Uint8Array[] = []
  for (let i = 0; i < count; i++) out.push(await segmentPng(data.subarray(i * size, (i + 1) * size), i, count, fileId))
  return out
}

/**
 * A whole e-Steuerauszug PDF: a portrait page of text with the figures, then the landscape barcode
 * sheets; the page code on every page.
 */
export async function statementPdf(s: FixtureStatement, o: SheetOptions = {}): Promise<Uint8Array> {
  const xml = statementXml(s)
  const symbols = (await statementSymbols(xml, o)).map((png, i) => ({ png, i })).filter((x) => !o.drop?.includes(x.i))
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const t = totalsOf(s)
  const first = doc.addPage([595, 842])
  const lines = [
    `Steuerauszug ${s.taxPeriod} / Relevé fiscal ${s.taxPeriod}`,
    s.institution,
    `Kunde ${s.firstName} ${s.lastName}, Kundennummer ${s.clientNumber}`,
    `Periode 01.01.${s.taxPeriod} - 31.12.${s.taxPeriod}`,
    `Steuerwert total CHF ${t.taxValue}`,
    `Bruttoertrag A CHF ${t.grossRevenueA}  Bruttoertrag B CHF ${t.grossRevenueB}`,
    `Verrechnungssteueranspruch CHF ${t.withholdingTaxClaim}`,
    ...s.securities.slice(0, 20).map((x) => `${x.valor} ${x.name} ${x.quantity} ${x.taxValue}`),
  ]
  for (const [i, line] of lines.entries()) first.drawText(line, { x: 50, y: 760 - i * 18, size: 11, font })
  const pages = [first]
  const perPage = o.perPage ?? 6
  for (let p = 0; p * perPage < symbols.length; p++) {
    const page = doc.addPage([842, 595])
    pages.push(page)
    let sheet = symbols.slice(p * perPage, (p + 1) * perPage)
    if (o.reverse) sheet = sheet.reverse()
    for (const [k, { png }] of sheet.entries()) {
      const x = 60 + (k % 2) * 390
      const y = 400 - Math.floor(k / 2) * 170
      await drawPng(doc, page, png, { x, y, width: 340 }, o.vector)
    }
  }
  for (const [i, page] of pages.entries()) {
    const png = await pageCodePng(pageCodeText(i + 1, i > 0))
    await drawPng(doc, page, png, { x: 20, y: page.getHeight() - 60, width: 130 }, o.vector)
  }
  return doc.save()
}

/** A barcode PNG on a page: as the image, or as its dark runs drawn as rectangles (merged down the rows). */
async function drawPng(
  doc: PDFDocument,
  page: PDFPage,
  png: Uint8Array,
  at: { x: number; y: number; width: number },
  vector = false,
) {
  const { width, height, data } = PNG.sync.read(Buffer.from(png))
  const k = at.width / width
  if (!vector) {
    page.drawImage(await doc.embedPng(png), { x: at.x, y: at.y, width: at.width, height: height * k })
    return
  }
  const dark = (x: number, y: number) => data[(y * width + x) * 4]! < 128
  let open = new Map<string, { x0: number; x1: number; y0: number }>()
  const draw = (r: { x0: number; x1: number; y0: number }, y1: number) =>
    page.drawRectangle({
      x: at.x + r.x0 * k,
      y: at.y + (height - y1) * k,
      width: (r.x1 - r.x0) * k,
      height: (y1 - r.y0) * k,
      color: rgb(0, 0, 0),
    })
  for (let y = 0; y <= height; y++) {
    const runs = new Map<string, { x0: number; x1: number; y0: number }>()
    for (let x = 0; y < height && x < width; ) {
      if (!dark(x, y)) {
        x++
        continue
      }
      const x0 = x
      while (x < width && dark(x, y)) x++
      const key = `${x0}:${x}`
      runs.set(key, open.get(key) ?? { x0, x1: x, y0: y })
    }
    for (const [key, r] of open) if (!runs.has(key)) draw(r, y)
    open = runs
  }
}
