// Every offered language has every key of English, in every namespace, with the
// same {{placeholders}}; no text is empty; Swiss texts write "ss", never "ß".
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { ACTIVE_LANGUAGES } from './languages'

type Tree = { [k: string]: string | string[] | Tree }
const load = (lng: string, file: string): Tree => JSON.parse(readFileSync(`locales/${lng}/${file}`, 'utf8'))

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix + k
    if (typeof v === 'string') out.set(key, v)
    else if (Array.isArray(v)) for (const [i, s] of v.entries()) out.set(`${key}.${i}`, s)
    else for (const [kk, vv] of leaves(v, `${key}.`)) out.set(kk, vv)
  }
  return out
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()
const namespaces = readdirSync('locales/en').filter((f) => f.endsWith('.json'))

test('there are locale namespaces to check', () => {
  expect(namespaces.length).toBeGreaterThanOrEqual(5)
  expect(namespaces).toContain('common.json')
})

describe.each(namespaces)('%s', (file) => {
  const en = leaves(load('en', file))
  test.each(ACTIVE_LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys and placeholders', (lng) => {
    const other = leaves(load(lng, file))
    expect([...other.keys()].filter((k) => !en.has(k))).toEqual([])
    expect([...en.keys()].filter((k) => !other.has(k))).toEqual([])
    for (const [k, v] of en)
      expect({ key: k, vars: placeholders(other.get(k)!) }).toEqual({ key: k, vars: placeholders(v) })
  })
  test.each([...ACTIVE_LANGUAGES])('%s has no empty text', (lng) => {
    for (const [k, v] of leaves(load(lng, file)))
      expect({ key: k, empty: v.trim() === '' }).toEqual({ key: k, empty: false })
  })
  test.each(['de', 'gsw'])('%s writes ss, never ß', (lng) => {
    for (const [k, v] of leaves(load(lng, file)))
      expect({ key: k, eszett: v.includes('ß') }).toEqual({ key: k, eszett: false })
  })
})
