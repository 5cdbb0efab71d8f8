import { statSync } from 'node:fs'
import { parsePlanPrices, type PlanPrices } from '../shared/plans'
import { isValidEmail, normaliseEmail } from '../shared/email'

/** Runtime settings (docs/storage.md). Read and checked once at start; tests build their own. */
// The recognition workers' defaults: settings of the platform, which the recognition area reads (not the other
// way round).
/**
 * Resident memory of a recognition worker process (RECOGNITION_WORKER_MB): the worker ends itself
 * past it, whatever it is doing. Reading a scan peaks at about 215–250 MB.
 */
export const WORKER_MEMORY_MB = 1024
/**
 * One document may hold a worker this long (RECOGNITION_TIMEOUT_SECONDS; a multi-page scan on a
 * slow machine). The worker ends itself past it; the server's own timer, a little later, is the backstop.
 */
export const JOB_TIMEOUT_MS = 120_000
/**
 * A job whose worker ended waits this long before its next try (RECOGNITION_RETRY_SECONDS, doubled
 * each time), and then queues behind the jobs that came meanwhile: a file that kills its reader
 * does not hold other people's documents for three tries in a row.
 */
export const RETRY_AFTER_MS = 30_000
/**
 * A worker whose resident memory is above this after a job is ended, and the next job starts a
 * fresh one (RECOGNITION_RECYCLE_MB). Tesseract's WebAssembly memory grows with what it has read
 * and never shrinks. Fed grey pages, a worker rests at 185–191 MB over the bench's 110 documents (peak
 * 215 MB) and is not replaced there; the limit bounds the creep of a long season (a restart costs ~3 s of CPU).
 */
export const RECYCLE_ABOVE_MB = 250

export interface Config {
  port: number
  /** The address to listen on (HOST, default 0.0.0.0). */
  host: string
  /** SHARED_PORT=1: let several processes listen on one port (SO_REUSEPORT); off, a port in use stops the start. */
  sharedPort: boolean
  /**
   * The data folder: with SQLite everything (database, documents, key file); with PostgreSQL only this instance's
   * temporary files.
   */
  dataDir: string
  /** DATABASE_URL: postgres://user:password@host:port/db selects PostgreSQL; unset, SQLite in DATA_DIR. */
  databaseUrl?: string
  /** PG_POOL_SIZE: connections of this instance to PostgreSQL (default 10). */
  pgPoolSize: number
  publicUrl: string
  smtpUrl?: string
  mailFrom: string
  adminEmails: ReadonlySet<string>
  masterKey?: string
  dev: boolean
  /** How many proxies in front of the server append to X-Forwarded-For (0: ignore the header). */
  trustProxy: number
  appName: string
  /** Session lifetime without use, and at the latest after sign-in (ms). */
  sessionIdleMs: number
  sessionMaxMs: number
  addressSearchUrl?: string
  /** The firm named as representative in the power of attorney (docs/advanced.md). */
  firmName: string
  /** Its postal address, one line (commas separate the parts); empty: a line to fill in by hand. */
  firmAddress: string
  /** Audit entries older than this are swept daily (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays: number
  /** Stored bytes per person, all versions of live files (USER_QUOTA_MB, default 2048). */
  userQuotaBytes: number
  /** Documents read at once in the background (RECOGNITION_WORKERS, default 1; 0 stops recognition). */
  recognitionWorkers: number
  /** A recognition worker above this resident memory after a document is replaced (RECOGNITION_RECYCLE_MB). */
  recognitionRecycleMB: number
  /** A recognition worker ends itself past this resident memory (RECOGNITION_WORKER_MB). */
  recognitionWorkerMB: number
  /** …and when one document holds it longer than this (RECOGNITION_TIMEOUT_SECONDS). */
  recognitionTimeoutMs: number
  /** A job whose worker ended is tried again after this, doubled each time (RECOGNITION_RETRY_SECONDS). */
  recognitionRetryMs: number
  /** FILING_DEADLINE 'MM-DD' (default 03-31): the deadline of year Y falls on that day of Y+1. */
  filingDeadline: { month: number; day: number }
  /** PLAN_PRICES, e.g. "CHF basic=90 premium=190"; null: the plans page shows no prices. */
  planPrices: PlanPrices | null
  /** LOG_FORMAT: 'text' (one readable line) or 'json' (JSON lines for a log collector). */
  logFormat: 'text' | 'json'
  /** METRICS_TOKEN: GET /metrics answers only with it as a bearer token; unset, /metrics is 404. */
  metricsToken?: string
  /** SHUTDOWN_DRAIN_SECONDS: after SIGTERM, /readyz answers 503 this long before the server stops listening. */
  drainMs: number
  /** STORAGE_URL=s3://bucket/prefix: blobs in an S3-compatible bucket; unset, in DATA_DIR (infra/blob-store.ts). */
  storage?: StorageConfig
}

/** Where the blobs go when STORAGE_URL names a bucket. The secret is behind a function: no log or dump shows it. */
export interface StorageConfig {
  bucket: string
  /** '' or a path ending in '/', e.g. 'swisstax/'. */
  prefix: string
  endpoint?: string
  region?: string
  accessKeyId: string
  secret(): { secretAccessKey: string; sessionToken?: string }
}

/** A refused setting: the message names the setting and the value (secrets are not repeated). */
export class SettingError extends Error {
  constructor(name: string, raw: string, expected: string, opts: { secret?: boolean } = {}) {
    const shown = opts.secret ? `(${raw.length} characters, not shown)` : `"${raw}"`
    super(`Setting ${name}=${shown} refused: ${expected}`)
  }
}

type Env = Record<string, string | undefined>

/** 'MM-DD' → month and day; a wrong setting stops the start with a clear message. */
export function parseFilingDeadline(raw: string | undefined): { month: number; day: number } {
  const m = /^(\d{2})-(\d{2})$/.exec(raw ?? '03-31')
  const month = Number(m?.[1]),
    day = Number(m?.[2])
  // 2001 is not a leap year, so 02-29 is refused: a deadline must exist every year.
  const probe = new Date(Date.UTC(2001, month - 1, day))
  if (!m || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    throw new SettingError('FILING_DEADLINE', raw ?? '', 'it must be a day of the year as MM-DD (e.g. 03-31)')
  return { month, day }
}

/**
 * Every setting is parsed and checked here, once, before anything opens: a wrong value stops the
 * start with its name and value, instead of quietly becoming NaN (a session that never ends) or a default.
 */
export function loadConfig(env: Env = process.env, argv: string[] = []): Config {
  const port = int(env, 'PORT', 3000, 0, 65535)
  const dev = argv.includes('--dev') || oneOf(env, 'NODE_ENV', ['production', 'development', 'test']) === 'development'
  const publicUrl = httpUrl(env, 'PUBLIC_URL') ?? `http://localhost:${port}`
  const sessionIdleMs = number(env, 'SESSION_IDLE_MINUTES', 60, 1, 7 * 24 * 60) * 60_000
  const sessionMaxMs = number(env, 'SESSION_MAX_HOURS', 12, 0.1, 30 * 24) * 3_600_000
  if (sessionIdleMs > sessionMaxMs)
    throw new SettingError(
      'SESSION_IDLE_MINUTES',
      env.SESSION_IDLE_MINUTES ?? '60',
      `it must not be longer than SESSION_MAX_HOURS (${sessionMaxMs / 3_600_000} h)`,
    )
  const appName = text(env, 'APP_NAME', 'SwissTax', 60)
  const database = databaseUrl(env)
  if (database !== undefined && given(env, 'SWISSTAX_MASTER_KEY') === undefined)
    throw new SettingError(
      'SWISSTAX_MASTER_KEY',
      '',
      'it is required with DATABASE_URL (PostgreSQL): every instance must hold the same key, and none keeps a key ' +
        'file of its own',
      { secret: true },
    )
  return {
    port,
    host: host(env),
    sharedPort: flag(env, 'SHARED_PORT'),
    dataDir: dataDir(env),
    databaseUrl: database,
    pgPoolSize: int(env, 'PG_POOL_SIZE', 10, 1, 1000),
    publicUrl,
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env, publicUrl),
    adminEmails: adminEmails(env),
    masterKey: masterKey(env),
    dev,
    trustProxy: trustedHops(env.TRUST_PROXY),
    appName,
    sessionIdleMs,
    sessionMaxMs,
    addressSearchUrl: httpUrl(env, 'ADDRESS_SEARCH_URL'),
    firmName: text(env, 'FIRM_NAME', appName, 120),
    firmAddress: text(env, 'FIRM_ADDRESS', '', 200),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    userQuotaBytes: number(env, 'USER_QUOTA_MB', 2048, Number.MIN_VALUE, 1_048_576) * 1024 * 1024,
    recognitionWorkers: int(env, 'RECOGNITION_WORKERS', 1, 0, 16),
    recognitionRecycleMB: number(env, 'RECOGNITION_RECYCLE_MB', RECYCLE_ABOVE_MB, 1, 65_536),
    recognitionWorkerMB: number(env, 'RECOGNITION_WORKER_MB', WORKER_MEMORY_MB, 16, 65_536),
    recognitionTimeoutMs: number(env, 'RECOGNITION_TIMEOUT_SECONDS', JOB_TIMEOUT_MS / 1000, 0.1, 86_400) * 1000,
    recognitionRetryMs: number(env, 'RECOGNITION_RETRY_SECONDS', RETRY_AFTER_MS / 1000, 0, 86_400) * 1000,
    filingDeadline: parseFilingDeadline(env.FILING_DEADLINE || undefined),
    planPrices: planPrices(env.PLAN_PRICES),
    logFormat: oneOf(env, 'LOG_FORMAT', ['text', 'json']) ?? 'text',
    metricsToken: metricsToken(env),
    drainMs: int(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 300) * 1000,
    storage: storage(env),
  }
}

export const isHttps = (c: Config) => c.publicUrl.startsWith('https://')

/** An unset or empty setting takes its default. */
const given = (env: Env, name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]!)

function number(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = given(env, name)
  if (raw === undefined) return fallback
  const n = Number(raw.trim())
  if (!/^\s*[0-9.e+-]+\s*$/i.test(raw) || !Number.isFinite(n) || n < min || n > max)
    throw new SettingError(
      name,
      raw,
      `it must be a number from ${min === Number.MIN_VALUE ? 'above 0' : min} to ${max}`,
    )
  return n
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = given(env, name)
  if (raw === undefined) return fallback
  const n = Number(raw.trim())
  if (!/^\s*\d+\s*$/.test(raw) || n < min || n > max)
    throw new SettingError(name, raw, `it must be a whole number from ${min} to ${max}`)
  return n
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[]): T | undefined {
  const raw = given(env, name)
  if (raw === undefined) return undefined
  if (!values.includes(raw as T)) throw new SettingError(name, raw, `it must be one of ${values.join(', ')}`)
  return raw as T
}

function flag(env: Env, name: string): boolean {
  const raw = given(env, name)
  if (raw === undefined) return false
  if (['1', 'true', 'yes'].includes(raw)) return true
  if (['0', 'false', 'no'].includes(raw)) return false
  throw new SettingError(name, raw, 'it must be 1 (on) or 0 (off)')
}

/** A display text: one line, without control characters, at most `max` characters. */
function text(env: Env, name: string, fallback: string, max: number): string {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  if (raw.length > max || /[\p{Cc}\p{Cf}]/u.test(raw))
    throw new SettingError(name, raw, `it must be one line of at most ${max} characters`)
  return raw.trim()
}

function httpUrl(env: Env, name: string): string | undefined {
  const raw = given(env, name)
  if (raw === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new SettingError(name, raw, 'it must be a full http:// or https:// address, e.g. https://tax.example.ch')
  return raw.replace(/\/+$/, '')
}

function host(env: Env): string {
  const raw = given(env, 'HOST')
  if (raw === undefined) return '0.0.0.0'
  if (!/^[A-Za-z0-9.:_-]+$/.test(raw) || raw.length > 253)
    throw new SettingError('HOST', raw, 'it must be an IP address or a host name, e.g. 0.0.0.0 or 127.0.0.1')
  return raw
}

function dataDir(env: Env): string {
  const raw = env.DATA_DIR ?? './data'
  let isFile = false
  try {
    isFile = !statSync(raw).isDirectory()
  } catch {}
  if (raw.trim() === '' || raw.includes('\0') || isFile)
    throw new SettingError('DATA_DIR', raw, 'it must name a folder (created if missing), not a file')
  return raw
}

/** A URL with its password replaced by ***, for messages and logs. */
export const withoutPassword = (raw: string) => raw.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@')

function databaseUrl(env: Env): string | undefined {
  const raw = given(env, 'DATABASE_URL')
  if (raw === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname || url.pathname.length < 2)
    throw new SettingError(
      'DATABASE_URL',
      withoutPassword(raw),
      'it must be postgres://user:password@host:port/database (unset: SQLite in DATA_DIR)',
    )
  return raw
}

function smtpUrl(env: Env): string | undefined {
  const raw = given(env, 'SMTP_URL')
  if (raw === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    // The password is not repeated into the log.
    throw new SettingError(
      'SMTP_URL',
      withoutPassword(raw),
      'it must be smtp://[user:password@]host[:port] or smtps://…',
    )
  }
  return raw
}

function mailFrom(env: Env, publicUrl: string): string {
  const raw = given(env, 'MAIL_FROM')
  if (raw === undefined) return `SwissTax <no-reply@${new URL(publicUrl).hostname}>`
  const address = /<([^<>]+)>\s*$/.exec(raw)?.[1] ?? raw
  if (!isValidEmail(normaliseEmail(address)) || /[\r\n]/.test(raw))
    throw new SettingError('MAIL_FROM', raw, 'it must be an e-mail address, e.g. "SwissTax <no-reply@example.ch>"')
  return raw
}

function adminEmails(env: Env): Set<string> {
  const raw = env.ADMIN_EMAILS ?? ''
  const emails = raw
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
  for (const e of emails)
    if (!isValidEmail(normaliseEmail(e)))
      throw new SettingError('ADMIN_EMAILS', raw, `"${e}" is not an e-mail address (separate addresses with commas)`)
  return new Set(emails)
}

function masterKey(env: Env): string | undefined {
  const raw = given(env, 'SWISSTAX_MASTER_KEY')
  if (raw === undefined) return undefined
  if (!/^[A-Za-z0-9+/]+={0,2}\s*$/.test(raw) || Buffer.from(raw, 'base64').length !== 32)
    throw new SettingError('SWISSTAX_MASTER_KEY', raw, 'it must be 32 bytes, base64-encoded (44 characters)', {
      secret: true,
    })
  return raw
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_SESSION_TOKEN']

/**
 * STORAGE_URL and the S3 settings, under the names Bun's S3 client reads (S3_*).
 * Unset: undefined, the blobs stay in DATA_DIR.
 */
function storage(env: Env): StorageConfig | undefined {
  const raw = given(env, 'STORAGE_URL')
  if (raw === undefined) {
    // S3 settings without the bucket would quietly keep the documents on this instance's disk.
    for (const name of S3_SETTINGS)
      if (given(env, name) !== undefined)
        throw new SettingError(
          name,
          env[name]!,
          'it is used only with STORAGE_URL=s3://BUCKET/PREFIX, which is unset',
          {
            secret: name === 'S3_SECRET_ACCESS_KEY' || name === 'S3_SESSION_TOKEN',
          },
        )
    return undefined
  }
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([A-Za-z0-9._/-]*))?$/.exec(raw)
  const prefix = (m?.[2] ?? '').replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/')
  if (!m || prefix.split('/').some((part) => part === '.' || part === '..'))
    throw new SettingError('STORAGE_URL', raw, 'it must be s3://BUCKET or s3://BUCKET/PREFIX, e.g. s3://swisstax/blobs')
  const accessKeyId = given(env, 'S3_ACCESS_KEY_ID')
  const secretAccessKey = given(env, 'S3_SECRET_ACCESS_KEY')
  if (!accessKeyId || !secretAccessKey)
    throw new SettingError('STORAGE_URL', raw, 'it needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too')
  const region = given(env, 'S3_REGION')
  if (region !== undefined && !/^[a-z0-9-]{1,40}$/.test(region))
    throw new SettingError('S3_REGION', region, 'it must be a region name, e.g. eu-central-2')
  const sessionToken = given(env, 'S3_SESSION_TOKEN')
  return {
    bucket: m[1]!,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: httpUrl(env, 'S3_ENDPOINT'),
    region,
    accessKeyId,
    secret: () => ({ secretAccessKey, sessionToken }),
  }
}

function metricsToken(env: Env): string | undefined {
  const raw = given(env, 'METRICS_TOKEN')
  if (raw === undefined) return undefined
  if (raw.length < 16 || /\s/.test(raw))
    throw new SettingError('METRICS_TOKEN', raw, 'it must be at least 16 characters without spaces', { secret: true })
  return raw
}

function planPrices(raw: string | undefined): PlanPrices | null {
  try {
    return parsePlanPrices(raw)
  } catch (err) {
    throw new SettingError('PLAN_PRICES', raw ?? '', (err as Error).message.replace(/^PLAN_PRICES /, 'it '))
  }
}

/** TRUST_PROXY=N: N trusted hops; 'true' is one, unset or 'false' none. */
function trustedHops(raw: string | undefined): number {
  if (!raw || raw === 'false') return 0
  if (raw === 'true') return 1
  if (!/^\d+$/.test(raw) || Number(raw) > 10)
    throw new SettingError('TRUST_PROXY', raw, 'it must be a number of proxies from 0 to 10 (or true/false)')
  return Number(raw)
}
