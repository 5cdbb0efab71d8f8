// Every setting is checked at start: one bad value each, refused with the setting's name and the value.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from './config'

const aFile = join(mkdtempSync(join(tmpdir(), 'swisstax-config-')), 'not-a-folder')
writeFileSync(aFile, '')

/** [setting, a bad value, what the message shows of the value (secrets are not repeated)] */
const BAD: [string, string, string?][] = [
  ['PORT', '70000'],
  ['HOST', 'two words'],
  ['SHARED_PORT', 'maybe'],
  ['DATA_DIR', aFile],
  ['PUBLIC_URL', 'notaurl'],
  ['SMTP_URL', 'mail.example.ch:587'],
  ['MAIL_FROM', 'SwissTax'],
  ['ADMIN_EMAILS', 'a@example.ch, nobody'],
  ['SWISSTAX_MASTER_KEY', 'c2hvcnQ=', '8 characters, not shown'],
  ['NODE_ENV', 'prod'],
  ['TRUST_PROXY', 'yes'],
  ['APP_NAME', 'x'.repeat(61)],
  ['SESSION_IDLE_MINUTES', 'abc'],
  ['SESSION_MAX_HOURS', '-1'],
  ['ADDRESS_SEARCH_URL', 'ftp://geo.example.ch'],
  ['FIRM_NAME', 'Treuhand\nAG'],
  ['FIRM_ADDRESS', 'y'.repeat(201)],
  ['AUDIT_RETENTION_DAYS', '30.5'],
  ['USER_QUOTA_MB', '0'],
  ['RECOGNITION_WORKERS', '17'],
  ['RECOGNITION_RECYCLE_MB', 'lots'],
  ['RECOGNITION_WORKER_MB', '12'],
  ['RECOGNITION_TIMEOUT_SECONDS', 'forever'],
  ['RECOGNITION_RETRY_SECONDS', '-5'],
  ['FILING_DEADLINE', '02-30'],
  ['PLAN_PRICES', 'CHF basic=90'],
  ['LOG_FORMAT', 'xml'],
  ['METRICS_TOKEN', 'short', '5 characters, not shown'],
  ['SHUTDOWN_DRAIN_SECONDS', '1m'],
  ['DATABASE_URL', 'mysql://swisstax:s3cret@db.example.ch/tax', 'mysql://swisstax:***@db.example.ch/tax'],
  ['PG_POOL_SIZE', '0'],
  ['STORAGE_URL', 'https://bucket.example.ch/x'],
  // Alone (without STORAGE_URL), each S3 setting is refused: the documents would quietly stay on this disk.
  ['S3_ENDPOINT', 'https://s3.example.ch'],
  ['S3_REGION', 'eu-central-2'],
  ['S3_ACCESS_KEY_ID', 'AKIAEXAMPLE'],
  ['S3_SECRET_ACCESS_KEY', 'the-s3-secret', '13 characters, not shown'],
  ['S3_SESSION_TOKEN', 'a-session-token', '15 characters, not shown'],
]

describe('a bad setting stops the start, naming the setting and the value', () => {
  for (const [name, value, shown] of BAD)
    test(`${name}=${JSON.stringify(value).slice(0, 30)}`, () => {
      let message = ''
      try {
        loadConfig({ DATA_DIR: tmpdir(), [name]: value })
      } catch (err) {
        message = (err as Error).message
      }
      expect(message).toContain(`${name}=`)
      expect(message).toContain(shown ?? value)
      if (shown) expect(message).not.toContain(value)
    })

  test('the table covers every setting config.ts reads', () => {
    const source = readFileSync(join(import.meta.dir, 'config.ts'), 'utf8')
    const names = new Set(
      [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2]),
    )
    expect(names.size).toBeGreaterThan(20)
    expect([...names].filter((n) => !BAD.some(([b]) => b === n))).toEqual([])
  })

  test('PostgreSQL needs the master key: refused without it, naming it; the URL and its password are not shown', () => {
    const url = 'postgres://swisstax:s3cret@db.example.ch:5432/tax'
    let message = ''
    try {
      loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: url })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toContain('SWISSTAX_MASTER_KEY')
    expect(message).toContain('DATABASE_URL')
    expect(message).not.toContain('s3cret')
    const key = Buffer.alloc(32, 1).toString('base64')
    expect(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: url, SWISSTAX_MASTER_KEY: key })).toMatchObject({
      databaseUrl: url,
      pgPoolSize: 10,
    })
    expect(loadConfig({ DATA_DIR: tmpdir() }).databaseUrl).toBeUndefined()
  })

  test('STORAGE_URL: a bucket and a clean prefix, the S3 keys required with it, the secret in no dump', () => {
    const s3 = {
      DATA_DIR: tmpdir(),
      S3_ENDPOINT: 'https://s3.example.ch/',
      S3_REGION: 'eu-central-2',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'the-s3-secret',
    }
    const c = loadConfig({ ...s3, STORAGE_URL: 's3://swisstax-docs//firm/a/' })
    expect(c.storage).toMatchObject({
      bucket: 'swisstax-docs',
      prefix: 'firm/a/',
      endpoint: 'https://s3.example.ch',
      region: 'eu-central-2',
      accessKeyId: 'AKIAEXAMPLE',
    })
    expect(c.storage!.secret()).toEqual({ secretAccessKey: 'the-s3-secret', sessionToken: undefined })
    expect(JSON.stringify(c)).not.toContain('the-s3-secret')
    expect(Bun.inspect(c)).not.toContain('the-s3-secret')
    expect(loadConfig({ ...s3, STORAGE_URL: 's3://swisstax-docs' }).storage!.prefix).toBe('')
    for (const bad of ['s3://', 's3://B/x', 's3://bucket/../x', 's3://bucket/a b', 'S3://bucket'])
      expect(() => loadConfig({ ...s3, STORAGE_URL: bad })).toThrow('STORAGE_URL=')
    const { S3_SECRET_ACCESS_KEY: _, ...noSecret } = s3
    expect(() => loadConfig({ ...noSecret, STORAGE_URL: 's3://bucket1' })).toThrow(
      /needs S3_ACCESS_KEY_ID and S3_SECRET/,
    )
    expect(() => loadConfig({ ...s3, STORAGE_URL: 's3://bucket1', S3_REGION: 'EU 2' })).toThrow('S3_REGION="EU 2"')
  })

  test('the idle limit is not longer than the session', () => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), SESSION_IDLE_MINUTES: '600', SESSION_MAX_HOURS: '2' })).toThrow(
      /SESSION_IDLE_MINUTES="600" refused.*SESSION_MAX_HOURS/,
    )
  })

  test('good values and defaults pass', () => {
    const c = loadConfig({
      DATA_DIR: tmpdir(),
      SESSION_IDLE_MINUTES: '30',
      SMTP_URL: 'smtp://u:p@mail.example.ch:587',
      MAIL_FROM: 'Treuhand <no-reply@example.ch>',
      METRICS_TOKEN: 'a'.repeat(32),
      LOG_FORMAT: 'json',
      SHARED_PORT: '1',
      PUBLIC_URL: 'https://tax.example.ch/',
    })
    expect(c).toMatchObject({ sessionIdleMs: 1_800_000, logFormat: 'json', sharedPort: true })
    expect(c.publicUrl).toBe('https://tax.example.ch')
    expect(loadConfig({ DATA_DIR: tmpdir() })).toMatchObject({ port: 3000, sessionIdleMs: 3_600_000, drainMs: 0 })
  })
})
