import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createHmac, randomBytes } from 'node:crypto'
import { join } from 'node:path'

/**
 * The master key (docs/storage.md): SWISSTAX_MASTER_KEY, or a key file created at
 * first start with mode 0600. Other secrets are derived from it, so the
 * database alone never holds what is needed to check a login code.
 */
export interface Keys {
  master: Buffer
  /** HMAC key for login codes. */
  codeHmac: Buffer
}

export const keyFilePath = (dataDir: string) => join(dataDir, 'master.key')

/**
 * `mayCreate` is false once documents are stored: a new key over existing data
 * would make every stored file unreadable (a restored backup without its key).
 */
export function loadKeys(dataDir: string, envKey?: string, mayCreate = true): Keys {
  const path = keyFilePath(dataDir)
  if (!envKey && !mayCreate && !existsSync(path)) throw new MasterKeyError(path, 'missing')
  const master = envKey ? decodeKey(envKey) : readOrCreateKeyFile(path)
  return keysFrom(master)
}

export const keysFrom = (master: Buffer): Keys => ({ master, codeHmac: derive(master, 'swisstax login-code hmac v1') })

/** The refusal to start over stored documents without their key, in words an operator can act on. */
export class MasterKeyError extends Error {
  constructor(path: string, problem: 'missing' | 'wrong' | 'mixed') {
    super(
      problem === 'mixed'
        ? `Refusing to start: the master key opens the older documents but not the newest ones. This happens ` +
            `when \`swisstax keys rotate\` ran while a server was still storing documents with the previous key. ` +
            `With the server stopped, run \`swisstax keys repair PREVIOUS_KEY_FILE\` with the previous master key ` +
            `(from your backup of ${path}, or the SWISSTAX_MASTER_KEY you had): every data key it opens is ` +
            `re-wrapped under the current key. Until then, uploads after the rotation cannot be read.`
        : problem === 'missing'
          ? `Refusing to start: the data folder holds encrypted documents but their master key is missing. ` +
            `Restore the key file ${path} from your backup, or set SWISSTAX_MASTER_KEY to the base64 key. ` +
            `A new key would make every stored document unreadable, so none is created.`
          : `Refusing to start: the master key does not open the stored documents. ` +
            `Check SWISSTAX_MASTER_KEY or the key file ${path}: it must be the key these documents were stored with.`,
    )
  }
}

export const derive = (master: Buffer, label: string) => createHmac('sha256', master).update(label).digest()

function decodeKey(b64: string): Buffer {
  const key = Buffer.from(b64, 'base64')
  if (key.length !== 32) throw new Error('SWISSTAX_MASTER_KEY must be 32 bytes, base64-encoded')
  return key
}

function readOrCreateKeyFile(path: string): Buffer {
  if (existsSync(path)) return decodeKey(readFileSync(path, 'utf8').trim())
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(path, 0o600)
  return readOrCreateKeyFile(path)
}
