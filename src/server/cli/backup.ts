import { cpSync, existsSync, renameSync, rmSync } from 'node:fs'
import { Database } from 'bun:sqlite'
import { dirname, join, resolve } from 'node:path'
import type { AppContext } from '../context'

/**
 * `swisstax backup FILE` (DESIGN.md §3): a consistent copy of the live database
 * (VACUUM INTO a temporary name, integrity_check, rename), and the blob folder
 * beside it as FILE.blobs/. Safe while the server runs: WAL readers do not block.
 */
export function backup(ctx: AppContext, target: string) {
  const file = resolve(target)
  if (existsSync(file)) throw new Error(`${file} exists already; choose a new name`)
  const tmp = `${file}.tmp-${process.pid}`
  rmSync(tmp, { force: true })
  ctx.sqlite.query('VACUUM INTO ?').run(tmp)
  const copy = new Database(tmp, { readonly: true })
  const result = copy.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()?.integrity_check
  copy.close()
  if (result !== 'ok') {
    rmSync(tmp, { force: true })
    throw new Error(`integrity check of the copy failed: ${result}`)
  }
  renameSync(tmp, file)
  const blobs = join(ctx.config.dataDir, 'blobs')
  const blobTarget = `${file}.blobs`
  if (existsSync(blobs)) cpSync(blobs, blobTarget, { recursive: true })
  return { database: file, blobs: existsSync(blobs) ? blobTarget : null, directory: dirname(file) }
}
