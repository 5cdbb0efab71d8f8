// What a server on SQLite loads at start (issue 28: idle memory and cold start). The start runs in a process of its
// own, so that the modules it evaluated are the start's alone (require.cache lists every module Bun evaluated); the
// list is then checked against what only another backend, another command or a first use needs.
import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const START = `
const { main } = await import(${JSON.stringify(join(import.meta.dir, 'main.ts'))})
await main(['serve'])
const { localesRead } = await import(${JSON.stringify(join(import.meta.dir, 'infra', 'locale-texts.ts'))})
console.log('LOADED ' + JSON.stringify({ modules: Object.keys(require.cache), locales: localesRead() }))
process.exit(0)
`

/** Loaded only on PostgreSQL + S3 (DATABASE_URL, STORAGE_URL), by another command, or at a first use. */
const NOT_AT_START: [string, RegExp][] = [
  ['PostgreSQL code (db/pg, the pg indexes, the bun-sql driver)', /\/db\/pg\/|-postgres\.ts$|drizzle-orm\/bun-sql\//],
  ['the S3 blob store', /blob-store-s3\.ts$/],
  ['the other commands (backup, keys, admin, imports, help)', /\/cli\/(commands|backup|keys-rotate|admin|help)\.ts$/],
  ['PDF, ZIP and OCR libraries', /node_modules\/(pdf-lib|unpdf|fflate|tesseract\.js|zxing-wasm|@cwasm)\//],
  ['the recognition worker', /\/recognition\/worker\/(main|ocr|pdf|e-statement\/)/],
  ['the multipart parser and SMTP', /node_modules\/(busboy|nodemailer)\//],
]

test('a server on SQLite starts without PostgreSQL, S3, other commands, PDF/OCR code or any locale', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swisstax-start-'))
  try {
    // PORT=0: any free port; the server listens, so the list is the one of a started server.
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' }
    const run = Bun.spawnSync([process.execPath, '-e', START], { env, stderr: 'pipe' })
    const line = run.stdout
      .toString()
      .split('\n')
      .find((l) => l.startsWith('LOADED '))
    expect(line, run.stderr.toString()).toBeDefined()
    const { modules, locales } = JSON.parse(line!.slice('LOADED '.length)) as { modules: string[]; locales: string[] }
    // The start itself was loaded: the check below looks at a real list.
    expect(modules.some((m) => m.endsWith('/src/server/app.ts'))).toBe(true)
    expect(modules.some((m) => m.endsWith('/infra/backend/sqlite.ts'))).toBe(true)
    for (const [what, pattern] of NOT_AT_START)
      expect(
        modules.filter((m) => pattern.test(m)),
        what,
      ).toEqual([])
    expect(locales).toEqual([])
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
