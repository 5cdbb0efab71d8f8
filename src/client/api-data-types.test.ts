// Issue 23: the client's API types come from the contract (Treaty's `treaty<App>`, api/contract.ts, or a type of
// src/shared the server builds its answer from), never from a cast or a hand-written type over parsed JSON. This
// reads the client's code with the TypeScript compiler (src/architecture/parse.ts) and finds:
// - `x as T` (or `<T>x`) where x is API data: a parsed body (`JSON.parse`, `.json()`), the query cache
//   (`getQueryData`), a Treaty answer's `.data` / `.error`, or a caught error (`err`, `error`);
// - a parsed body given a declared type: `const x: T = JSON.parse(…)`, `x = await r.json()` into a typed `let`,
//   `.json().then((x: T) => …)`.
// What remains is listed below with the reason it may stay; a listed one that is gone fails too.
import { beforeAll, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
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
}

const API_CALLS = new Set(['parse', 'json', 'getQueryData', 'getQueriesData', 'getQueryState'])
const API_FIELDS = new Set(['data', 'error'])
const ERRORS = new Set(['err', 'error'])

type Any = any

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
  if (node.kind === SyntaxKind.Identifier && ERRORS.has(n.text)) return true
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

/** Every cast on API data and every parsed body given a declared type, as `file: text`. */
export function untypedApiData(path: string, tree: SourceFile): string[] {
  const found: string[] = []
  const typedLets = new Set<string>()
  const visit = (node: Node) => {
    const n = node as Any
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
beforeAll(async () => {
  trees = await parseFiles('.', files)
})

test('no cast on API data and no parsed body given a declared type, beyond the listed ones', () => {
  expect(files.length).toBeGreaterThan(100)
  const found = [...trees].flatMap(([path, tree]) => untypedApiData(path, tree))
  expect(found.filter((f) => !(f in ALLOWED))).toEqual([])
  expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([])
})
