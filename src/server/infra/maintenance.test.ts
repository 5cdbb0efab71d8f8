import { afterEach, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { createSessionStore } from './sessions'
import { runMaintenance } from './maintenance'
import { purgeOldLoginCodes } from '../auth/service'

let t: ReturnType<typeof testApp>
afterEach(() => t?.close())

test('maintenance removes expired sessions and day-old login codes, keeps live ones', async () => {
  t = testApp()
  const old = await t.signIn('old@example.ch')
  t.clock.now += 25 * 3_600_000
  const fresh = await t.signIn('fresh@example.ch')
  const sessions = createSessionStore(t.ctx)
  runMaintenance(t.ctx, [() => sessions.purgeExpired(), () => purgeOldLoginCodes(t.ctx)])
  expect(t.ctx.sqlite.query('SELECT email FROM login_codes').all()).toEqual([{ email: 'fresh@example.ch' }])
  expect((t.ctx.sqlite.query('SELECT count(*) AS n FROM sessions').get() as { n: number }).n).toBe(1)
  expect((await t.request('GET', '/api/user', { cookie: fresh.cookie })).status).toBe(200)
  expect((await t.request('GET', '/api/user', { cookie: old.cookie })).status).toBe(401)
})

test('a failing task is logged and does not keep the next ones from running', () => {
  t = testApp()
  const logged: string[] = []
  const ran: string[] = []
  const ctx = {
    ...t.ctx,
    log: {
      ...t.ctx.log,
      error: (msg: string, fields?: Record<string, unknown>) => {
        logged.push(`${msg} ${fields?.task}`)
      },
    },
  }
  runMaintenance(ctx, [
    function broken() {
      throw new Error('disk full')
    },
    function next() {
      ran.push('next')
    },
  ])
  expect(ran).toEqual(['next'])
  expect(logged).toEqual(['maintenance failed broken'])
})
