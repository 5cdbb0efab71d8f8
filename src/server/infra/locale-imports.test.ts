// A locale file the server reads as a file (locale-texts.ts: `with { type: 'file' }`, a path) must not also be
// imported as JSON anywhere in the server's code: the executable's split bundle makes both one module, and
// localeTexts then gets the parsed object where it expects a path (every status mail and upload failed with a 500).
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  )

test('each locale file is imported in one form only: as a file or as JSON', () => {
  const forms = new Map<string, Set<string>>()
  for (const file of [...sources(join(ROOT, 'server')), ...sources(join(ROOT, 'shared'))]) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(
      /(?:from\s*|(?<!typeof )import\()\s*'[./]*locales\/(\w+\/\w+\.json)'(\s*with\s*\{\s*type:\s*'file'\s*\})?/g,
    )) {
      const seen = forms.get(m[1]!) ?? new Set()
      seen.add(m[2] ? 'file' : 'json')
      forms.set(m[1]!, seen)
    }
  }
  expect(forms.get('en/mail.json')).toEqual(new Set(['file'])) // the reader sees locale-texts.ts's imports
  expect([...forms].filter(([, f]) => f.size > 1).map(([name]) => name)).toEqual([])
})
