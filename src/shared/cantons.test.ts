import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { CANTONS, CANTON_SLUGS, cantonByCode, cantonBySlug, cantonSlug } from './cantons'
import { TAX_ID_RULES, formatTaxId, isValidTaxId, taxIdError, taxIdRule } from './tax-id'

const ROOT = join(import.meta.dir, '..', '..')
const ASSETS = join(ROOT, 'assets')
const LOCALES = join(ROOT, 'locales')

describe('cantons', () => {
  test('26 cantons with unique codes and slugs, sorted by code', () => {
    expect(CANTONS).toHaveLength(26)
    const codes = CANTONS.map((c) => c.code)
    expect(new Set(codes).size).toBe(26)
    expect(new Set(CANTONS.map((c) => c.slug)).size).toBe(26)
    expect(CANTON_SLUGS.size).toBe(26)
    expect(codes).toEqual([...codes].sort())
    for (const c of CANTONS) {
      expect(c.code).toMatch(/^[A-Z]{2}$/)
      expect(c.slug).toBe(cantonSlug(c.name))
      expect(c.slug).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(c.imagePath).toBe(`/cantons/${c.code.toLowerCase()}.svg`)
    }
  })

  test.each([
    ['Zürich', 'zurich'],
    ['Graubünden', 'graubunden'],
    ['Neuchâtel', 'neuchatel'],
    ['Genève', 'geneve'],
    ['Appenzell Ausserrhoden', 'appenzell-ausserrhoden'],
    ['Appenzell Innerrhoden', 'appenzell-innerrhoden'],
    ['Basel-Landschaft', 'basel-landschaft'],
    ['St. Gallen', 'st-gallen'],
    ['  Bern ', 'bern'],
  ])('cantonSlug(%p) is %p', (name, slug) => {
    expect(cantonSlug(name)).toBe(slug)
  })

  test('slugs of the accented names are in the set', () => {
    for (const slug of ['zurich', 'graubunden', 'neuchatel', 'geneve', 'appenzell-ausserrhoden']) {
      expect(CANTON_SLUGS.has(slug)).toBe(true)
    }
    expect(CANTON_SLUGS.has('zürich')).toBe(false)
  })

  test('lookup by slug and by code', () => {
    expect(cantonBySlug('zurich')?.code).toBe('ZH')
    expect(cantonBySlug('Genève')?.code).toBe('GE')
    expect(cantonBySlug('atlantis')).toBeUndefined()
    expect(cantonByCode('zh')?.name).toBe('Zürich')
    expect(cantonByCode('Vs')?.slug).toBe('valais')
    expect(cantonByCode('XX')).toBeUndefined()
  })
})

// One valid and one invalid example for every format group of the spec's table.
const GROUPS = [
  { format: 'XXXX.XXXX.XX', codes: ['AG'], valid: '1234.5678.90', invalid: '123.456.789' },
  {
    format: 'XXX.XXX.XXX',
    codes: ['BE', 'GE', 'GR', 'LU', 'SG', 'SO', 'TG', 'TI', 'ZH'],
    valid: '123.456.789',
    invalid: '123-456-789',
  },
  { format: 'XXX-XXX-XXX', codes: ['FR', 'NE', 'VD', 'VS'], valid: '123-456-789', invalid: '123.456.789' },
  { format: 'XXX-XXX-XX', codes: ['JU'], valid: '123-456-78', invalid: '123-456-789' },
  {
    format: 'XXX.XXX.XX',
    codes: ['AI', 'AR', 'BL', 'BS', 'GL', 'NW', 'OW', 'SH', 'SZ', 'UR', 'ZG'],
    valid: '123.456.78',
    invalid: '123.456.7a',
  },
]

describe('tax-ID rules', () => {
  test('the groups cover all 26 cantons exactly once', () => {
    const covered = GROUPS.flatMap((g) => g.codes).sort()
    expect(covered).toEqual(CANTONS.map((c) => c.code))
    expect(Object.keys(TAX_ID_RULES).sort()).toEqual(covered)
  })

  for (const g of GROUPS) {
    test(`${g.format}: ${g.codes.join(', ')}`, () => {
      for (const code of g.codes) {
        const rule = TAX_ID_RULES[code]!
        expect(rule.code).toBe(code)
        expect(rule.format).toBe(g.format)
        expect(rule.infoKey).toBe(`cantons:tax_id_info.${code}`)
        expect(isValidTaxId(code, rule.placeholder)).toBe(true)
        expect(isValidTaxId(code, g.valid)).toBe(true)
        expect(isValidTaxId(code, g.invalid)).toBe(false)
        expect(taxIdError(code, g.valid)).toBeNull()
        expect(taxIdError(code, g.invalid)).toEqual({ key: 'cantons:invalid_format', format: g.format })
      }
    })
  }

  test('incomplete, over-long, padded and unformatted values are invalid', () => {
    expect(isValidTaxId('ZH', '123.456.78')).toBe(false)
    expect(isValidTaxId('ZH', '123.456.7890')).toBe(false)
    expect(isValidTaxId('ZH', '0123.456.789')).toBe(false)
    expect(isValidTaxId('ZH', '123456789')).toBe(false)
    expect(isValidTaxId('ZH', '')).toBe(false)
    expect(isValidTaxId('ZH', ' 123.456.789 ')).toBe(true)
  })

  test('canton code is case-insensitive; an unknown canton is never valid', () => {
    expect(isValidTaxId('zh', '123.456.789')).toBe(true)
    expect(taxIdRule('vd')?.format).toBe('XXX-XXX-XXX')
    expect(isValidTaxId('XX', '123.456.789')).toBe(false)
    expect(taxIdError('XX', '123.456.789')).toEqual({ key: 'cantons:invalid_format', format: '' })
    expect(taxIdRule('toString')).toBeUndefined()
  })
})

describe('formatTaxId', () => {
  test.each([
    // one canton per format group: partial, complete, letters stripped, over-long capped
    ['AG', '1234', '1234'],
    ['AG', '12345', '1234.5'],
    ['AG', '1234567890', '1234.5678.90'],
    ['AG', 'ab12cd34.56-78 90', '1234.5678.90'],
    ['AG', '123456789012345', '1234.5678.90'],
    ['ZH', '123', '123'],
    ['ZH', '1234567', '123.456.7'],
    ['ZH', '123456789', '123.456.789'],
    ['ZH', 'CHE-123x456y789', '123.456.789'],
    ['ZH', '1234567890123', '123.456.789'],
    ['VD', '1234', '123-4'],
    ['VD', '123456789', '123-456-789'],
    ['VD', '12a3-45b6', '123-456'],
    ['VD', '99999999999', '999-999-999'],
    ['JU', '123456', '123-456'],
    ['JU', '12345678', '123-456-78'],
    ['JU', 'x1x2x3x4x5x6x7x8x', '123-456-78'],
    ['JU', '123456789', '123-456-78'],
    ['BS', '12345', '123.45'],
    ['BS', '12345678', '123.456.78'],
    ['BS', 'a1.b2.c3.d4', '123.4'],
    ['BS', '123456789', '123.456.78'],
    ['zh', '1234', '123.4'],
    ['ZH', '', ''],
    ['ZH', 'abc', ''],
  ])('%s %p → %p', (code, input, expected) => {
    expect(formatTaxId(code, input)).toBe(expected)
  })

  test('formatting a formatted value changes nothing, and the result is valid once complete', () => {
    for (const rule of Object.values(TAX_ID_RULES)) {
      expect(formatTaxId(rule.code, rule.placeholder)).toBe(rule.placeholder)
      expect(isValidTaxId(rule.code, formatTaxId(rule.code, rule.placeholder.replace(/\D/g, '')))).toBe(true)
    }
  })

  test('an unknown canton leaves the input alone', () => {
    expect(formatTaxId('XX', '12a')).toBe('12a')
  })
})

describe('flags', () => {
  test('every imagePath has a file under assets/', () => {
    for (const c of CANTONS) expect(existsSync(join(ASSETS, c.imagePath))).toBe(true)
  })

  test('every flag is a small, well-formed svg with a viewBox and the canton name as title', () => {
    const files = readdirSync(join(ASSETS, 'cantons')).filter((f) => f.endsWith('.svg'))
    expect(files).toHaveLength(26)
    for (const c of CANTONS) {
      const svg = readFileSync(join(ASSETS, c.imagePath), 'utf8')
      expect(svg.length).toBeLessThan(2048)
      expect(svg).toMatch(/^<svg\b[^>]*\bxmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*\bviewBox="0 0 32 32"/)
      expect(svg.trim()).toEndWith('</svg>')
      expect(svg).toContain(`<title>${c.name}</title>`)
      // Tags balance: every opened element is closed, in order.
      const stack: string[] = []
      for (const [, close, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)\b[^>]*?(\/?)>/g)) {
        if (selfClosing) continue
        if (close) expect(stack.pop()).toBe(name)
        else stack.push(name!)
      }
      expect(stack).toEqual([])
    }
  })
})

describe('cantons locale files', () => {
  const keysOf = (obj: Record<string, unknown>, prefix = ''): string[] =>
    Object.entries(obj).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
    )
  const load = (lng: string) => JSON.parse(readFileSync(join(LOCALES, lng, 'cantons.json'), 'utf8'))
  const en = load('en')

  test('en has an info text for every canton and the error text takes {{format}}', () => {
    expect(Object.keys(en.tax_id_info).sort()).toEqual(CANTONS.map((c) => c.code))
    expect(en.invalid_format).toContain('{{format}}')
  })

  test.each(['de', 'fr', 'it', 'gsw', 'zh'])('%s has exactly the keys of en, all filled', (lng) => {
    const other = load(lng)
    expect(keysOf(other).sort()).toEqual(keysOf(en).sort())
    for (const key of keysOf(other)) {
      const value = key.split('.').reduce((o, k) => o[k], other)
      expect(typeof value === 'string' && value.length > 0).toBe(true)
    }
    expect(other.invalid_format).toContain('{{format}}')
  })

  test('Swiss texts never use ß', () => {
    for (const lng of ['de', 'gsw']) expect(readFileSync(join(LOCALES, lng, 'cantons.json'), 'utf8')).not.toContain('ß')
  })
})
