import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import type { AppContext } from '../context'
import { keyFilePath } from '../keys'
import { keyWrapper } from '../infra/blob-store'
import { rewrapDataKeys } from '../documents/keys'
import { rewrapTextKeys } from '../recognition/text-store'
import { rewrapStatementXmlKeys } from '../recognition/statement-store'
import { audit, COMMAND_LINE } from '../infra/audit'

export const pendingKeyPath = (dataDir: string) => `${keyFilePath(dataDir)}.new`

/**
 * `swisstax keys rotate`: a new master key; every file's data key is unwrapped
 * with the old one and wrapped with the new one in one transaction. The files
 * themselves are not touched (envelope encryption). Run it with the server stopped.
 *
 * Crash safety: the new key is written to master.key.new (fsynced) before the
 * transaction, and renamed over master.key after it; start-up finishes a rotation
 * that was cut off between the two (boot.ts). With SWISSTAX_MASTER_KEY the new key
 * is printed instead, for the operator to put in place before the next start.
 */
export async function rotateKeys(ctx: AppContext): Promise<{ rotated: number; newKey?: string; keyFile?: string }> {
  const next = randomBytes(32)
  const fromEnv = !!ctx.config.masterKey
  const pending = pendingKeyPath(ctx.config.dataDir)
  if (!fromEnv) writeKeyFile(pending, next)
  const rotated = await rewrapDataKeys(ctx, keyWrapper(ctx.keys.master), keyWrapper(next))
  // What recognition read from the documents is encrypted the same way (docs/recognition.md).
  await rewrapTextKeys(ctx, keyWrapper(ctx.keys.master), keyWrapper(next))
  await rewrapStatementXmlKeys(ctx, keyWrapper(ctx.keys.master), keyWrapper(next))
  await audit(ctx, COMMAND_LINE, 'master_key_rotated', { dataKeys: rotated })
  if (fromEnv) return { rotated, newKey: next.toString('base64') }
  renameSync(pending, keyFilePath(ctx.config.dataDir))
  return { rotated, keyFile: keyFilePath(ctx.config.dataDir) }
}

function writeKeyFile(path: string, key: Buffer) {
  if (existsSync(path)) rmSync(path)
  const fd = openSync(path, 'wx', 0o600)
  try {
    writeSync(fd, `${key.toString('base64')}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * `swisstax keys repair PREVIOUS_KEY_FILE`: after a `keys rotate` that ran while a server kept storing
 * documents under the previous master key (the data lock refuses that now), every data key that the
 * current master key does not open but the previous one does is re-wrapped under the current one.
 * One transaction per table: a key that neither opens leaves everything as it was.
 */
export async function repairKeys(ctx: AppContext, previous: Buffer): Promise<{ rewrapped: number; total: number }> {
  const current = keyWrapper(ctx.keys.master)
  const old = keyWrapper(previous)
  let rewrapped = 0
  const either = {
    unwrap(wrapped: string) {
      try {
        return current.unwrap(wrapped)
      } catch {
        const key = old.unwrap(wrapped)
        rewrapped++
        return key
      }
    },
  }
  const total = (await rewrapDataKeys(ctx, either, current)) + (await rewrapTextKeys(ctx, either, current))
  if (rewrapped) await audit(ctx, COMMAND_LINE, 'master_key_rotated', { repaired: rewrapped })
  return { rewrapped, total }
}
