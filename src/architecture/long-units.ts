// Long units (issue 23): every function, arrow and method body in the running code is at most
// MAX_LINES lines, or the line before it gives a reason (`// long: <reason>`). Read from the
// TypeScript compiler's syntax trees, so that nested callbacks, JSX components and route handlers
// are counted like any other function.
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast'

export const MAX_LINES = 80

export interface LongUnit {
  file: string
  /** The line the function starts on, from 1. */
  line: number
  /** Its name, or where it stands (`arrow passed to .get`). */
  name: string
  /** Lines of its body, the braces included. */
  lines: number
  /** The reason on the line before it, if any. */
  reason?: string
}

const FUNCTIONS = new Set<SyntaxKind>([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
])

// The syntax tree's nodes are typed per kind; this module reads a handful of fields from them.
// biome-ignore lint/suspicious/noExplicitAny: a syntax node's fields, read by kind
type Any = any

const LONG = /^\s*\/\/ long: \S/

/** Generated code is not written by hand: migrations.gen.ts and the like. */
export const isGenerated = (path: string) => /\.gen\.tsx?$/.test(path)

/** The first position of a node's own text: its `pos` includes the white space and comments before it. */
function startOf(text: string, pos: number): number {
  let i = pos
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++
    if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i)
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) < 0 ? text.length : text.indexOf('*/', i) + 2
    else return i
  }
}

/** What a function is called, for the report: its own name, its variable's or property's, or its call's. */
function nameOf(node: Any): string {
  if (node.name && typeof node.name.text === 'string') return node.name.text
  if (node.kind === SyntaxKind.Constructor) return 'constructor'
  const parent = node.parent as Any
  if (parent?.kind === SyntaxKind.VariableDeclaration || parent?.kind === SyntaxKind.PropertyAssignment)
    if (typeof parent.name?.text === 'string') return parent.name.text
  if (parent?.kind === SyntaxKind.CallExpression) {
    const callee = parent.expression as Any
    const called = callee.kind === SyntaxKind.PropertyAccessExpression ? `.${callee.name.text}` : callee.text
    return `${node.kind === SyntaxKind.ArrowFunction ? 'arrow' : 'function'} passed to ${called ?? 'a call'}`
  }
  return node.kind === SyntaxKind.ArrowFunction ? 'arrow' : 'function'
}

/** Every function body of `tree` longer than `max` lines, with the reason given for it. */
export function longUnitsOf(file: string, tree: SourceFile, max = MAX_LINES): LongUnit[] {
  const text = (tree as Any).text as string
  const lineStarts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1)
  const lineOf = (pos: number) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid]! <= pos) lo = mid
      else hi = mid - 1
    }
    return lo
  }
  const lineText = (line: number) => text.slice(lineStarts[line], (lineStarts[line + 1] ?? text.length + 1) - 1)
  const found: LongUnit[] = []
  const visit = (node: Node): void => {
    const n = node as Any
    if (FUNCTIONS.has(node.kind) && n.body) {
      const lines = lineOf(n.body.end - 1) - lineOf(startOf(text, n.body.pos)) + 1
      if (lines > max) {
        const start = lineOf(startOf(text, n.pos))
        const before = start > 0 ? lineText(start - 1) : ''
        const unit: LongUnit = { file, line: start + 1, name: nameOf(n), lines }
        if (LONG.test(before)) unit.reason = before.slice(before.indexOf('// long:') + 8).trim()
        found.push(unit)
      }
    }
    node.forEachChild(visit)
  }
  tree.forEachChild(visit)
  return found
}

/** The long units of every running file of `sources` (tests, their helpers and generated code left out). */
export function longUnits(sources: ReadonlyMap<string, SourceFile>, isTest: (path: string) => boolean): LongUnit[] {
  return [...sources].filter(([path]) => !isTest(path) && !isGenerated(path)).flatMap(([p, t]) => longUnitsOf(p, t))
}
