import { afterEach, expect, test } from 'bun:test'
import { testApp } from './test-helpers'
import { createSessionStore } from './auth/session'
import { runMaintenance } from './maintenance'

let t: ReturnType<typeof testApp>
afterEach(() => t?.close())

test('maintenance removes expired sessions and day-old login codes, keeps live ones', async () => {
  t = testApp()
  const old = await t.signIn('old@example.ch')
  t.clock.now += 25 * 3_600_000
  const fresh = await t.signIn('fresh@example.ch')
  runMaintenance(t.ctx, createSessionStore(t.ctx))
  expect(t.ctx.sqlite.query('SELECT email FROM login_codes').all()).toEqual([{ email: 'fresh@example.ch' }])
  expect((t.ctx.sqlite.query('SELECT count(*) AS n FROM sessions').get() as { n: number }).n).toBe(1)
  expect((await t.request('GET', '/api/user', { cookie: fresh.cookie })).status).toBe(200)
  expect((await t.request('GET', '/api/user', { cookie: old.cookie })).status).toBe(401)
})
