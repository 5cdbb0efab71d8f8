// The arrows of the architecture (README "Layout", issue 9), checked over the
// import graph of src/ so that breaking one fails `bun test src`:
// - src/shared imports no framework and neither side;
// - src/client imports server code only with `import type` (the Eden App type);
// - a server area never imports another area's routes (its index.ts): only app.ts mounts them;
// - a server area never writes another area's table: each table belongs to the area its
//   schema file is named after (db/schema/<area>.ts), drizzle or raw SQL alike.
// The checker is plain functions over { path: source }, so the last tests feed it a
// synthetic graph with one broken arrow of each kind and expect it to say so.
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'

type Sources = Record<string, string>

/** Frameworks and platforms src/shared must not depend on: it runs on both sides, pure. */
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
/** Server folders that are not areas: shared infrastructure every area may use. */
const NOT_AREAS = new Set(['infra', 'http', 'db', 'cli', 'static'])
const isTestFile = (path: string) => /\.test\.tsx?$|test-fixtures\.ts$|test-helpers\.ts$/.test(path)

interface Import {
  spec: string
  typeOnly: boolean
}

/** Static imports and re-exports, and dynamic import('…'), of one source. */
function importsOf(source: string): Import[] {
  const out: Import[] = []
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const named = m[3] ?? ''
    // `import { type A, type B }` is type-only too.
    const allTypes =
      /^\{[^}]*\}$/.test(named.trim()) &&
      named
        .replace(/[{}\s]/g, '')
        .split(',')
        .filter(Boolean)
        .every((n) => n.startsWith('type'))
    out.push({ spec: m[4]!, typeOnly: Boolean(m[2]) || allTypes })
  }
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[1]!, typeOnly: false })
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1]!, typeOnly: false })
  return out
}

/** The file a relative import names, as a path in the sources ('' for packages). */
function resolve(from: string, spec: string, sources: Sources): string {
  if (!spec.startsWith('.')) return ''
  const base = posix.normalize(posix.join(posix.dirname(from), spec))
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (candidate in sources) return candidate
  return base
}

const areaOf = (path: string) => {
  const m = /^src\/server\/([^/]+)\//.exec(path)
  return m && !NOT_AREAS.has(m[1]!) ? m[1]! : null
}

/** Table variable and SQL name → owning area, from db/schema/<owner>.ts. */
function tableOwners(sources: Sources) {
  const byVariable = new Map<string, string>()
  const byName = new Map<string, string>()
  for (const [path, source] of Object.entries(sources)) {
    const m = /^src\/server\/db\/schema\/([^/]+)\.ts$/.exec(path)
    if (!m || m[1] === 'index') continue
    for (const t of source.matchAll(/export const (\w+) = sqliteTable\(\s*'(\w+)'/g)) {
      byVariable.set(t[1]!, m[1]!)
      byName.set(t[2]!, m[1]!)
    }
  }
  return { byVariable, byName }
}

/** Every broken arrow, as one readable line each. */
export function violations(sources: Sources): string[] {
  const found: string[] = []
  const owners = tableOwners(sources)
  for (const [path, source] of Object.entries(sources)) {
    const imports = importsOf(source)
    if (path.startsWith('src/shared/') && !isTestFile(path)) {
      for (const i of imports) {
        const target = resolve(path, i.spec, sources)
        if (FRAMEWORKS.test(i.spec)) found.push(`${path}: shared imports the framework '${i.spec}'`)
        if (target.startsWith('src/server/') || target.startsWith('src/client/'))
          found.push(`${path}: shared imports a side (${target})`)
      }
    }
    if (path.startsWith('src/client/')) {
      for (const i of imports) {
        const target = resolve(path, i.spec, sources)
        if (target.startsWith('src/server/') && !i.typeOnly)
          found.push(`${path}: the client imports server code without 'import type' (${target})`)
      }
    }
    const area = areaOf(path)
    if (area && !isTestFile(path)) {
      for (const i of imports) {
        const target = resolve(path, i.spec, sources)
        const targetArea = areaOf(target)
        if (targetArea && targetArea !== area && /\/index\.tsx?$/.test(target))
          found.push(`${path}: area '${area}' imports the routes of '${targetArea}' (${target})`)
      }
    }
    if (path.startsWith('src/server/') && !path.startsWith('src/server/db/') && !isTestFile(path)) {
      const writer = area ?? (/^src\/server\/infra\//.test(path) ? 'infra' : null)
      if (!writer) continue
      for (const w of source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
        const owner = owners.byVariable.get(w[2]!)
        if (owner && owner !== writer)
          found.push(`${path}: '${writer}' writes '${w[2]}' (${w[1]}), a table of '${owner}'`)
      }
      for (const w of source.matchAll(/\b(INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)/g)) {
        const owner = owners.byName.get(w[2]!)
        if (owner && owner !== writer) found.push(`${path}: '${writer}' writes '${w[2]}' in SQL, a table of '${owner}'`)
      }
    }
  }
  return found
}

function readSources(dir: string, out: Sources = {}): Sources {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) readSources(path, out)
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts'))
      out[path.split('\\').join('/')] = readFileSync(path, 'utf8')
  }
  return out
}

describe('architecture: the arrows of the import graph hold', () => {
  test('src/ breaks none of them', () => {
    const sources = readSources('src')
    expect(Object.keys(sources).length).toBeGreaterThan(100)
    expect(violations(sources)).toEqual([])
  })
})

describe('architecture: the checker finds each kind of broken arrow (synthetic graph)', () => {
  const base: Sources = {
    'src/server/db/schema/users.ts': "export const users = sqliteTable('users', {})",
    'src/server/db/schema/documents.ts': "export const files = sqliteTable('files', {})",
    'src/server/users/index.ts': "import { Elysia } from 'elysia'\nexport const userRoutes = () => new Elysia()",
    'src/server/users/service.ts':
      "import { users } from '../db/schema'\nexport const rename = (db) => db.update(users).set({}).run()",
    'src/server/documents/service.ts':
      "import { files } from '../db/schema'\nexport const add = (db) => db.insert(files).values({}).run()",
    'src/server/app.ts': "import { userRoutes } from './users/index'",
    'src/shared/rules.ts': 'export const rule = 1',
    'src/client/api.ts':
      "import type { App } from '../server/app'\nimport { type Other } from '../server/users/service'",
  }

  test('the well-formed graph passes', () => {
    expect(violations(base)).toEqual([])
  })

  const broken: [string, Sources, RegExp][] = [
    [
      'shared importing a framework',
      { 'src/shared/rules.ts': "import { t } from 'elysia'" },
      /shared imports the framework 'elysia'/,
    ],
    [
      'shared importing a side',
      { 'src/shared/rules.ts': "import { x } from '../client/api'" },
      /shared imports a side/,
    ],
    [
      'the client importing server code for real',
      { 'src/client/api.ts': "import { rename } from '../server/users/service'" },
      /without 'import type'/,
    ],
    [
      "an area importing another area's routes",
      { 'src/server/documents/service.ts': "import { userRoutes } from '../users/index'" },
      /area 'documents' imports the routes of 'users'/,
    ],
    [
      "an area writing another area's table (drizzle)",
      {
        'src/server/documents/service.ts':
          "import { users } from '../db/schema'\nconst f = (tx) => tx.delete(users).run()",
      },
      /'documents' writes 'users' \(delete\), a table of 'users'/,
    ],
    [
      "an area writing another area's table (SQL)",
      { 'src/server/documents/service.ts': "const f = (db) => db.query('UPDATE users SET role = ?')" },
      /'documents' writes 'users' in SQL/,
    ],
  ]
  for (const [name, change, expected] of broken) {
    test(`fails on ${name}`, () => {
      const found = violations({ ...base, ...change })
      expect(found).toHaveLength(1)
      expect(found[0]).toMatch(expected)
    })
  }
})
