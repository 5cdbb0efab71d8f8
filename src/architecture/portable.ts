// What keeps the services' queries portable between SQLite and PostgreSQL (issue 24), read from syntax trees:
// drizzle's SQLite-only calls on a query (`.get()`, `.all()`, `.run()`, `.values()`, `db.run(sql…)`) and raw SQL
// that only SQLite understands. A piece behind `….dialect === 'sqlite' ? … : …` is SQLite's branch and allowed.
// rules.ts decides which files may hold SQLite-only code (the SQLite backend, db/, `*-sqlite.ts`).
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast'

export interface SqliteOnlyUse {
  file: string
  /** What is SQLite-only, as the violation names it. */
  what: string
}

// The syntax tree's nodes are typed per kind; this module reads a handful of fields from them.
// biome-ignore lint/suspicious/noExplicitAny: a syntax node's fields, read by kind
type Any = any

/** drizzle's SQLite drivers run a query with these; every dialect's builder is awaited instead. */
const SQLITE_RUNNERS = new Set(['get', 'all', 'run', 'values'])
/** Calls that make a chain a drizzle query. */
const BUILDERS = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'from', 'where', 'returning'])

/** SQL only SQLite understands, looked for in every string and template. */
const ANYWHERE: [RegExp, string][] = [
  [/\binsert\s+or\s+(?:ignore|replace|abort|fail|rollback)\b/i, 'INSERT OR …'],
  [/\bcollate\s+nocase\b/i, 'COLLATE NOCASE'],
  [/\bifnull\s*\(/i, 'IFNULL (use COALESCE)'],
  [/\bgroup_concat\s*\(/i, 'GROUP_CONCAT'],
  [/\b(?:unixepoch|strftime|julianday|datetime)\s*\(/i, "SQLite's date functions (compute the time with ctx.now())"],
  [/\bjson_(?:each|extract|group_array|group_object)\s*\(/i, "SQLite's JSON functions"],
  [/\bsqlite_(?:master|schema)\b/i, 'sqlite_master'],
]
/** Looked for only in strings that read as SQL: elsewhere these are ordinary text. */
const IN_SQL: [RegExp, string][] = [
  [/`/, 'a back-quoted name (use double quotes)'],
  [/\breplace\s+into\b/i, 'REPLACE INTO'],
  [/\browid\b/i, 'rowid (use the primary key)'],
  [/^\s*pragma\b/i, 'PRAGMA'],
  [/\?\d/, 'a numbered placeholder ?N (use ?)'],
  [/(?<![:\w])[$:@][A-Za-z_]\w*/, 'a named placeholder (use ?)'],
]
const LOOKS_LIKE_SQL = new RegExp(
  [
    String.raw`^\s*(?:select|insert|update|delete|create|drop|alter|pragma|replace)\b`,
    String.raw`^\s*with\s+\w+\s+as\s*\(`,
    String.raw`\bselect\b[\s\S]*\bfrom\b`,
    String.raw`\binsert\s+(?:or\s+\w+\s+)?into\b`,
    String.raw`\bdelete\s+from\b`,
    String.raw`\bupdate\s+\w+\s+set\b`,
  ].join('|'),
  'i',
)

/** The call chain under `node` (`a.b().c()` → b, c …) holds a drizzle builder call. */
function isQueryChain(node: Any): boolean {
  for (let n = node; n; ) {
    if (n.kind === SyntaxKind.CallExpression) {
      if (n.expression.kind === SyntaxKind.PropertyAccessExpression && BUILDERS.has(n.expression.name.text)) return true
      n = n.expression
    } else if (
      n.kind === SyntaxKind.PropertyAccessExpression ||
      n.kind === SyntaxKind.ParenthesizedExpression ||
      n.kind === SyntaxKind.NonNullExpression ||
      n.kind === SyntaxKind.AsExpression
    )
      n = n.expression
    else return false
  }
  return false
}

/** `x.db` or `db`: drizzle's database, whose `run/all/get/values(sql…)` are SQLite's. */
const isDatabase = (n: Any) =>
  (n.kind === SyntaxKind.PropertyAccessExpression && n.name.text === 'db') ||
  (n.kind === SyntaxKind.Identifier && n.text === 'db')

/** `….dialect === 'sqlite'` (then: true) or `!==` (then: false); otherwise undefined. */
function sqliteTest(n: Any): boolean | undefined {
  if (n.kind === SyntaxKind.ParenthesizedExpression) return sqliteTest(n.expression)
  if (n.kind !== SyntaxKind.BinaryExpression) return undefined
  const op = n.operatorToken.kind
  if (op !== SyntaxKind.EqualsEqualsEqualsToken && op !== SyntaxKind.ExclamationEqualsEqualsToken) return undefined
  const isDialect = (x: Any) => x.kind === SyntaxKind.PropertyAccessExpression && x.name.text === 'dialect'
  const isSqlite = (x: Any) => x.kind === SyntaxKind.StringLiteral && x.text === 'sqlite'
  if (!((isDialect(n.left) && isSqlite(n.right)) || (isDialect(n.right) && isSqlite(n.left)))) return undefined
  return op === SyntaxKind.EqualsEqualsEqualsToken
}

/** A string's or template's text, `${…}` standing as `?`. */
const textOf = (n: Any): string =>
  n.kind === SyntaxKind.TemplateExpression
    ? n.head.text + (n.templateSpans as Any[]).map((s) => `?${s.literal.text}`).join('')
    : n.text

/** The SQLite-only pieces of one file; `sqlText` false reads only the drizzle calls (the tests' own SQL is theirs). */
export function sqliteOnlyUses(file: string, tree: SourceFile, sqlText = true): SqliteOnlyUse[] {
  const found = new Map<string, SqliteOnlyUse>()
  const add = (what: string) => found.set(what, { file, what })
  const visit = (node: Node): void => {
    const n = node as Any
    if (node.kind === SyntaxKind.ConditionalExpression) {
      const sqlite = sqliteTest(n.condition)
      if (sqlite !== undefined) {
        visit(n.condition)
        visit(sqlite ? n.whenFalse : n.whenTrue)
        return
      }
    }
    if (node.kind === SyntaxKind.CallExpression && n.expression.kind === SyntaxKind.PropertyAccessExpression) {
      const name: string = n.expression.name.text
      const receiver = n.expression.expression
      if (SQLITE_RUNNERS.has(name)) {
        // With arguments it is another API on a chain (an Elysia route's .get(path, …), an insert's .values(row)).
        if (n.arguments.length === 0 && isQueryChain(receiver))
          add(`drizzle's .${name}() (await the query; db/query.ts first/one)`)
        else if (isDatabase(receiver)) add(`drizzle's db.${name}(sql) (use ctx.backend or the query builder)`)
      }
    }
    if (
      sqlText &&
      (node.kind === SyntaxKind.StringLiteral ||
        node.kind === SyntaxKind.NoSubstitutionTemplateLiteral ||
        node.kind === SyntaxKind.TemplateExpression)
    ) {
      const text = textOf(n)
      for (const [re, what] of ANYWHERE) if (re.test(text)) add(`SQL with ${what}`)
      if (LOOKS_LIKE_SQL.test(text)) for (const [re, what] of IN_SQL) if (re.test(text)) add(`SQL with ${what}`)
    }
    node.forEachChild(visit)
  }
  tree.forEachChild(visit)
  return [...found.values()]
}
