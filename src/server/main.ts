#!/usr/bin/env bun
import { type Config, loadConfig, SettingError, withoutPassword } from './config'
import { ApiError } from './http/errors'
import { knownMigrations, NewerSchemaError } from './db'
import { createContext } from './boot'
import { createApp } from './app'
import { recognitionRunner } from './recognition/index'
import { grantAdmin, syncAdminEmails } from './users/roles'
import { backup } from './cli/backup'
import { repairKeys, rotateKeys } from './cli/keys-rotate'
import { LastAdminError, listAdmins, removeAdmin } from './cli/admin'
import { keyFilePath, MasterKeyError } from './keys'
import { DataFolderInUse, lockDataFolder } from './data-lock'
import { queueUnread, retryFailedAfterUpgrade } from './backfill'
import { lifecycle } from './health/index'
import { readFileSync } from 'node:fs'
import { importLocalities } from './address/localities'
import { importBuildingAddresses, type ImportProgress } from './address/buildings'
import { diskAssets, type Asset } from './static/assets'
import { APP_VERSION } from '../shared/version'
import { HELP } from './cli/help'
import { setListeningServer } from './infra/request-context'
import { releaseRecognitionLeases } from './recognition/service'
import { releaseMailLeases } from './client-mail/service'

/** How often the recognition queue is looked at besides the kicks of this process's own uploads. */
const RECOGNITION_POLL_MS = 5_000
/** At SIGTERM, the requests in flight get this long to finish. */
const STOP_WAIT_MS = 30_000

/** Refusals with a message written for the operator: printed alone, without a stack. */
const OPERATOR_ERRORS = [SettingError, DataFolderInUse, MasterKeyError, NewerSchemaError, LastAdminError, ApiError]

async function loadAssets(): Promise<Map<string, Asset>> {
  // The compiled binary carries the client inside (build.ts writes dist/embedded.gen.ts);
  // `bun src/server/main.ts` (development) reads dist/client from disk instead.
  if (Bun.embeddedFiles.length > 0) {
    // The file exists after a build and not before, so @ts-expect-error would fail one of the two.
    // biome-ignore lint/suspicious/noTsIgnore: see above
    // @ts-ignore: written by build.ts just before compiling; absent in a fresh checkout.
    const { embeddedAssets } = await import('../../dist/embedded.gen')
    return embeddedAssets() as Map<string, Asset>
  }
  return diskAssets(process.env.CLIENT_DIR ?? 'dist/client')
}

/**
 * Servers share their data (the folder, or the PostgreSQL database); the key commands need it alone. SQLite: a file
 * lock in the data folder (data-lock.ts); PostgreSQL: an advisory lock on the database (db/pg/instance-lock.ts).
 */
async function lockInstances(config: Config, what: string, mode: 'shared' | 'exclusive') {
  if (!config.databaseUrl) return lockDataFolder(config.dataDir, what, mode)
  const { lockDatabase } = await import('./db/pg/instance-lock')
  return lockDatabase(config.databaseUrl, what, mode)
}

// long: split after the storage work
export async function main(argv: string[]) {
  const args = argv.filter((a) => a !== '--dev')
  const [command = 'serve', ...rest] = args
  if (command === '--help' || command === '-h' || command === 'help') return console.log(HELP)
  if (command === '--version' || command === '-v') return console.log(APP_VERSION)
  // Internal: the server starts its recognition workers as this sub-command of the same executable.
  if (command === 'recognition-worker') return (await import('./recognition/worker/main')).runWorker()

  const config = loadConfig(process.env, argv)
  if (command === 'admin' && rest[0] === 'add' && rest[1]) {
    const ctx = await createContext(config)
    const user = await grantAdmin(ctx, rest[1])
    return console.log(`${user.email} is now an admin (user ${user.id})`)
  }
  if (command === 'admin' && rest[0] === 'list') {
    const ctx = await createContext(config)
    const admins = await listAdmins(ctx)
    ctx.backend.close()
    if (!admins.length) return console.log('no admin yet: swisstax admin add EMAIL gives the role')
    for (const a of admins)
      console.log(`${a.email}\t(user ${a.id}, ${a.roleSource === 'env' ? 'from ADMIN_EMAILS' : 'admin add'})`)
    return
  }
  if (command === 'admin' && rest[0] === 'remove' && rest[1]) {
    const ctx = await createContext(config)
    const user = await removeAdmin(ctx, rest[1])
    console.log(`${user.email} is no longer an admin (user ${user.id})`)
    if (user.stillListed)
      console.log(`note: ${user.email} is still in ADMIN_EMAILS and gets the role back at the next sign-in`)
    return
  }
  if (command === 'backup' && rest[0] && !rest[0].startsWith('--')) {
    const ctx = await createContext(config)
    const out = await backup(ctx, rest[0], { withKey: rest.includes('--with-key') })
    console.log(
      `backup written: ` +
        [out.database, out.blobs, out.texts].filter(Boolean).join(', ') +
        `${out.key ? `, master key in ${out.key}` : ''} ` +
        `(readable by this user only)`,
    )
    if (out.bucket)
      console.log(
        `The documents are not in this backup: they stay in ${out.bucket}. Keep the bucket's versioning on ` +
          `(README: "Storage in S3"), so that a restore can take them as they were at this time.`,
      )
    if (!out.key) {
      console.log(
        `Keep the master key too: the documents in this backup cannot be read without it. It is ` +
          `${config.masterKey ? 'SWISSTAX_MASTER_KEY' : keyFilePath(config.dataDir)}` +
          ` (or run \`swisstax backup FILE --with-key\` to write it beside the backup as FILE.key, mode 0600).`,
      )
    }
    return
  }
  if (command === 'keys' && rest[0] === 'repair' && rest[1]) {
    // The same lock as `keys rotate`: a running server must not store under a key being repaired.
    const lock = await lockInstances(config, 'repair the keys', 'exclusive')
    const ctx = await createContext(config, { keyRepair: true })
    const previous = Buffer.from(readFileSync(rest[1], 'utf8').trim(), 'base64')
    if (previous.length !== 32) throw new Error(`${rest[1]} does not hold a master key (32 bytes, base64)`)
    const out = await repairKeys(ctx, previous)
    ctx.backend.close()
    lock.release()
    return console.log(
      `re-wrapped ${out.rewrapped} of ${out.total} data key(s) under the current master key; the server may start`,
    )
  }
  if (command === 'keys' && rest[0] === 'rotate') {
    // A server running on the folder would go on wrapping new data keys with the old master key.
    const lock = await lockInstances(config, 'rotate the keys', 'exclusive')
    const ctx = await createContext(config)
    const out = await rotateKeys(ctx)
    ctx.backend.close()
    lock.release()
    if (out.newKey)
      return console.log(
        `re-wrapped ${out.rotated} data key(s). The new master key is below: set SWISSTAX_MASTER_KEY to it before ` +
          `the next start (the old one no longer opens the documents).\n${out.newKey}`,
      )
    return console.log(
      `re-wrapped ${out.rotated} data key(s) under a new master key, now in ${out.keyFile}. Make a new backup of the ` +
        `key file.`,
    )
  }
  if (command === 'data' && rest[0] === 'import-localities' && rest[1]) {
    const ctx = await createContext(config)
    const out = await importLocalities(ctx, rest[1])
    ctx.backend.close()
    return console.log(
      `imported ${out.imported} localities from ${rest[1]}${out.skipped ? ` (${out.skipped} line(s) skipped)` : ''}`,
    )
  }
  if (command === 'data' && rest[0] === 'import-addresses' && rest[1]) {
    const ctx = await createContext(config)
    const started = performance.now()
    // One progress line, rewritten in place on a terminal, one line per step in a log.
    const progress = ({ rows, imported, bytes, totalBytes }: ImportProgress) => {
      const pct = totalBytes ? Math.floor((bytes / totalBytes) * 100) : 100
      const line =
        `${pct}% read, ${rows.toLocaleString('en')} rows, ${imported.toLocaleString('en')} addresses, ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`
      process.stderr.write(process.stderr.isTTY ? `\r${line}   ` : `${line}\n`)
    }
    const out = await importBuildingAddresses(ctx, rest[1], progress)
    ctx.backend.close()
    if (process.stderr.isTTY) process.stderr.write('\n')
    const notes = [
      out.skipped && `${out.skipped} row(s) skipped`,
      out.alternatives && `${out.alternatives} non-official alternative(s) left out`,
    ].filter(Boolean)
    return console.log(
      `imported ${out.imported} building addresses from ${rest[1]} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s${notes.length ? ` (${notes.join(', ')})` : ''}`,
    )
  }
  if (command !== 'serve') {
    console.error(`unknown command: ${args.join(' ')}\n\n${HELP}`)
    process.exit(2)
  }

  // Servers share the data folder; the key commands need it alone (data-lock.ts). Held until the process ends and
  // kept referenced (stop() releases it): a lock object left to the garbage collector would close its database.
  const lock = await lockInstances(config, 'start the server', 'shared')
  const ctx = await createContext(config)
  for (const email of await syncAdminEmails(ctx))
    ctx.log.info(`${email} left ADMIN_EMAILS: the admin role it gave is taken away`)
  const app = await createApp(ctx, await loadAssets(), { maintenance: true, recognition: true })
  const unread = await queueUnread(ctx)
  if (unread) ctx.log.info('documents never read are queued for recognition', { documents: unread })
  const retried = await retryFailedAfterUpgrade(ctx)
  if (retried) ctx.log.info('documents whose reading failed are queued again after the upgrade', { documents: retried })
  // Jobs queued by another process on the database, a job whose process died (its lease runs out), one put back
  // in the queue outside an upload: the queue is looked at every few seconds (one indexed query when idle).
  setInterval(() => recognitionRunner(ctx)?.kick(), RECOGNITION_POLL_MS).unref()
  try {
    // Elysia turns SO_REUSEPORT on by default: a second server on a busy port would start and take part
    // of the traffic. Off unless SHARED_PORT=1 asks for it.
    app.listen({ port: config.port, hostname: config.host, reusePort: config.sharedPort })
    setListeningServer(app.server)
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err
    throw new Error(
      `Refusing to start: port ${config.port} on ${config.host} is in use by another program. Stop it, or set ` +
        'PORT to a free port (SHARED_PORT=1 lets several swisstax processes share one port on purpose).',
    )
  }
  // The executable starts with JIT tier-up made 8× more reluctant (build.ts), so run-once
  // start-up code is not compiled; from here on the request paths get the normal policy.
  Bun.unsafe.setJITPolicy(1)
  ctx.log.info(`swisstax ${APP_VERSION} listening on ${config.publicUrl}`, {
    version: APP_VERSION,
    port: app.server?.port,
    mode: config.dev ? 'development' : 'production',
    dataDir: config.dataDir,
    // Which database, never with its password.
    database: config.databaseUrl ? withoutPassword(config.databaseUrl) : 'SQLite in DATA_DIR',
    // Where the blobs are, never with the key that opens the bucket.
    blobs: config.storage
      ? `s3://${config.storage.bucket}/${config.storage.prefix} at ${config.storage.endpoint ?? 'Amazon S3'}`
      : 'DATA_DIR',
    migrations: knownMigrations(ctx.backend.dialect).length,
    pid: process.pid,
  })
  if (!config.smtpUrl)
    ctx.log.warn('no mail configured (SMTP_URL unset): login codes are written to this log instead of being mailed')
  let stopping = false
  const stop = async (signal: string) => {
    // A second signal while draining stops at once.
    if (stopping) process.exit(0)
    stopping = true
    lifecycle(ctx).draining = true
    ctx.log.info('shutting down', { signal, drainSeconds: config.drainMs / 1000 })
    if (config.drainMs) await Bun.sleep(config.drainMs)
    recognitionRunner(ctx)?.stop()
    // Stop accepting; the requests in flight finish, for at most STOP_WAIT_MS.
    await Promise.race([app.stop(), Bun.sleep(STOP_WAIT_MS)])
    // What this process claimed and did not finish goes back to the others at once, not after the lease.
    await releaseRecognitionLeases(ctx).catch(() => {})
    await releaseMailLeases(ctx).catch(() => {})
    ctx.backend.close()
    lock.release()
    ctx.log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

if (import.meta.main)
  main(process.argv.slice(2)).catch((err) => {
    // A refusal is a message for the operator; anything else gets its stack (readable: build.ts keeps names).
    const refusal = OPERATOR_ERRORS.some((kind) => err instanceof kind) || /^Refusing/.test(err?.message)
    console.error(err instanceof Error ? (refusal || !err.stack ? err.message : err.stack) : err)
    process.exit(1)
  })
