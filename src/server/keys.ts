import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createHmac, randomBytes } from 'node:crypto'
import { join } from 'node:path'

/**
 * The master key (DESIGN.md §3): SWISSTAX_MASTER_KEY, or a key file created at
 * first start with mode 0600. Other secrets are derived from it, so the
 * database alone never holds what is needed to check a login code.
 */
export interface Keys {
  master: Buffer
  /** HMAC key for login codes. */
  codeHmac: Buffer
}

export function loadKeys(dataDir: string, envKey?: string): Keys {
  const master = envKey ? decodeKey(envKey) : readOrCreateKeyFile(join(dataDir, 'master.key'))
  return { master, codeHmac: derive(master, 'swisstax login-code hmac v1') }
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
  writeFileSync(path, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  chmodSync(path, 0o600)
  return readOrCreateKeyFile(path)
}
