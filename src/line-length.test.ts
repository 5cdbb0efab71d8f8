// Issue 9: lines of at most 120 characters. Biome wraps code at 120 (biome.json); this catches what a
// formatter leaves alone: long strings, template text, comments, regular expressions and CSS comments.
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'

const MAX = 120

test(`no source line is longer than ${MAX} characters`, () => {
  const listed = Bun.spawnSync(['git', 'ls-files', 'src', 'e2e', 'bench', 'scripts', '*.ts'], {
    cwd: `${import.meta.dir}/..`,
  })
  const files = listed.stdout
    .toString()
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|css)$/.test(f) && !f.startsWith('src/server/db/migrations/') && !/\.gen\./.test(f))
  expect(files.length).toBeGreaterThan(200)
  const long: string[] = []
  for (const file of files) {
    const lines = readFileSync(`${import.meta.dir}/../${file}`, 'utf8').split('\n')
    lines.forEach((line, i) => {
      // Characters, not bytes and not UTF-16 units: "✅" and "ü" count once.
      if ([...line].length > MAX) long.push(`${file}:${i + 1}`)
    })
  }
  expect(long).toEqual([])
})
