import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HELP } from './help'

test('--help lists every setting config.ts reads from the environment', () => {
  const source = readFileSync(join(import.meta.dir, '..', 'config.ts'), 'utf8')
  const names = new Set(
    [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2]),
  )
  expect(names.size).toBeGreaterThan(10)
  for (const name of names) expect(HELP).toMatch(new RegExp(`^  ${name}\\b`, 'm'))
})
