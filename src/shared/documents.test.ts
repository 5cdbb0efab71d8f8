import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import {
  categoryKey,
  checklistPercent,
  DOCUMENT_CATEGORIES,
  extensionOf,
  formatBytes,
  formatMegabytes,
  isAllowedExtension,
} from './documents'
import { REQUIRED_CATEGORY_IDS } from './tax-status'

test('the category table is docs/documents.md: ids 1–5 and 10–38, the six required ones in main', () => {
  const ids = DOCUMENT_CATEGORIES.map((c) => c.id).sort((a, b) => a - b)
  expect(ids).toEqual([1, 2, 3, 4, 5, ...Array.from({ length: 29 }, (_, i) => i + 10)])
  expect(
    DOCUMENT_CATEGORIES.filter((c) => c.section === 'main')
      .map((c) => c.id)
      .sort((a, b) => a - b),
  ).toEqual([...REQUIRED_CATEGORY_IDS])
  expect(new Set(DOCUMENT_CATEGORIES.map((c) => c.key)).size).toBe(DOCUMENT_CATEGORIES.length)
})

test(
  'every category has a name in the English locale file, the one list of names (the other languages follow it, ' +
    'locales.test.ts)',
  () => {
    const en = JSON.parse(readFileSync('locales/en/documents.json', 'utf8'))
    expect(
      Object.keys(en.category)
        .map((k) => `category.${k}`)
        .sort(),
    ).toEqual(DOCUMENT_CATEGORIES.map(categoryKey).sort())
    expect(en.category.salary_statement).toBe('Salary Statement')
  },
)

test('extensions: case-insensitive, last dot, no dot means none', () => {
  expect(extensionOf('Scan.PDF')).toBe('pdf')
  expect(extensionOf('archive.tar.gz')).toBe('gz')
  expect(extensionOf('.pdf')).toBe('')
  expect(['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.doc', 'f.docx', 'g.txt'].every(isAllowedExtension)).toBe(true)
  expect(['a.exe', 'b.pdf.exe', 'c', 'd.html', 'e.svg'].some(isAllowedExtension)).toBe(false)
})

test('checklist percent is covered/6 rounded; sizes are MB with two decimals', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map((n) => checklistPercent(n))).toEqual([0, 17, 33, 50, 67, 83, 100])
  expect(formatMegabytes(1024 * 1024 * 1.234)).toBe('1.23 MB')
  expect(formatMegabytes(312)).toBe('0.00 MB')
})

test('sizes in the other views: B, KB, MB, GB or TB (spec part 1 §9)', () => {
  expect(formatBytes(0)).toBe('0 B')
  expect(formatBytes(1023)).toBe('1023 B')
  expect(formatBytes(1536)).toBe('1.5 KB')
  expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB')
  expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB')
  expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB')
})
