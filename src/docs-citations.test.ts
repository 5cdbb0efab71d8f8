// Issue 23: comments cite the design notes in docs/, which are in the repository. Every `docs/….md` a source file
// names must exist, and every link between the notes must resolve. The old citations of a DESIGN.md outside the
// repository are gone everywhere but src/server (being rewritten at the same time; the mapping is docs/README.md's).
// Every other file a comment or a note names (`users/account.ts`, `src/server/http/schemas.ts`) exists too.
import { expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, normalize } from 'node:path'

const ROOT = `${import.meta.dir}/..`
const listed = Bun.spawnSync(['git', 'ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
const sources = listed.stdout
  .toString()
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|css|scss|html)$/.test(f) && !f.startsWith('src/architecture-fixtures/'))
const text = (f: string) => (existsSync(join(ROOT, f)) ? readFileSync(join(ROOT, f), 'utf8') : '')

test('every docs/….md a source file cites exists', () => {
  expect(sources.length).toBeGreaterThan(300)
  const cited = new Set<string>()
  const missing: string[] = []
  for (const f of sources)
    for (const m of text(f).matchAll(/\bdocs\/[\w./-]+?\.md\b/g)) {
      cited.add(m[0])
      if (!existsSync(join(ROOT, m[0]))) missing.push(`${f}: ${m[0]}`)
    }
  expect(missing).toEqual([])
  // The check checks something: the code does cite the notes.
  expect(cited.size).toBeGreaterThanOrEqual(8)
})

test('no citation of the old DESIGN.md remains outside src/server', () => {
  const old = new RegExp(['DESIGN', '\\.md §'].join(''))
  expect(sources.filter((f) => !f.startsWith('src/server/') && old.test(text(f)))).toEqual([])
})

test('the notes link to notes that exist, and docs/README.md lists every note', () => {
  const notes = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))
  expect(notes.length).toBeGreaterThanOrEqual(10)
  const broken: string[] = []
  for (const note of notes)
    for (const m of text(`docs/${note}`).matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)) {
      const target = normalize(join('docs', dirname(note), m[1]!))
      if (!/^https?:/.test(m[1]!) && !existsSync(join(ROOT, target))) broken.push(`docs/${note} → ${m[1]}`)
    }
  expect(broken).toEqual([])
  const index = text('docs/README.md')
  expect(notes.filter((n) => n !== 'README.md' && !index.includes(`](${n})`))).toEqual([])
})

/**
 * Names that look like files and are not files of the repository, each with what it is. Keyed by the citing file
 * and the name, so that a new citation of the same name elsewhere is checked again.
 */
const NOT_FILES: Record<string, string> = {
  'docs/README.md: DESIGN.md': 'the old notes this file maps to the new ones',
  'docs/client.md: Pico.css': "a stylesheet's name, not a path",
  'src/server/recognition/pool.ts: file.ts': 'a command line (`bun file.ts`)',
  'src/server/rights/export.ts: manifest.json': "an entry of the export's ZIP",
}
/** Written by build.ts: the page's shell (dist/client) and the list of embedded files the executable imports. */
const BUILT = new Set(['index.html', 'dist/embedded.gen.ts'])

/**
 * The file names a text cites: in code, within comments; in a note, anywhere. A name resolves from the repository's
 * root, from the citing file's folder or one above it, or from any folder (`worker/main.ts`, `users/account.ts`:
 * an area's file named from within the area); a bare name (`schemas.ts`) must be some file's name.
 */
function unresolvedCitations(file: string, content: string, tracked: readonly string[]): string[] {
  const names = new Set(tracked.map((f) => basename(f)))
  const parts = file.endsWith('.md')
    ? [content]
    : [...content.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0])
  const out: string[] = []
  for (const part of parts)
    for (const m of part.matchAll(
      /(?<![\w@.*/-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:ts|tsx|md|json|sql|css|html|toml))\b(?!\()/g,
    )) {
      const cited = m[1]!
      if (BUILT.has(cited)) continue
      const bare = cited.replace(/^(\.{1,2}\/)+/, '')
      const resolves = cited.includes('/')
        ? existsSync(join(ROOT, cited)) ||
          existsSync(join(ROOT, normalize(join(dirname(file), cited)))) ||
          tracked.some((f) => f.endsWith(`/${bare}`))
        : names.has(cited)
      if (!resolves) out.push(`${file}: ${cited}`)
    }
  return out
}

test('every file a comment or a note names exists (or is listed with what it is)', () => {
  const tracked = listed.stdout.toString().split('\n').filter(Boolean)
  // This file is left out: its probes below cite files that do not exist, on purpose.
  const citing = sources
    .concat(tracked.filter((f) => f.endsWith('.md') && !f.startsWith('src/architecture-fixtures/')))
    .filter((f) => f !== 'src/docs-citations.test.ts')
  const found = citing.flatMap((f) => unresolvedCitations(f, text(f), tracked))
  expect(found.filter((f) => !(f in NOT_FILES))).toEqual([])
  expect(Object.keys(NOT_FILES).filter((k) => !found.includes(k))).toEqual([])
  // The check checks something: a moved file, a renamed folder, a name cited from the wrong place.
  const probe = (comment: string) => unresolvedCitations('src/server/x.ts', comment, tracked)
  expect(probe('// see users/acount.ts')).toEqual(['src/server/x.ts: users/acount.ts'])
  expect(probe('/* db/backend/sqlite.ts */')).toEqual(['src/server/x.ts: db/backend/sqlite.ts'])
  expect(probe('// schemas.tsx')).toEqual(['src/server/x.ts: schemas.tsx'])
  expect(probe('// infra/backend/sqlite.ts, http/schemas.ts, schemas.ts, r.json()')).toEqual([])
  expect(probe("const a = 'users/acount.ts'")).toEqual([])
})
