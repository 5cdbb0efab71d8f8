import { chmodSync, cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { AppContext } from '../context'

/**
 * `swisstax backup FILE [--with-key]` (docs/storage.md): a consistent copy of the live
 * database (VACUUM INTO a temporary name, integrity_check, rename), and the blob
 * folder beside it as FILE.blobs/, the recognised texts as FILE.recognition/ (README: "Restore").
 * Safe while the server runs: WAL readers do not
 * block. Everything is written readable by the owner only (0600, folders 0700):
 * the database holds personal data. The documents are useless without the master
 * key; `withKey` writes it beside the copy as FILE.key (0600), off by default so
 * that a copy kept elsewhere is not readable with what travels with it.
 */
export async function backup(ctx: AppContext, target: string, opts: { withKey?: boolean } = {}) {
  const file = resolve(target)
  // PostgreSQL: refused before anything is written, naming pg_dump and bucket versioning (infra/backend/postgres.ts).
  if (ctx.backend.dialect !== 'sqlite') await ctx.backend.backupTo(file)
  if (existsSync(file)) throw new Error(`${file} exists already; choose a new name`)
  const keyFile = `${file}.key`
  if (opts.withKey && existsSync(keyFile)) throw new Error(`${keyFile} exists already; choose a new name`)
  const previousUmask = process.umask(0o077)
  try {
    const tmp = `${file}.tmp-${process.pid}`
    rmSync(tmp, { force: true })
    // VACUUM INTO takes an empty file: created 0600 first, so the copy is never readable by others, not even briefly.
    writeFileSync(tmp, '', { mode: 0o600 })
    const result = await ctx.backend.backupTo(tmp)
    chmodSync(tmp, 0o600)
    if (result !== 'ok') {
      rmSync(tmp, { force: true })
      throw new Error(`integrity check of the copy failed: ${result}`)
    }
    renameSync(tmp, file)
    // The documents, and what recognition read from them (encrypted the same way): without the texts a
    // restore would queue every document to be read again.
    const copied: Record<string, string | null> = {}
    // With STORAGE_URL the blobs are the bucket's: its versioning keeps them (README: "Storage in S3").
    for (const dir of ctx.config.storage ? [] : ['blobs', 'recognition']) {
      const from = join(ctx.config.dataDir, dir)
      copied[dir] = existsSync(from) ? `${file}.${dir}` : null
      if (!copied[dir]) continue
      cpSync(from, copied[dir], { recursive: true })
      restrict(copied[dir])
    }
    if (opts.withKey) writeFileSync(keyFile, `${ctx.keys.master.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
    return {
      database: file,
      blobs: copied.blobs ?? null,
      texts: copied.recognition ?? null,
      bucket: ctx.config.storage ? `s3://${ctx.config.storage.bucket}/${ctx.config.storage.prefix}` : null,
      key: opts.withKey ? keyFile : null,
      directory: dirname(file),
    }
  } finally {
    process.umask(previousUmask)
  }
}

/** Folders 0700, files 0600, whatever modes the copy came with. */
function restrict(path: string) {
  if (statSync(path).isDirectory()) {
    chmodSync(path, 0o700)
    for (const name of readdirSync(path)) restrict(join(path, name))
  } else chmodSync(path, 0o600)
}
