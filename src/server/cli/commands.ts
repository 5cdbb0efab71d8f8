// The sub-commands other than `serve` (README "Command line"): loaded by main.ts only when one is asked for, so that a
// server never evaluates the backup, key, admin and import code (bench "memory").
import { readFileSync } from 'node:fs'
import type { Config } from '../config'
import { createContext, lockInstances } from '../boot'
import { grantAdmin } from '../users/roles'
import { backup } from './backup'
import { repairKeys, rotateKeys } from './keys-rotate'
import { listAdmins, removeAdmin } from './admin'
import { keyFilePath } from '../keys'
import { importLocalities } from '../address/localities'
import { importBuildingAddresses, type ImportProgress } from '../address/buildings'

type Command = (config: Config, args: string[]) => Promise<void>

/** Runs `command args…`; false when there is no such command (main.ts prints the help). */
export async function runCommand(config: Config, command: string, args: string[]): Promise<boolean> {
  const named = `${command} ${args[0]}`
  const run = command === 'backup' ? (args[0] && !args[0].startsWith('--') ? backupTo : undefined) : COMMANDS[named]
  if (!run || (NEEDS_ARGUMENT.has(named) && !args[1])) return false
  await run(config, args)
  return true
}

/** The commands that take a value after their name (an e-mail, a file). */
const NEEDS_ARGUMENT = new Set([
  'admin add',
  'admin remove',
  'keys repair',
  'data import-localities',
  'data import-addresses',
])

const adminAdd: Command = async (config, [, email]) => {
  const ctx = await createContext(config)
  const user = await grantAdmin(ctx, email!)
  console.log(`${user.email} is now an admin (user ${user.id})`)
}

const adminList: Command = async (config) => {
  const ctx = await createContext(config)
  const admins = await listAdmins(ctx)
  ctx.backend.close()
  if (!admins.length) return console.log('no admin yet: swisstax admin add EMAIL gives the role')
  for (const a of admins)
    console.log(`${a.email}\t(user ${a.id}, ${a.roleSource === 'env' ? 'from ADMIN_EMAILS' : 'admin add'})`)
}

const adminRemove: Command = async (config, [, email]) => {
  const ctx = await createContext(config)
  const user = await removeAdmin(ctx, email!)
  console.log(`${user.email} is no longer an admin (user ${user.id})`)
  if (user.stillListed)
    console.log(`note: ${user.email} is still in ADMIN_EMAILS and gets the role back at the next sign-in`)
}

const backupTo: Command = async (config, args) => {
  const ctx = await createContext(config)
  const out = await backup(ctx, args[0]!, { withKey: args.includes('--with-key') })
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
}

const keysRepair: Command = async (config, [, previousFile]) => {
  // The same lock as `keys rotate`: a running server must not store under a key being repaired.
  const lock = await lockInstances(config, 'repair the keys', 'exclusive')
  const ctx = await createContext(config, { keyRepair: true })
  const previous = Buffer.from(readFileSync(previousFile!, 'utf8').trim(), 'base64')
  if (previous.length !== 32) throw new Error(`${previousFile} does not hold a master key (32 bytes, base64)`)
  const out = await repairKeys(ctx, previous)
  ctx.backend.close()
  lock.release()
  console.log(
    `re-wrapped ${out.rewrapped} of ${out.total} data key(s) under the current master key; the server may start`,
  )
}

const keysRotate: Command = async (config) => {
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
  console.log(
    `re-wrapped ${out.rotated} data key(s) under a new master key, now in ${out.keyFile}. Make a new backup of the ` +
      `key file.`,
  )
}

const localities: Command = async (config, [, file]) => {
  const ctx = await createContext(config)
  const out = await importLocalities(ctx, file!)
  ctx.backend.close()
  console.log(
    `imported ${out.imported} localities from ${file}${out.skipped ? ` (${out.skipped} line(s) skipped)` : ''}`,
  )
}

const addresses: Command = async (config, [, file]) => {
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
  const out = await importBuildingAddresses(ctx, file!, progress)
  ctx.backend.close()
  if (process.stderr.isTTY) process.stderr.write('\n')
  const notes = [
    out.skipped && `${out.skipped} row(s) skipped`,
    out.alternatives && `${out.alternatives} non-official alternative(s) left out`,
  ].filter(Boolean)
  console.log(
    `imported ${out.imported} building addresses from ${file} in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s${notes.length ? ` (${notes.join(', ')})` : ''}`,
  )
}

/** `command first-argument` → what it does (`backup FILE` is the one command without a second word). */
const COMMANDS: Record<string, Command> = {
  'admin add': adminAdd,
  'admin list': adminList,
  'admin remove': adminRemove,
  'keys repair': keysRepair,
  'keys rotate': keysRotate,
  'data import-localities': localities,
  'data import-addresses': addresses,
}
