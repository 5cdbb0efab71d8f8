import { describe, expect, test } from 'bun:test'
import { deflateSync } from 'node:zlib'
import { assemble, pageCode, type BarcodeSymbol } from './assemble'
import { inflateBounded, statementFromSymbols } from './index'
import { checkXml, parseXml, XmlRefused } from './safe-xml'
import { NotAStatement, statementFromXml } from './statement'
import { readSymbols } from './symbols'
import { openPdf } from '../pdf'
import { pdfSymbols } from './index'
import { IBKR_2025, manySecurities, statementPdf, statementSymbols, statementXml, totalsOf } from './make-statement'

const seg = (bytes: string, index: number, size: number, id = '197226194164'): BarcodeSymbol => ({
  format: 'PDF417',
  bytes: new TextEncoder().encode(bytes),
  text: '',
  sequenceIndex: index,
  sequenceSize: size,
  sequenceId: id,
})

describe('reassembling the PDF417 segments', () => {
  test('out of order, duplicates and another statement’s segments are put right', () => {
    const r = assemble([seg('C', 2, 3), seg('A', 0, 3), seg('x', 0, 1, '999'), seg('B', 1, 3), seg('A', 0, 3)])
    expect(r.ok && new TextDecoder().decode(r.bytes)).toBe('ABC')
    expect(r.ok && r.symbols).toBe(3)
  })
  test('a missing segment is an incomplete statement, not a guess', () => {
    expect(assemble([seg('A', 0, 3), seg('C', 2, 3)])).toEqual({
      ok: false,
      reason: 'incomplete',
      detail: '2 of 3 barcode segments read, missing 2',
    })
    // Without a count, a gap is still seen.
    expect(assemble([seg('A', 0, 0), seg('C', 2, 0)])).toMatchObject({ ok: false, reason: 'incomplete' })
  })
  test('through statementFromSymbols, the person is told', () => {
    const r = statementFromSymbols([seg('A', 0, 3), seg('C', 2, 3)])
    expect(r).toMatchObject({ found: true, ok: false })
    expect(r.found && !r.ok && r.reason).toContain('incomplete statement: 2 of 3 barcode segments read, missing 2')
  })
  test('no barcode: not a statement at all', () => {
    expect(statementFromSymbols([])).toEqual({ found: false })
  })
  test('the CODE128C page code', () => {
    expect(pageCode('1962200700002101')).toEqual({
      form: '196',
      version: '22',
      organisation: '00700',
      page: 2,
      barcodeSheet: true,
    })
    expect(pageCode('12345')).toBeNull()
  })
})

describe('decompression is bounded', () => {
  test('a bomb stops at the limit', () => {
    const bomb = deflateSync(new Uint8Array(30 * 1024 * 1024), { level: 9 })
    expect(bomb.length).toBeLessThan(40_000)
    expect(() => inflateBounded(bomb, 10 * 1024 * 1024)).toThrow(/larger than/)
    const r = statementFromSymbols([seg('', 0, 1)].map((s) => ({ ...s, bytes: bomb })))
    expect(r.found && !r.ok && r.reason).toContain('larger than 10485760 bytes')
  })
  test('a truncated stream is refused', () => {
    const data = deflateSync(Buffer.from(statementXml(IBKR_2025)), { level: 9 })
    expect(() => inflateBounded(data.subarray(0, data.length - 10))).toThrow()
  })
})

describe('the XML parser is safe', () => {
  const ns = 'xmlns="http://www.ech.ch/xmlns/eCH-0196/2"'
  test.each([
    ['an internal entity', `<!DOCTYPE t [<!ENTITY a "aaaa">]><taxStatement ${ns}>&a;</taxStatement>`],
    ['an external entity', `<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><t>&x;</t>`],
    ['a DTD alone', '<!DOCTYPE taxStatement SYSTEM "http://example.org/x.dtd"><taxStatement/>'],
    ['a lower-case doctype', '<!doctype t><t/>'],
    ['deep nesting', `${'<a>'.repeat(40)}${'</a>'.repeat(40)}`],
    ['too many elements', `<r>${'<a/>'.repeat(300)}</r>`],
    ['too long', `<r>${'x'.repeat(2000)}</r>`],
  ])('refuses %s', (_, xml) => {
    expect(() => parseXml(xml, { maxChars: 1000, maxDepth: 32, maxElements: 200 })).toThrow(XmlRefused)
  })
  test('a comment or CDATA mentioning a DTD is fine; predefined entities are resolved', () => {
    checkXml('<r><!-- <!DOCTYPE x> --><![CDATA[<!ENTITY>]]></r>')
    expect(parseXml('<r a="M&amp;S &#252; &lt;"/>').attrs.a).toBe('M&S ü <')
  })
  test('malformed XML is refused', () => {
    expect(() => parseXml('<r><a></r>')).toThrow(XmlRefused)
  })
})

describe('the statement from its XML', () => {
  test('the example statement: totals exactly as written, lists, client', () => {
    const s = statementFromXml(statementXml(IBKR_2025))
    expect(s).toMatchObject({
      institution: 'Interactive Brokers',
      clientNumber: 'U12349876',
      clientName: 'Paula Muster',
      periodFrom: '2025-01-01',
      periodTo: '2025-12-31',
      taxPeriod: 2025,
      canton: 'ZH',
      totals: { taxValue: '39351.02', grossRevenueA: '0', grossRevenueB: '137.45', withholdingTaxClaim: '0' },
    })
    expect(s.securities[0]).toMatchObject({
      valorNumber: '4354003',
      isin: 'US9220427424',
      name: 'VANGUARD TOT WORLD STK ETF (VT)',
      quantity: '200',
      taxValue: '22350.96',
      grossRevenueB: '114.51',
    })
    expect(s.bankAccounts).toHaveLength(1)
    expect(s.totals.da1).toEqual({ lumpSumTaxCredit: '0', nonRecoverableTax: '0' })
  })
  test('names with entities; many securities', () => {
    const f = manySecurities(30)
    const s = statementFromXml(statementXml(f))
    expect(s.clientName).toBe('Hans Müller & Söhne')
    expect(s.securities).toHaveLength(30)
    expect(s.totals).toMatchObject(totalsOf(f))
  })
  test.each([
    ['another root', '<other xmlns="http://www.ech.ch/xmlns/eCH-0196/2"/>'],
    ['another namespace', statementXml(IBKR_2025).replace('eCH-0196/2"', 'eCH-0196/9"')],
    ['a float written as 1e3', statementXml(IBKR_2025).replace('totalTaxValue="39351.02"', 'totalTaxValue="3.9e4"')],
    ['no tax period', statementXml(IBKR_2025).replace(/taxPeriod="\d+"/, '')],
  ])('refuses %s', (_, xml) => {
    expect(() => statementFromXml(xml)).toThrow(NotAStatement)
  })
})

describe('ZXing reads the symbols the standard describes', () => {
  test('a multi-segment statement, read symbol by symbol in reverse, decodes whole', async () => {
    const f = manySecurities(25)
    const pngs = await statementSymbols(statementXml(f), { segmentBytes: 200 })
    expect(pngs.length).toBeGreaterThan(6)
    const symbols: BarcodeSymbol[] = []
    for (const png of pngs.reverse()) symbols.push(...(await readSymbols(png)))
    expect(symbols.map((s) => s.sequenceIndex)).toEqual(pngs.map((_, i) => pngs.length - 1 - i))
    const r = statementFromSymbols(symbols)
    expect(r.found && r.ok && r.statement.totals).toMatchObject(totalsOf(f))
    expect(r.found && r.ok && r.statement.symbols).toBe(pngs.length)
  }, 30_000)
})

describe('a statement PDF', () => {
  const read = async (pdf: Uint8Array) => {
    const doc = await openPdf(pdf)
    try {
      return await pdfSymbols(doc)
    } finally {
      await doc.close()
    }
  }
  test.each([
    ['images', false],
    ['vectors', true],
  ])(
    'barcode sheets drawn as %s, segments in reverse on two pages, page codes on every page',
    async (_, vector) => {
      const f = manySecurities(25)
      const symbols = await read(await statementPdf(f, { segmentBytes: 200, reverse: true, vector }))
      expect(symbols.filter((s) => s.format === 'Code128').map((s) => s.text)).toEqual([
        '1962200700001001',
        '1962200700002101',
        '1962200700003101',
      ])
      const r = statementFromSymbols(symbols)
      expect(r.found && r.ok && r.statement.totals).toMatchObject(totalsOf(f))
    },
    30_000,
  )
  test('a segment left out: the page codes say it is a statement, and that it is incomplete', async () => {
    const symbols = await read(await statementPdf(manySecurities(25), { segmentBytes: 200, drop: [3] }))
    const r = statementFromSymbols(symbols)
    expect(r.found && !r.ok && r.reason).toMatch(/incomplete statement: \d+ of \d+ barcode segments read, missing 4/)
  }, 30_000)
})
