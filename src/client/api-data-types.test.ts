// Issue 23: the client's API types come from the contract (Treaty's `treaty<App>`, api/contract.ts, or a type of
// src/shared the server builds its answer from), never from a cast or a hand-written type over parsed JSON. This
// reads the client's code with the TypeScript compiler (src/architecture/parse.ts) and finds:
// - `x as T` (or `<T>x`) where x is API data: a parsed body (`JSON.parse`, `.json()`), the query cache
//   (`getQueryData`), the offline copy of the answers (`restoreKeptCopy`, api/persist.ts), a Treaty call
//   (`api.…`, `quietApi.…`, `devApi.…`, `progressApi(…).…`, `call(…)`) or its `.data` / `.error`, a caught error
//   (`err`, `error`), or a name bound to any of these earlier in the file (`const { data } = …`,
//   `const body = await r.json()`: read without types, so a name counts file-wide);
// - a parsed body given a declared type: `const x: T = JSON.parse(…)`, `x = await r.json()` into a typed `let`,
//   `.json().then((x: T) => …)`.
// What remains is listed below with the reason it may stay; a listed one that is gone fails too.
import { beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast'
import { parseFiles } from '../architecture/parse'

const ALLOWED: Record<string, string> = {
  'src/client/api/client.ts: answer.data as Extract<R, { error: null }>["data"]':
    "call(), the one place: narrowing a generic union of Treaty answers needs it; the type is the route's",
  'src/client/api/client.ts: error as { status: number; value: unknown }':
    'call() reads the status and the raw body of any failed call, then checks each field at run time',
  'src/client/api/early.ts: .json() then (user: Session | null)':
    "the page's entry reads the session before the API client has loaded; Session is the route's type (AnswerOf)",
  'src/client/cantons/use-cantons.ts: .json() then (d: CantonsFile)':
    'a static file, not an API route; CantonsFile is the shared type the server builds the file from',
  'src/client/api/persist.ts: JSON.parse(localStorage.getItem(KEY) ?? "null") as Saved | null':
    "the app's own offline copy, written by this module; its version and age are checked before use",
  'src/client/boot.ts: JSON.parse(list) as Record<string, string[]>':
    "build.ts's list of chunks in index.html, not an API answer",
  'src/client/api/user.ts: restoreKeptCopy(queryClient) as Awaited<ReturnType<typeof loadUser>> | undefined':
    "the kept copy of this query's own answer (api/persist.ts wrote it from GET /api/user); the type is the route's",
}

const API_CALLS = new Set(['parse', 'json', 'getQueryData', 'getQueriesData', 'getQueryState', 'restoreKeptCopy'])
/** The Treaty clients of api/client.ts and its `call`: whatever they give is the API's. */
const API_CLIENTS = new Set(['api', 'quietApi', 'devApi', 'progressApi', 'call'])
const API_FIELDS = new Set(['data', 'error'])
const ERRORS = new Set(['err', 'error'])

type Any = any

/** The names of one file bound to API data so far (see the head of this file); reset per file. */
let bound = new Set<string>()

const normal = (text: string) => text.replace(/\s+/g, ' ').replace(/'/g, '"').trim()

/** Does the expression read API data (see the head of this file)? */
function readsApiData(node: Node): boolean {
  const n = node as Any
  if (node.kind === SyntaxKind.CallExpression) {
    const callee = n.expression
    const name = callee.kind === SyntaxKind.PropertyAccessExpression ? callee.name.text : callee.text
    if (API_CALLS.has(name)) return true
  }
  if (node.kind === SyntaxKind.PropertyAccessExpression && API_FIELDS.has(n.name.text)) return true
  if (node.kind === SyntaxKind.Identifier && (ERRORS.has(n.text) || API_CLIENTS.has(n.text) || bound.has(n.text)))
    return true
  let found = false
  node.forEachChild((child) => {
    if (!found && !isFunction(child)) found = readsApiData(child)
  })
  return found
}
const isFunction = (n: Node) => n.kind === SyntaxKind.ArrowFunction || n.kind === SyntaxKind.FunctionExpression
const isParse = (node: Node): boolean => {
  let n = node as Any
  while (n.kind === SyntaxKind.AwaitExpression || n.kind === SyntaxKind.ParenthesizedExpression) n = n.expression
  if (n.kind !== SyntaxKind.CallExpression) return false
  const callee = n.expression
  return callee.kind === SyntaxKind.PropertyAccessExpression && ['parse', 'json'].includes(callee.name.text)
}
const callsJson = (node: Node): boolean => {
  const n = node as Any
  if (n.kind === SyntaxKind.CallExpression && n.expression.kind === SyntaxKind.PropertyAccessExpression)
    if (n.expression.name.text === 'json') return true
  let found = false
  node.forEachChild((c) => {
    if (!found) found = callsJson(c)
  })
  return found
}
/** Does this promise chain carry a parsed body: a `.json()` in it, or in a callback of an earlier `.then`? */
const chainHasJson = (node: Node): boolean => {
  const n = node as Any
  if (n.kind === SyntaxKind.CallExpression && n.expression.kind === SyntaxKind.PropertyAccessExpression)
    return (
      n.expression.name.text === 'json' ||
      (n.expression.name.text === 'then' && n.arguments.some((a: Node) => isFunction(a) && callsJson(a))) ||
      chainHasJson(n.expression.expression)
    )
  if (n.kind === SyntaxKind.PropertyAccessExpression || n.kind === SyntaxKind.ParenthesizedExpression)
    return chainHasJson(n.expression)
  return false
}

/** Adds the names a declaration binds to `bound`: all of `x = …`, and `data`/`error` (or renames) of `{…} = …`. */
function bindNames(name: Any, whole: boolean) {
  if (name.kind === SyntaxKind.Identifier) {
    if (whole) bound.add(name.text)
    return
  }
  name.forEachChild((element: Any) => {
    if (element.kind !== SyntaxKind.BindingElement || !element.name) return // `[, b]`: a hole
    const key = element.propertyName?.text ?? (element.name.kind === SyntaxKind.Identifier ? element.name.text : '')
    bindNames(element.name, whole || API_FIELDS.has(key))
  })
}

/** Every cast on API data and every parsed body given a declared type, as `file: text`. */
export function untypedApiData(path: string, tree: SourceFile): string[] {
  const found: string[] = []
  const typedLets = new Set<string>()
  bound = new Set()
  const visit = (node: Node) => {
    const n = node as Any
    if (node.kind === SyntaxKind.VariableDeclaration && n.initializer) {
      // `{ data } = useQuery(…)`: any call's `data` is taken for an answer; a plain name only from API data.
      const fromCall = n.name.kind !== SyntaxKind.Identifier && !isFunction(n.initializer)
      if (fromCall || readsApiData(n.initializer)) bindNames(n.name, n.name.kind === SyntaxKind.Identifier)
    }
    if ((node.kind === SyntaxKind.AsExpression || node.kind === SyntaxKind.TypeAssertionExpression) && n.type) {
      const isConst = n.type.kind === SyntaxKind.TypeReference && n.type.typeName?.text === 'const'
      if (!isConst && readsApiData(n.expression)) found.push(`${path}: ${normal(node.getText(tree))}`)
    }
    if (node.kind === SyntaxKind.VariableDeclaration && n.type) {
      if (n.name.kind === SyntaxKind.Identifier) typedLets.add(n.name.text)
      if (n.initializer && isParse(n.initializer)) found.push(`${path}: ${normal(node.getText(tree))}`)
    }
    if (
      node.kind === SyntaxKind.BinaryExpression &&
      n.operatorToken.kind === SyntaxKind.EqualsToken &&
      n.left.kind === SyntaxKind.Identifier &&
      typedLets.has(n.left.text) &&
      isParse(n.right)
    )
      found.push(`${path}: ${normal(node.getText(tree))}`)
    if (
      node.kind === SyntaxKind.CallExpression &&
      n.expression.kind === SyntaxKind.PropertyAccessExpression &&
      n.expression.name.text === 'then' &&
      chainHasJson(n.expression.expression)
    ) {
      const callback = n.arguments[0]
      const param = callback && isFunction(callback) ? callback.parameters[0] : undefined
      if (param?.type) found.push(`${path}: .json() then (${normal(param.getText(tree))})`)
    }
    node.forEachChild(visit)
  }
  tree.forEachChild(visit)
  return found
}

const files = (readdirSync('src/client', { recursive: true }) as string[])
  .map((f) => `src/client/${f.split('\\').join('/')}`)
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
let trees: Map<string, SourceFile>

/**
 * What the checker must find, each line a case (so that it cannot quietly weaken), and what it must let pass.
 * Parsed from a folder of their own: none of it is the client's code.
 */
const MUST_FIND = [
  'const a = (await r.json()) as User',
  'const b = JSON.parse(text) as User',
  'const c: User = await r.json()',
  'let d: User | undefined; d = await r.json()',
  'fetch(u).then((r) => r.json()).then((e: User) => e)',
  'const { data } = await api.user.get(); const f = data as User',
  'const { data: info } = useQuery(userQuery); const g = info as User',
  'const body = await r.json(); const h = body as User',
  'const u = await call(api.user.get()); const i = u as User',
  'const j = (await call(quietApi.user.get())) as User',
  'const k = queryClient.getQueryData(key) as User',
  'const l = restoreKeptCopy(queryClient) as User',
  'try {} catch (err) { const m = err as ApiError }',
]
const MAY_PASS = [
  'const n = (await r.json()) satisfies unknown',
  'const o = [1, 2] as const',
  'const p = (event.target as HTMLInputElement).value',
  'const { t } = useTranslation(); const q = t("a") as string',
]
let cases: Map<string, SourceFile>
beforeAll(async () => {
  trees = await parseFiles('.', files)
  const dir = mkdtempSync(join(tmpdir(), 'api-data-'))
  try {
    const names = [...MUST_FIND, ...MAY_PASS].map((_, i) => `case${i}.ts`)
    for (const [i, code] of [...MUST_FIND, ...MAY_PASS].entries())
      writeFileSync(join(dir, names[i]!), `export async function f() {\n  ${code}\n}\n`)
    cases = await parseFiles(dir, names)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the checker finds each kind of cast and typed parse, and lets the rest pass', () => {
  const found = (i: number) => untypedApiData(`case${i}`, cases.get(`case${i}.ts`)!)
  expect(MUST_FIND.filter((_, i) => found(i).length === 0)).toEqual([])
  expect(MAY_PASS.filter((_, i) => found(MUST_FIND.length + i).length > 0)).toEqual([])
})

test('no cast on API data and no parsed body given a declared type, beyond the listed ones', () => {
  expect(files.length).toBeGreaterThan(100)
  const found = [...trees].flatMap(([path, tree]) => untypedApiData(path, tree))
  expect(found.filter((f) => !(f in ALLOWED))).toEqual([])
  expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([])
})
