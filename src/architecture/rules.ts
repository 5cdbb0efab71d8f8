// The architecture's rules, written down once; src/architecture.test.ts checks them over the code
// (read by read-code.ts) and over the violation fixtures of src/architecture-fixtures/.
import type { LongUnit } from './long-units'
import type { Import, TableUse } from './read-code'
import type { SqliteOnlyUse } from './portable'

/**
 * The rank of the server's units, lowest first: a unit imports only units ranked below it.
 * Decided from what the code really calls: every area reads people through users; the sender of
 * client mail is used by messages and by the status moves; tax-status decides from the documents;
 * recognition reads the documents' blobs; the dossier and the expert's workspace read nearly
 * everything; the account view sums up a person's year; the person's rights (export, erasure) gather and remove
 * what every area holds of them. `platform` is what every area may use
 * (the request context, settings, keys, log, infra/, http/, db/); `composition` wires the areas
 * together (app.ts, main.ts, boot.ts, backfill.ts, wiring.ts, cli/) and may import any of them.
 */
export const RANK = [
  'shared',
  'platform',
  'address',
  'cantons',
  'static',
  'health',
  'users',
  'auth',
  'dev',
  'notifications',
  'client-mail',
  'documents',
  // A message may carry a document (issue 25): messages read the documents area's files, and plans read messages.
  'messages',
  'plans',
  'recognition',
  'tax-status',
  'declarations',
  'advanced',
  'rights',
  'dossier',
  'admin',
  'account',
  'composition',
] as const

/** Top-level files of src/server that are platform (everything may import them), not composition. */
const PLATFORM_FILES = new Set(['config.ts', 'context.ts', 'keys.ts', 'log.ts', 'data-lock.ts'])
const PLATFORM_DIRS = new Set(['infra', 'http', 'db'])

/** Tables made in SQL only (no drizzle schema), with their owner. */
export const SQL_ONLY_TABLES: Record<string, string> = { users_search: 'users' }

/** Packages and platforms src/shared must not depend on: it runs on both sides, pure. */
const FRAMEWORKS = new RegExp(
  `^(${[
    'elysia',
    '@elysiajs/',
    'react',
    'react-dom',
    'jotai',
    'wouter',
    'i18next',
    'react-i18next',
    '@tanstack/',
    'drizzle-orm',
    'bun:',
    'node:',
    'nodemailer',
    'playwright',
  ].join('|')})`,
)

/**
 * Files that are SQLite by design and may use what only SQLite has: the SQLite backend, db/ (the SQLite schema,
 * its migrations and migrator), the data folder's lock file, and an area's SQLite implementation of one of its
 * interfaces, named `*-sqlite.ts` (users/search-sqlite.ts beside search-postgres.ts). Everything else in
 * src/server runs on both databases.
 */
export const isSqliteOnlyFile = (path: string) =>
  path === 'src/server/infra/backend/sqlite.ts' ||
  path.startsWith('src/server/db/') ||
  path === 'src/server/data-lock.ts' ||
  /-sqlite\.tsx?$/.test(path)

/** Tests and their helpers may reach anywhere; the checks are about the running code. */
export const isTest = (path: string) =>
  /\.test\.tsx?$|(^|\/)test-fixtures\.ts$|(^|\/)test-helpers\.ts$|\/fixtures\//.test(path)

/** The unit a path belongs to: 'shared', 'client', 'platform', an area, 'composition', or null. */
export function unitOf(path: string): string | null {
  if (path.startsWith('src/shared/')) return 'shared'
  if (path.startsWith('src/client/')) return 'client'
  if (!path.startsWith('src/server/')) return null
  const rest = path.slice('src/server/'.length)
  const dir = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : null
  if (dir === null) return PLATFORM_FILES.has(rest) ? 'platform' : 'composition'
  if (PLATFORM_DIRS.has(dir)) return 'platform'
  return dir === 'cli' ? 'composition' : dir
}

const rankOf = (unit: string) => (RANK as readonly string[]).indexOf(unit)

/** An area's Elysia plugin: its index.ts or a *-routes.ts beside it. */
const isRoutes = (path: string) => /^src\/server\/[^/]+\/(index\.tsx?|[^/]+-routes\.tsx?)$/.test(path)

/** The area that owns a table: the one its schema file is named after (db/schema/<area>.ts). */
function ownerOf(table: string, definedIn: ReadonlyMap<string, string>): string | undefined {
  const file = definedIn.get(table)
  const m = file ? /^src\/server\/db\/schema\/([^/]+)\.ts$/.exec(file) : null
  if (m) return m[1] === 'infra' ? 'platform' : m[1]
  return SQL_ONLY_TABLES[table]
}

export interface CodeFacts {
  imports: Import[]
  uses: TableUse[]
  /** drizzle's SQLite-only calls and SQLite-only SQL (portable.ts), per file. */
  sqliteOnly: SqliteOnlyUse[]
  /** SQL table name → the file that declares it. */
  tables: ReadonlyMap<string, string>
  /** Function bodies over MAX_LINES lines in the running code (long-units.ts). */
  long?: readonly LongUnit[]
}

/** Every broken rule, one line each; a line names the file and what it reaches (file → file). */
export function violations(code: CodeFacts): string[] {
  const found = new Set<string>()
  for (const { from, to, typeOnly } of code.imports) {
    if (isTest(from)) continue
    const unit = unitOf(from)
    const target = unitOf(to)
    if (unit === 'shared') {
      if (FRAMEWORKS.test(to)) found.add(`${from}: shared imports the framework '${to}'`)
      if (target && target !== 'shared') found.add(`${from} → ${to}: shared imports a side`)
      continue
    }
    if (unit === 'client') {
      if (target && target !== 'client' && target !== 'shared' && !typeOnly)
        found.add(`${from} → ${to}: the client imports server code without 'import type'`)
      continue
    }
    if (!unit || !target || target === unit || target === 'client') continue
    if (rankOf(unit) < 0) found.add(`${from}: '${unit}' is not in the rank of areas`)
    else if (rankOf(target) >= rankOf(unit)) found.add(`${from} → ${to}: ${unit} ranks below ${target}`)
    if (isRoutes(to) && rankOf(target) > rankOf('platform') && unit !== 'composition')
      found.add(`${from} → ${to}: ${unit} imports the routes of ${target}`)
  }
  for (const { file, table, write } of code.uses) {
    const unit = unitOf(file)
    if (isTest(file) || !unit || file.startsWith('src/server/db/')) continue
    const owner = ownerOf(table, code.tables)
    if (owner && owner !== unit) found.add(`${file} ${write ? 'writes' : 'reads'} ${table}, a table of ${owner}`)
  }
  for (const { file, what } of code.sqliteOnly)
    if (!isSqliteOnlyFile(file)) found.add(`${file}: ${what} is SQLite-only (docs/storage.md, "Portable SQL")`)
  for (const u of code.long ?? [])
    if (u.reason === undefined)
      found.add(`${u.file}:${u.line} ${u.name} is ${u.lines} lines long, without a '// long: <reason>' line before it`)
  return [...found].sort()
}

/** The violations not known yet, and the known ones that are gone (the list only shrinks). */
export function verdict(code: CodeFacts, known: readonly string[]) {
  const found = violations(code)
  return {
    unknown: found.filter((v) => !known.includes(v)),
    gone: known.filter((k) => !found.includes(k)),
  }
}
