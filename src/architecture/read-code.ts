// What the architecture test needs to know of the code, read from syntax trees: which file
// imports which (static, dynamic, re-exports, type-only or not) and which table each file reads
// or writes, following bindings as the language does: `import { users as u }`, `import * as s`
// then `s.users`, `export { users as people } from …`, `export *`, `const t = users`. Raw SQL is
// read from every string and template (any case, quoted names, drizzle `sql` templates whose
// `${table}` stands for the table's name).
import { posix } from 'node:path'
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast'
import { type SqliteOnlyUse, sqliteOnlyUses } from './portable'
import { isTest } from './rules'

export interface Import {
  from: string
  /** A path among the sources (or the path it would have), or a package name. */
  to: string
  typeOnly: boolean
}

export interface TableUse {
  file: string
  table: string
  write: boolean
}

interface Table {
  table: string
}
interface Namespace {
  namespaceOf: string
}
type Target = Table | Namespace | undefined

interface Binding {
  /** Resolved module path. */
  file: string
  /** The exported name, or '*' for the whole module. */
  name: string
}

interface ModuleFacts {
  imports: Import[]
  /** Local name → what an import brings in. */
  importBindings: Map<string, Binding>
  /** Exported name → local name (`export const x`, `export { a as x }`). */
  localExports: Map<string, string>
  /** Exported name → another module's export (`export { a as x } from`, `export * as x from`). */
  reExports: Map<string, Binding>
  starExports: string[]
  /** Tables declared here: local name → SQL name (`const users = sqliteTable('users', …)`). */
  tables: Map<string, string>
  /** `const t = <expression>`: local name → the expression, to follow aliases. */
  aliases: Map<string, Node>
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** The source a module specifier names, as a path among `paths`; a package name stays as it is. */
export function resolveSpecifier(from: string, spec: string, paths: ReadonlySet<string>): string {
  if (!spec.startsWith('.')) return spec
  const base = posix.normalize(posix.join(posix.dirname(from), spec))
  for (const suffix of CANDIDATES) if (paths.has(base + suffix)) return base + suffix
  return base
}

const textOf = (node: Node | undefined): string | undefined =>
  node && (node.kind === SyntaxKind.Identifier || node.kind === SyntaxKind.StringLiteral)
    ? (node as unknown as { text: string }).text
    : undefined

// The syntax tree's nodes are typed per kind; this module reads a handful of fields from them.
// biome-ignore lint/suspicious/noExplicitAny: a syntax node's fields, read by kind
type Any = any

function moduleFacts(path: string, tree: SourceFile, paths: ReadonlySet<string>): ModuleFacts {
  const facts: ModuleFacts = {
    imports: [],
    importBindings: new Map(),
    localExports: new Map(),
    reExports: new Map(),
    starExports: [],
    tables: new Map(),
    aliases: new Map(),
  }
  const target = (spec: string) => resolveSpecifier(path, spec, paths)
  const isExported = (n: Any) => (n.modifiers ?? []).some((m: Node) => m.kind === SyntaxKind.ExportKeyword)

  const visit = (node: Node): void => {
    const n = node as Any
    if (node.kind === SyntaxKind.ImportDeclaration) {
      const to = target(n.moduleSpecifier.text)
      const clause = n.importClause
      const named = clause?.namedBindings?.elements as Any[] | undefined
      const typeOnly =
        clause?.phaseModifier === SyntaxKind.TypeKeyword ||
        (!!named && !clause.name && named.length > 0 && named.every((e) => e.isTypeOnly))
      facts.imports.push({ from: path, to, typeOnly })
      if (clause?.name) facts.importBindings.set(clause.name.text, { file: to, name: 'default' })
      if (clause?.namedBindings?.kind === SyntaxKind.NamespaceImport)
        facts.importBindings.set(clause.namedBindings.name.text, { file: to, name: '*' })
      for (const e of named ?? [])
        facts.importBindings.set(e.name.text, { file: to, name: textOf(e.propertyName) ?? e.name.text })
      return
    }
    if (node.kind === SyntaxKind.ExportDeclaration) {
      const clause = n.exportClause
      const elements = (clause?.elements ?? []) as Any[]
      if (n.moduleSpecifier) {
        const to = target(n.moduleSpecifier.text)
        const typeOnly = n.isTypeOnly || (elements.length > 0 && elements.every((e) => e.isTypeOnly))
        facts.imports.push({ from: path, to, typeOnly })
        if (!clause) facts.starExports.push(to)
        else if (clause.kind === SyntaxKind.NamespaceExport)
          facts.reExports.set(textOf(clause.name)!, { file: to, name: '*' })
        for (const e of elements)
          facts.reExports.set(textOf(e.name)!, { file: to, name: textOf(e.propertyName) ?? textOf(e.name)! })
      } else {
        for (const e of elements) facts.localExports.set(textOf(e.name)!, textOf(e.propertyName) ?? textOf(e.name)!)
      }
      return
    }
    if (node.kind === SyntaxKind.CallExpression && n.expression.kind === SyntaxKind.ImportKeyword) {
      const spec = n.arguments[0]
      if (spec && (spec.kind === SyntaxKind.StringLiteral || spec.kind === SyntaxKind.NoSubstitutionTemplateLiteral))
        facts.imports.push({ from: path, to: target(spec.text), typeOnly: false })
    }
    if (node.kind === SyntaxKind.ImportType) {
      const literal = n.argument?.literal
      if (literal?.kind === SyntaxKind.StringLiteral)
        facts.imports.push({ from: path, to: target(literal.text), typeOnly: true })
    }
    if (node.kind === SyntaxKind.VariableStatement && isExported(n))
      for (const d of n.declarationList.declarations as Any[])
        if (d.name.kind === SyntaxKind.Identifier) facts.localExports.set(d.name.text, d.name.text)
    if (node.kind === SyntaxKind.VariableDeclaration && n.name.kind === SyntaxKind.Identifier && n.initializer) {
      const init = unwrap(n.initializer)
      const tableName = sqliteTableName(init)
      if (tableName) facts.tables.set(n.name.text, tableName)
      else if (init.kind === SyntaxKind.Identifier || init.kind === SyntaxKind.PropertyAccessExpression)
        facts.aliases.set(n.name.text, init)
    }
    if (
      (node.kind === SyntaxKind.FunctionDeclaration || node.kind === SyntaxKind.ClassDeclaration) &&
      isExported(n) &&
      n.name
    )
      facts.localExports.set(n.name.text, n.name.text)
    node.forEachChild(visit)
  }
  tree.forEachChild(visit)
  return facts
}

/** `sqliteTable('users', …)` → 'users'. */
function sqliteTableName(node: Node): string | undefined {
  const n = node as Any
  if (node.kind !== SyntaxKind.CallExpression) return undefined
  if (textOf(n.expression) !== 'sqliteTable') return undefined
  return textOf(n.arguments[0])
}

/** Parentheses, `as`, `!` and `satisfies` change nothing about which table an expression is. */
function unwrap(node: Node): Node {
  let n = node as Any
  while (
    n.kind === SyntaxKind.ParenthesizedExpression ||
    n.kind === SyntaxKind.AsExpression ||
    n.kind === SyntaxKind.NonNullExpression ||
    n.kind === SyntaxKind.SatisfiesExpression
  )
    n = n.expression
  return n
}

const WRITES =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"'[]?(\w+)/gi
const READS = /\b(?:from|join)\s+[`"'[]?(\w+)/gi

/** Reads the code of `sources` (path → syntax tree). */
export function readCode(sources: ReadonlyMap<string, SourceFile>, sqlOnlyTables: Iterable<string> = []) {
  const paths = new Set(sources.keys())
  const modules = new Map<string, ModuleFacts>()
  for (const [path, tree] of sources) modules.set(path, moduleFacts(path, tree, paths))
  const sqlNames = new Set<string>(sqlOnlyTables)
  for (const m of modules.values()) for (const name of m.tables.values()) sqlNames.add(name)

  const resolveExpression = resolverOf(modules)
  const uses = tableUses(sources, sqlNames, resolveExpression)

  const tables = new Map<string, string>()
  for (const [path, m] of modules) for (const name of m.tables.values()) tables.set(name, path)
  const sqliteOnly: SqliteOnlyUse[] = []
  for (const [path, tree] of sources)
    if (path.startsWith('src/server/')) sqliteOnly.push(...sqliteOnlyUses(path, tree, !isTest(path)))
  return { imports: [...modules.values()].flatMap((m) => m.imports), uses, tables, sqliteOnly }
}

type Resolve = (file: string, node: Node, seen: Set<string>) => Target

/** What an expression of a file stands for (a table, a namespace), following imports, re-exports and aliases. */
function resolverOf(modules: ReadonlyMap<string, ModuleFacts>): Resolve {
  const resolveExport = (file: string, name: string, seen: Set<string>): Target => {
    const key = `${file}#${name}`
    if (seen.has(key)) return undefined
    seen.add(key)
    const m = modules.get(file)
    if (!m) return undefined
    if (name === '*') return { namespaceOf: file }
    const local = m.localExports.get(name)
    if (local !== undefined) return resolveLocal(file, local, seen)
    const re = m.reExports.get(name)
    if (re) return resolveExport(re.file, re.name, seen)
    for (const star of m.starExports) {
      const found = resolveExport(star, name, seen)
      if (found) return found
    }
    return undefined
  }
  const resolveLocal = (file: string, name: string, seen: Set<string>): Target => {
    const m = modules.get(file)!
    const table = m.tables.get(name)
    if (table) return { table }
    const binding = m.importBindings.get(name)
    if (binding) return resolveExport(binding.file, binding.name, seen)
    const alias = m.aliases.get(name)
    if (alias && !seen.has(`${file}@${name}`)) {
      seen.add(`${file}@${name}`)
      return resolveExpression(file, alias, seen)
    }
    return undefined
  }
  const resolveExpression = (file: string, node: Node, seen: Set<string>): Target => {
    const n = unwrap(node) as Any
    if (n.kind === SyntaxKind.Identifier) return resolveLocal(file, n.text, seen)
    if (n.kind === SyntaxKind.PropertyAccessExpression) {
      const left = resolveExpression(file, n.expression, seen)
      if (left && 'namespaceOf' in left) return resolveExport(left.namespaceOf, n.name.text, seen)
      // `users.id`: a column reads its table.
      if (left && 'table' in left) return left
    }
    return undefined
  }

  return resolveExpression
}

/** Which tables each file reads or writes: through drizzle (the table as a write's first argument) or in SQL. */
function tableUses(
  sources: ReadonlyMap<string, SourceFile>,
  sqlNames: ReadonlySet<string>,
  resolveExpression: Resolve,
) {
  const uses: TableUse[] = []
  for (const [path, tree] of sources) {
    const found = new Map<string, boolean>()
    const use = (table: string, write: boolean) => found.set(table, (found.get(table) ?? false) || write)
    const sqlText = (node: Any): string => {
      if (node.kind !== SyntaxKind.TemplateExpression) return node.text
      let text = node.head.text
      for (const span of node.templateSpans as Any[]) {
        const t = resolveExpression(path, span.expression, new Set())
        text += (t && 'table' in t ? t.table : '?') + span.literal.text
      }
      return text
    }
    const visit = (node: Node): void => {
      const n = node as Any
      if (node.kind === SyntaxKind.ImportDeclaration || node.kind === SyntaxKind.ExportDeclaration) return
      if (node.kind >= SyntaxKind.FirstTypeNode && node.kind <= SyntaxKind.LastTypeNode) return
      if (
        node.kind === SyntaxKind.StringLiteral ||
        node.kind === SyntaxKind.NoSubstitutionTemplateLiteral ||
        node.kind === SyntaxKind.TemplateExpression
      ) {
        const text = sqlText(n)
        for (const m of text.matchAll(WRITES)) if (sqlNames.has(m[1]!)) use(m[1]!, true)
        for (const m of text.matchAll(READS)) if (sqlNames.has(m[1]!)) use(m[1]!, false)
      }
      if (node.kind === SyntaxKind.Identifier || node.kind === SyntaxKind.PropertyAccessExpression) {
        const t = resolveExpression(path, node, new Set())
        if (t && 'table' in t) {
          use(t.table, isWritten(node))
          return
        }
        if (node.kind === SyntaxKind.PropertyAccessExpression) {
          visit(n.expression)
          return
        }
      }
      // Names that declare something, and property names, are not uses.
      if (node.kind === SyntaxKind.VariableDeclaration) {
        if (n.initializer) visit(n.initializer)
        return
      }
      if (node.kind === SyntaxKind.PropertyAssignment) {
        visit(n.initializer)
        return
      }
      node.forEachChild(visit)
    }
    tree.forEachChild(visit)
    for (const [table, write] of found) uses.push({ file: path, table, write })
  }

  return uses
}

/** `db.insert(t)`, `tx.update(t)`, `db.delete(t)`: the table is the first argument of a write. */
function isWritten(node: Node): boolean {
  let child = node
  let parent = node.parent as Any
  while (
    parent &&
    (parent.kind === SyntaxKind.ParenthesizedExpression ||
      parent.kind === SyntaxKind.AsExpression ||
      parent.kind === SyntaxKind.NonNullExpression ||
      parent.kind === SyntaxKind.SatisfiesExpression)
  ) {
    child = parent
    parent = parent.parent
  }
  if (!parent || parent.kind !== SyntaxKind.CallExpression || parent.arguments[0] !== child) return false
  const callee = parent.expression
  return (
    callee.kind === SyntaxKind.PropertyAccessExpression && ['insert', 'update', 'delete'].includes(callee.name.text)
  )
}
