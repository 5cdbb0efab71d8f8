import { readdirSync } from 'node:fs'
import { parseFiles } from './architecture/parse'
import { longUnits } from './architecture/long-units'
import { isTest } from './architecture/rules'
const files = (readdirSync('src', { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => `src/${f}`)
  .filter((f) => !f.startsWith('src/architecture-fixtures/'))
const trees = await parseFiles('.', files)
const all = longUnits(trees, isTest)
for (const u of all.sort((a, b) => a.file.localeCompare(b.file) || b.line - a.line))
  console.log(`${u.file}\t${u.line}\t${u.lines}\t${u.name}\t${u.reason ?? '-'}`)
console.log(all.length, all.filter((u) => !u.reason).length)
