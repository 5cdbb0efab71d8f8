// The polled reads kept in memory between commits (issue 28): the session row behind every authenticated call and
// the dashboard's answers (GET /api/tax-status, /api/user, /api/notifications). Whatever another process (its own
// connections, its own transactions) or the clock changes is seen at the very next request. On PostgreSQL nothing
// is kept (no data_version) and the same assertions hold.
import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { onPostgres, testApp } from '../test-helpers'
import { createContext } from '../boot'
import { silentLogger } from '../log'
import { notify } from '../notifications/service'
import { taxStatusAnswer } from '../tax-status/service'

const YEAR = 2025
let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

/** Runs `sql` as a second server on the same data folder would: its own context, connections and transaction. */
async function asOtherProcess(fn: (other: Awaited<ReturnType<typeof createContext>>) => Promise<unknown>) {
  const other = await createContext(t.config, { now: () => t.clock.now, log: silentLogger })
  try {
    await fn(other)
  } finally {
    other.backend.close()
  }
}

/** Signed in, and each polled answer asked twice, so that whatever can be kept is kept. */
async function polling() {
  t = await testApp()
  const alice = await t.signIn('alice@example.ch')
  for (let i = 0; i < 2; i++)
    for (const path of [`/api/tax-status?taxYear=${YEAR}`, `/api/user?taxYear=${YEAR}`, '/api/notifications'])
      expect((await t.request('GET', path, { cookie: alice.cookie })).status).toBe(200)
  return alice
}

describe('the session behind a poll', () => {
  test('signed out by another process: the next request is a 401', async () => {
    const alice = await polling()
    await asOtherProcess((o) => o.tx(() => o.backend.run('DELETE FROM sessions WHERE user_id = ?', alice.user.id)))
    const r = await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, { cookie: alice.cookie })
    expect(r.status).toBe(401)
    expect(r.json.code).toBe('SESSION_EXPIRED')
  })

  test('made an admin by another process: the next request has the role', async () => {
    const alice = await polling()
    expect((await t.request('GET', '/api/admin/users', { cookie: alice.cookie })).status).toBe(403)
    await asOtherProcess((o) =>
      o.tx(() => o.backend.run("UPDATE users SET role = 'admin' WHERE id = ?", alice.user.id)),
    )
    expect((await t.request('GET', '/api/admin/users', { cookie: alice.cookie })).status).toBe(200)
  })

  test('idle past the limit by the clock alone, nothing committed: a 401, and the row is gone', async () => {
    const alice = await polling()
    t.clock.now += t.config.sessionIdleMs + 1
    expect((await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, { cookie: alice.cookie })).status).toBe(401)
    const left = await t.ctx.backend.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?',
      alice.user.id,
    )
    expect(left?.n).toBe(0)
  })

  test('past its maximum age while kept busy: a 401', async () => {
    const alice = await polling()
    const step = t.config.sessionIdleMs - 1000
    for (let at = 0; at + step <= t.config.sessionMaxMs; at += step) {
      t.clock.now += step
      expect((await t.request('GET', '/api/notifications', { cookie: alice.cookie })).status).toBe(200)
    }
    t.clock.now += step
    expect((await t.request('GET', '/api/notifications', { cookie: alice.cookie })).status).toBe(401)
  })

  test('the once-a-minute touch is written and keeps a polled session alive past the idle limit', async () => {
    const alice = await polling()
    const seen = () =>
      t.ctx.backend.get<{ at: number }>('SELECT last_seen_at AS at FROM sessions WHERE user_id = ?', alice.user.id)
    const opened = (await seen())!.at
    t.clock.now += 30_000
    await t.request('GET', '/api/user', { cookie: alice.cookie })
    expect((await seen())!.at).toBe(opened)
    t.clock.now += 31_000
    await t.request('GET', '/api/user', { cookie: alice.cookie })
    expect((await seen())!.at).toBe(t.clock.now)
    // Two polls, each just under the idle limit after the one before: alive only if each touch was seen by the next.
    for (let i = 0; i < 2; i++) {
      t.clock.now += t.config.sessionIdleMs - 1000
      expect((await t.request('GET', '/api/user', { cookie: alice.cookie })).status).toBe(200)
      expect((await seen())!.at).toBe(t.clock.now)
    }
  })

  test.skipIf(onPostgres)('ended by any other connection (sqlite3 by hand): the next request is a 401', async () => {
    const alice = await polling()
    const raw = new Database(join(t.dataDir, 'swisstax.db'))
    raw.exec('PRAGMA busy_timeout = 5000')
    raw.query('DELETE FROM sessions').run()
    raw.close()
    expect((await t.request('GET', '/api/user', { cookie: alice.cookie })).status).toBe(401)
  })
})

describe('the polled answers', () => {
  test('a status moved by another process: the next poll shows it, the old ETag no longer matches', async () => {
    const alice = await polling()
    const before = await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, { cookie: alice.cookie })
    expect(before.json.current_status_id).toBe(1)
    await asOtherProcess((o) =>
      o.tx(() =>
        o.backend.run(
          'INSERT INTO tax_year_status (user_id, tax_year, status_id, updated_at) VALUES (?, ?, 3, ?)',
          alice.user.id,
          YEAR,
          t.clock.now,
        ),
      ),
    )
    const after = await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, {
      cookie: alice.cookie,
      headers: { 'if-none-match': before.headers.get('etag')! },
    })
    expect(after.status).toBe(200)
    expect(after.json.current_status_id).toBe(3)
    const me = await t.request('GET', `/api/user?taxYear=${YEAR}`, { cookie: alice.cookie })
    expect(me.json.taxStatusId).toBe(3)
  })

  test('a notification stored by another process: the next poll lists it', async () => {
    const alice = await polling()
    const before = (await t.request('GET', '/api/notifications', { cookie: alice.cookie })).json
    await asOtherProcess((o) =>
      notify(o, alice.user.id, { code: 'documents_transmitted', params: { year: YEAR } } as Parameters<
        typeof notify
      >[2]),
    )
    const after = (await t.request('GET', '/api/notifications', { cookie: alice.cookie })).json
    expect(after).toHaveLength(before.length + 1)
    expect(after.some((n: { code: string }) => n.code === 'documents_transmitted')).toBe(true)
  })

  test('a profile edited by another process: the next GET /api/user and its reminders show it', async () => {
    const alice = await polling()
    const reminders = async () =>
      (await t.request('GET', '/api/notifications', { cookie: alice.cookie })).json
        .map((n: { id: string }) => n.id)
        .filter((id: string) => id.startsWith('reminder-'))
    expect(await reminders()).toContain('reminder-name')
    await asOtherProcess((o) =>
      o.tx(() =>
        o.backend.run("UPDATE users SET first_name = 'Zora', last_name = 'Muster' WHERE id = ?", alice.user.id),
      ),
    )
    expect((await t.request('GET', `/api/user?taxYear=${YEAR}`, { cookie: alice.cookie })).json.name).toBe(
      'Zora Muster',
    )
    expect(await reminders()).not.toContain('reminder-name')
  })

  test('each answer is its own: another user, another year', async () => {
    const alice = await polling()
    const bob = await t.signIn('bob@example.ch')
    await t.ctx.tx(() =>
      t.ctx.backend.run(
        'INSERT INTO tax_year_status (user_id, tax_year, status_id, updated_at) VALUES (?, ?, 2, ?)',
        alice.user.id,
        YEAR,
        t.clock.now,
      ),
    )
    expect((await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, { cookie: alice.cookie })).json).toMatchObject({
      current_status_id: 2,
      taxYear: YEAR,
    })
    expect((await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, { cookie: bob.cookie })).json).toMatchObject({
      current_status_id: 1,
    })
    expect(
      (await t.request('GET', `/api/tax-status?taxYear=${YEAR - 1}`, { cookie: alice.cookie })).json,
    ).toMatchObject({ current_status_id: 1, taxYear: YEAR - 1 })
    expect((await t.request('GET', `/api/user?taxYear=${YEAR}`, { cookie: bob.cookie })).json.email).toBe(
      'bob@example.ch',
    )
  })

  test('every polled answer, 200 or 304, carries the security headers once, its ETag and no-store', async () => {
    const alice = await polling()
    for (const path of [
      `/api/tax-status?taxYear=${YEAR}`,
      `/api/user?taxYear=${YEAR}`,
      '/api/notifications',
      '/api/files',
    ]) {
      const full = await t.request('GET', path, { cookie: alice.cookie })
      const etag = full.headers.get('etag')!
      const same = await t.request('GET', path, { cookie: alice.cookie, headers: { 'if-none-match': etag } })
      expect([full.status, same.status]).toEqual([200, 304])
      for (const r of [full, same]) {
        expect(r.headers.get('content-security-policy')).toContain("default-src 'self'")
        expect(r.headers.get('x-frame-options')).toBe('DENY')
        expect(r.headers.get('cache-control')).toBe('no-store')
        expect(r.headers.get('etag')).toBe(etag)
      }
      expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8')
    }
  })

  test.skipIf(onPostgres)('with nothing committed the kept answer is served, one object', async () => {
    const alice = await polling()
    const a = await taxStatusAnswer(t.ctx, alice.user.id, YEAR)
    expect(await taxStatusAnswer(t.ctx, alice.user.id, YEAR)).toBe(a)
  })
})
