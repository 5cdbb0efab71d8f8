import { expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// Client folders point one way (issue 9): screens → ui/, api/ and shared; ui/ and api/ never reach
// into a screen, and no two screens import each other, directly or around a loop.
const ROOT = resolve(import.meta.dir)
const SHARED_LAYERS = new Set(['ui', 'api', 'pages', 'styles', 'pwa', '.'])

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory()
      ? files(full)
      : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)
        ? [full]
        : []
  })
}

/** Folder-level arrows: 'home' → 'documents' when a file of home/ imports one of documents/ (root files are '.'). */
function arrows(): [string, string][] {
  const found = new Set<string>()
  for (const file of files(ROOT)) {
    const from = relative(ROOT, dirname(file)).split('/')[0] || '.'
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\(?)\s*'(\.[^']+)'/g)) {
      const target = relative(ROOT, resolve(dirname(file), m[1]!))
      if (target.startsWith('..')) continue // src/shared or the one type import of the server
      const to = target.includes('/') ? target.split('/')[0]! : '.'
      if (to !== from) found.add(`${from}>${to}`)
    }
  }
  return [...found].map((a) => a.split('>') as [string, string])
}

test('ui/, api/ and the shell never import a screen', () => {
  const wrong = arrows().filter(([from, to]) => ['ui', 'api', 'pages'].includes(from) && !SHARED_LAYERS.has(to))
  expect(wrong).toEqual([])
})

test('no loop between screen folders', () => {
  const screens = arrows().filter(([from, to]) => !SHARED_LAYERS.has(from) && !SHARED_LAYERS.has(to))
  const next = new Map<string, string[]>()
  for (const [from, to] of screens) next.set(from, [...(next.get(from) ?? []), to])
  const loops: string[] = []
  const visit = (node: string, path: string[]) => {
    for (const to of next.get(node) ?? []) {
      if (path.includes(to)) loops.push([...path, to].join(' → '))
      else visit(to, [...path, to])
    }
  }
  for (const start of next.keys()) visit(start, [start])
  expect(loops).toEqual([])
})
