// The architecture's arrows (README "Layout", issues 9 and 23), checked over code the TypeScript
// compiler parsed (src/architecture/): src/shared imports no framework and neither side; the client
// imports server code only with `import type`; a server unit imports only units ranked below it
// (RANK in src/architecture/rules.ts) and never another area's routes; a table is written and read
// only by the area that owns it (the one its db/schema file is named after); no function, arrow or
// method body of the running code is over 80 lines unless the line before it says why (`// long: …`).
// Each fixture of src/architecture-fixtures/ breaks one rule on a small well-formed tree (base/),
// and the checker must name exactly that break, so that the checker cannot quietly weaken.
import { beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import type { SourceFile } from 'typescript/unstable/ast'
import { longUnits, MAX_LINES } from './architecture/long-units'
import { parseFiles } from './architecture/parse'
import { readCode } from './architecture/read-code'
import { isTest, RANK, SQL_ONLY_TABLES, verdict, violations } from './architecture/rules'

/**
 * What the code breaks today, each break named, for the lead to remove while breaking the cycles
 * (issue 23). Any break not listed fails the test, and so does a listed one that is gone: delete its
 * line then, so that the list only shrinks.
 */
const KNOWN = [
  // Tables read outside their area. The experts' client list is one indexed query by design
  // (README "Layout"); the others could ask the owner's service.
  'src/server/admin/clients.ts reads files, a table of documents',
  'src/server/admin/clients.ts reads profiles, a table of users',
  'src/server/admin/clients.ts reads tax_year_status, a table of tax-status',
  'src/server/admin/clients.ts reads users, a table of users',
  'src/server/backfill.ts reads file_versions, a table of documents',
  'src/server/backfill.ts reads files, a table of documents',
  'src/server/boot.ts reads file_versions, a table of documents',
  'src/server/cli/admin.ts reads users, a table of users',
  'src/server/health/metrics.ts reads file_versions, a table of documents',
  'src/server/health/metrics.ts reads mail_outbox, a table of client-mail',
  'src/server/health/metrics.ts reads recognitions, a table of recognition',
  'src/server/infra/audit.ts reads users, a table of users',
  'src/server/infra/sessions.ts reads users, a table of users',
  'src/server/recognition/service.ts reads file_versions, a table of documents',
  // Tables written outside their area: the start's backfill queues recognition and notes it did.
  'src/server/backfill.ts writes app_meta, a table of platform',
  'src/server/backfill.ts writes recognitions, a table of recognition',
]

/** The fixtures, each with the rule it breaks; the folder must hold exactly these. */
const CASES: Record<string, string> = {
  'aliased-import-write': 'a write through `import { users as people }`',
  'namespace-import-write': 'a write through `import * as schema` and `schema.users`',
  're-export-write': 'a write through a table re-exported under another name',
  'namespace-re-export-write': 'a write through `export * as all from` and a cast',
  'const-alias-write': 'a write through `const target = users`',
  'sql-lower-case-write': "raw SQL in lower case: 'update users set …'",
  'sql-quoted-write': 'raw SQL with a quoted name: INSERT INTO "users" … ON CONFLICT',
  'sql-template-write': 'a drizzle sql template whose interpolated table is written (delete from …)',
  'sql-plain-template-write': 'a template literal over lines with a back-quoted name (in a *-sqlite.ts file)',
  'top-level-file-write': 'a write from a top-level file of src/server',
  'cli-write': 'a write from cli/',
  'table-read': "a read of another area's table through drizzle",
  'sql-read': 'a read of another area\'s table in SQL (JOIN "users")',
  'routes-import-index': "an import of another area's index.ts plugin (as a folder)",
  'routes-import-file': "an import of another area's *-routes.ts",
  'upward-import': 'users importing documents, ranked above it',
  'documents-to-tax-status': 'the old documents → tax-status import',
  'dynamic-upward-import': "an upward import('…')",
  'type-only-upward-import': 'an upward `import type` (types couple areas too)',
  're-export-upward': 'an upward `export { … } from`',
  'platform-imports-area': 'the platform (context.ts) importing an area',
  'unranked-area': 'a new area missing from the rank',
  'shared-imports-framework': 'src/shared importing react',
  'shared-imports-side': 'src/shared importing server code',
  'client-imports-server-code': "the client importing server code without 'import type'",
  // Portable queries (issue 24): nothing only SQLite understands outside the SQLite-only files (rules.ts
  // isSqliteOnlyFile); the base shows that SQLite's side of a `dialect === 'sqlite' ?` test may.
  'sqlite-only-get': "drizzle's .get() on a query",
  'sqlite-only-db-run': "drizzle's db.run(sql`…`)",
  'sqlite-only-insert-or': 'raw SQL with INSERT OR IGNORE (in lower case, spaced)',
  'sqlite-only-nocase': 'COLLATE NOCASE in a drizzle sql fragment',
  'sqlite-only-date-function': "unixepoch('now') in a template over lines",
  'sqlite-only-back-quote': 'a back-quoted name in raw SQL',
  'sqlite-only-named-param': 'a $name placeholder (the PostgreSQL backend numbers ? only)',
  'sqlite-only-wrong-branch': "SQLite's json_each on the other side of the dialect test",
  'long-function':
    'a function of 81 lines without a reason (one of 80 lines, a reasoned one, a test and generated code pass)',
  'long-callback': 'an arrow of 81 lines passed to a call, in a component',
}

const FIXTURES = 'src/architecture-fixtures'
const tsFilesUnder = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => `${dir}/${f.split('\\').join('/')}`)

const realFiles = tsFilesUnder('src').filter((f) => !f.startsWith(`${FIXTURES}/`))
const fixtureFiles = tsFilesUnder(FIXTURES)
let trees: Map<string, SourceFile>

/** A fixture tree as it would sit in src/: base/, with the case's files over it. */
function fixtureTree(name: string): Map<string, SourceFile> {
  const tree = new Map<string, SourceFile>()
  for (const dir of ['base', name]) {
    const prefix = `${FIXTURES}/${dir}/`
    for (const f of fixtureFiles) if (f.startsWith(prefix)) tree.set(`src/${f.slice(prefix.length)}`, trees.get(f)!)
  }
  return tree
}
const check = (sources: Map<string, SourceFile>) => ({
  ...readCode(sources, Object.keys(SQL_ONLY_TABLES)),
  long: longUnits(sources, isTest),
})

beforeAll(async () => {
  trees = await parseFiles('.', [...realFiles, ...fixtureFiles])
})

describe('architecture: the code', () => {
  test('breaks no rule beyond the known list, and every listed break still exists', () => {
    expect(realFiles.length).toBeGreaterThan(300)
    const { unknown, gone } = verdict(check(new Map(realFiles.map((f) => [f, trees.get(f)!]))), KNOWN)
    expect(unknown).toEqual([])
    expect(gone).toEqual([])
  })

  test('the reader sees the uses it must see (a reader that finds nothing would pass everything)', () => {
    const code = check(new Map(realFiles.map((f) => [f, trees.get(f)!])))
    const uses = new Set(code.uses.map((u) => `${u.file} ${u.write ? 'writes' : 'reads'} ${u.table}`))
    for (const expected of [
      'src/server/users/service.ts writes users', // drizzle and SQL
      'src/server/documents/upload.ts writes file_versions', // drizzle
      'src/server/auth/service.ts writes login_codes',
      // SQL only: INSERT INTO users_search(users_search) … (it reads the index in a template too; a write wins)
      'src/server/users/search-sqlite.ts writes users_search',
      'src/server/infra/sessions.ts writes sessions',
    ])
      expect(uses).toContain(expected)
  })
})

describe("architecture: the README's Layout tells the rules as they are", () => {
  const layout = readFileSync('README.md', 'utf8').split('### Layout\n')[1]!.split('\n### ')[0]!
  test('the rank, in the order of rules.ts', () => {
    const written = /The rank, lowest first\s+\(`src\/architecture\/rules\.ts`\):([^(]+)\(/.exec(layout)?.[1]
    expect(written?.split(',').map((u) => u.trim())).toEqual([...RANK])
  })
  test('every file of a known exception, by its path', () => {
    const files = [...new Set(KNOWN.map((k) => k.split(' ')[0]!))]
    expect(files.length).toBeGreaterThan(5)
    expect(files.filter((f) => !layout.includes(`\`${f}\``))).toEqual([])
  })
})

describe('architecture: long units (issue 23)', () => {
  test(`every function body over ${MAX_LINES} lines in the running code says why, and the reader finds them`, () => {
    const long = longUnits(new Map(realFiles.map((f) => [f, trees.get(f)!])), isTest)
    // A reader that finds nothing would pass everything: the route tables kept whole are long on purpose.
    expect(long.map((u) => u.name)).toContain('adminRoutes')
    expect(long.every((u) => u.lines > MAX_LINES)).toBe(true)
    expect(long.filter((u) => !u.reason).map((u) => `${u.file}:${u.line} ${u.name} (${u.lines} lines)`)).toEqual([])
  })
})

describe('architecture: the checker rejects each broken rule (src/architecture-fixtures)', () => {
  test('the folder holds exactly the listed fixtures', () => {
    const folders = readdirSync(FIXTURES).filter((d) => d !== 'base')
    expect(folders.sort()).toEqual(Object.keys(CASES).sort())
  })

  test('the reader sees the SQLite-only pieces of the SQLite-only files (they are allowed there, not unseen)', () => {
    const code = check(new Map(realFiles.map((f) => [f, trees.get(f)!])))
    const seen = new Set(code.sqliteOnly.map((u) => u.file))
    for (const file of ['src/server/infra/backend/sqlite.ts', 'src/server/users/search-sqlite.ts'])
      expect(seen).toContain(file)
  })

  test('the well-formed base passes', () => {
    expect(violations(check(fixtureTree('base')))).toEqual([])
  })

  test('a listed break that is gone fails the test', () => {
    const listed = 'src/server/users/service.ts → src/server/documents/service.ts: users ranks below documents'
    expect(verdict(check(fixtureTree('base')), [listed]).gone).toEqual([listed])
    expect(verdict(check(fixtureTree('upward-import')), [listed])).toEqual({ unknown: [], gone: [] })
  })

  for (const [name, what] of Object.entries(CASES)) {
    test(`rejects ${what} (${name})`, () => {
      const expected = readFileSync(`${FIXTURES}/${name}/expected.txt`, 'utf8').trim()
      expect(violations(check(fixtureTree(name)))).toEqual([expected])
    })
  }
})
