import { first } from '../../db/query'
// The storage seam (issue 22): transactions through AsyncLocalStorage, the write guard, and the claims that let
// several processes share one database (two contexts on one data folder stand for two processes).
import { afterEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { onPostgres, T0, testApp } from '../../test-helpers'
import { createContext } from '../../boot'
import { silentLogger } from '../../log'
import { appMeta, mailOutbox, recognitions } from '../../db/schema'
import type { AppContext } from '../../context'
import { claimNext, runJob } from '../../recognition/service'
import { claimPeriod } from '../schedules'
import { deliverDue, MAIL_LEASE_MS, queueClientMail } from '../../client-mail/service'
import { pdf, uploadForm } from '../../documents/test-fixtures'
import type { Pool } from '../../recognition/pool'
import type { Mailer } from '../mailer'
import { documentHooks } from '../../wiring'

let t: Awaited<ReturnType<typeof testApp>>
const others: AppContext[] = []
afterEach(() => {
  for (const o of others.splice(0)) o.backend.close()
  t?.close()
})

/** A second process on the same data folder, with the same clock. */
async function neighbour(mailer?: Mailer) {
  const ctx = await createContext(t.config, { now: () => t.clock.now, log: silentLogger, mailer })
  others.push(ctx)
  return ctx
}

const meta = (ctx: AppContext) => first(ctx.db.select().from(appMeta).where(eq(appMeta.key, 'probe')))

describe('transactions', () => {
  test('inside tx every call sees its writes; outside, nobody does until the commit', async () => {
    t = await testApp()
    const other = await neighbour()
    await t.ctx.tx(async () => {
      await t.ctx.db.insert(appMeta).values({ key: 'probe', value: '1' })
      // A service handed the plain context, called inside: it reads through the transaction.
      const inner = async (ctx: AppContext) => meta(ctx)
      expect(await inner(t.ctx)).toEqual({ key: 'probe', value: '1' })
      expect(await meta(other)).toBeUndefined()
    })
    expect(await meta(other)).toEqual({ key: 'probe', value: '1' })
  })

  test('a failure rolls everything back; a failing inner tx rolls back only itself', async () => {
    t = await testApp()
    await expect(
      t.ctx.tx(async () => {
        await t.ctx.db.insert(appMeta).values({ key: 'probe', value: 'lost' })
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await meta(t.ctx)).toBeUndefined()
    await t.ctx.tx(async () => {
      await t.ctx.db.insert(appMeta).values({ key: 'probe', value: 'kept' })
      await t.ctx
        .tx(async () => {
          await t.ctx.db.update(appMeta).set({ value: 'inner' }).where(eq(appMeta.key, 'probe'))
          throw new Error('inner refused')
        })
        .catch(() => {})
    })
    expect(await meta(t.ctx)).toEqual({ key: 'probe', value: 'kept' })
  })

  test('a write outside tx is refused (the shared connection only reads); a raw run is a tx of its own', async () => {
    t = await testApp()
    // SQLite: "attempt to write a readonly database"; PostgreSQL: "cannot execute INSERT in a read-only transaction".
    const refusal = await t.ctx.db
      .insert(appMeta)
      .values({ key: 'probe', value: 'x' })
      .then(
        () => '',
        (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`,
      )
    expect(refusal).toMatch(/readonly|read-only/)
    expect(await meta(t.ctx)).toBeUndefined()
    expect(t.ctx.lock('k')).rejects.toThrow(/outside a transaction/)
    expect(await t.ctx.backend.run("INSERT INTO app_meta (key, value) VALUES ('probe', ?)", 'raw')).toEqual({
      changes: 1,
    })
    expect(await meta(t.ctx)).toEqual({ key: 'probe', value: 'raw' })
  })

  test('a named lock serialises two transactions, also of two processes, until the first ends', async () => {
    t = await testApp()
    const other = await neighbour()
    const order: string[] = []
    const run = (ctx: AppContext, name: string) =>
      ctx.tx(async () => {
        await ctx.lock('files:1')
        order.push(`${name} begin`)
        // Read-then-write: each adds one to what it read; without the lock both would read the same value.
        const seen = Number((await first(ctx.db.select().from(appMeta).where(eq(appMeta.key, 'n'))))?.value ?? 0)
        await Bun.sleep(20)
        await ctx.db
          .insert(appMeta)
          .values({ key: 'n', value: String(seen + 1) })
          .onConflictDoUpdate({ target: appMeta.key, set: { value: String(seen + 1) } })
        order.push(`${name} end`)
      })
    await Promise.all([run(t.ctx, 'a'), run(other, 'b'), run(t.ctx, 'c')])
    for (let i = 0; i < 6; i += 2) expect(order[i + 1]).toBe(order[i]!.replace('begin', 'end'))
    expect(await first(t.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'n')))).toEqual({ key: 'n', value: '3' })
  })

  test('raw rows have the same shapes on every backend', async () => {
    t = await testApp()
    const { user } = await t.signIn('shape@example.ch')
    const row = await t.ctx.backend.get<Record<string, unknown>>(
      `SELECT id, created_at, email_updates, COUNT(*) AS n, SUM(created_at) AS total, 'it''s ?' AS quoted
         FROM users WHERE email = ? AND email_updates = ? GROUP BY id, created_at, email_updates`,
      'shape@example.ch',
      true,
    )
    expect(row).toEqual({ id: user.id, created_at: T0, email_updates: 1, n: 1, total: T0, quoted: "it's ?" })
  })

  // SQLite only: PostgreSQL runs transactions side by side; what serialises them there is lock(), tested above.
  test.skipIf(onPostgres)(
    'transactions of one process take turns: interleaved awaits never mix their writes',
    async () => {
      t = await testApp()
      const order: string[] = []
      const run = (name: string) =>
        t.ctx.tx(async () => {
          order.push(`${name} begin`)
          await t.ctx.db.insert(appMeta).values({ key: name, value: name })
          await Bun.sleep(5)
          order.push(`${name} end`)
          if (name === 'b') throw new Error('b fails')
        })
      await Promise.allSettled([run('a'), run('b'), run('c')])
      expect(order).toEqual(['a begin', 'a end', 'b begin', 'b end', 'c begin', 'c end'])
      const keys = (await t.ctx.db.select({ key: appMeta.key }).from(appMeta)).map((r) => r.key).sort()
      expect(keys).toEqual(['a', 'c'])
    },
  )
})

describe('claims across processes', () => {
  async function pendingJob() {
    const { cookie } = await t.signIn('a@example.ch')
    const res = await t.app.handle(
      new Request('http://localhost/api/files/upload', {
        method: 'POST',
        headers: { cookie },
        body: uploadForm([{ name: 'a.pdf', data: pdf('a') }], { taxYear: 2025, categoryId: 1 }),
      }),
    )
    expect(res.status).toBe(200)
    return (await first(t.ctx.db.select().from(recognitions)))!.versionId
  }

  test('two claimers, one job; an expired lease is taken over; the old owner cannot finish it', async () => {
    t = await testApp()
    const other = await neighbour()
    const job = await pendingJob()
    const [mine, theirs] = await Promise.all([claimNext(t.ctx), claimNext(other)])
    expect([mine, theirs].filter(Boolean)).toEqual([job])
    const owner = mine ? t.ctx : other
    const taker = mine ? other : t.ctx
    expect(await claimNext(taker)).toBeNull()
    // The owner died: past its lease, another process takes the job over.
    t.clock.now += t.config.recognitionTimeoutMs + 61_000
    expect(await claimNext(taker)).toBe(job)
    // The old owner comes back and runs it: nothing it writes lands, the job stays the taker's.
    const pool = {
      run: async (_name: string, input: { stream: ReadableStream<Uint8Array> }) => {
        await new Response(input.stream).arrayBuffer()
        return { ok: false, error: 'late', unsupported: false }
      },
    } as unknown as Pool
    await runJob(owner, t.blobs, documentHooks(owner), pool, job)
    const row = (await first(t.ctx.db.select().from(recognitions).where(eq(recognitions.versionId, job))))!
    expect(row).toMatchObject({ status: 'pending', attempts: 0, leaseOwner: taker.instance })
  })

  test('a scheduled job runs once per period whichever processes ask', async () => {
    t = await testApp()
    const other = await neighbour()
    const ask = () => Promise.all([claimPeriod(t.ctx, 'sweep', 3_600_000), claimPeriod(other, 'sweep', 3_600_000)])
    expect((await ask()).filter(Boolean)).toHaveLength(1)
    t.clock.now += 3_599_000
    expect((await ask()).filter(Boolean)).toHaveLength(0)
    t.clock.now += 1_000
    expect((await ask()).filter(Boolean)).toHaveLength(1)
  })

  test('a mail is sent by one process while the other finds it claimed; a dead sender’s claim runs out', async () => {
    const sent: string[] = []
    let release = () => {}
    const slow: Mailer = {
      async sendLoginCode() {},
      async send(mail) {
        sent.push(mail.to)
        // The first delivery hangs (a sender that died mid-send, as far as the others can tell).
        if (sent.length === 1)
          await new Promise<void>((ok) => {
            release = ok
          })
      },
    }
    t = await testApp({}, { send: slow.send })
    const other = await neighbour(slow)
    const { user } = await t.signIn('b@example.ch')
    expect(await queueClientMail(t.ctx, user.id, { kind: 'expert_reply' })).toBe(true)
    const firstRun = deliverDue(t.ctx)
    while (!sent.length) await Bun.sleep(1)
    // Meanwhile the other process looks: the mail is claimed, it sends nothing.
    expect(await deliverDue(other)).toEqual({ sent: 0, failed: 0 })
    expect(sent).toEqual(['b@example.ch'])
    // Past the lease the owner counts as dead: the other takes the mail over and sends it.
    t.clock.now += MAIL_LEASE_MS + 1
    expect(await deliverDue(other)).toEqual({ sent: 1, failed: 0 })
    // The first owner comes back: its own send ends, but the row is the other's and stays as the other left it.
    release()
    await firstRun
    const row = (await first(t.ctx.db.select().from(mailOutbox)))!
    expect(row).toMatchObject({ attempts: 1, leaseOwner: null })
    expect(row.sentAt).toBe(t.clock.now)
    expect(await deliverDue(t.ctx)).toEqual({ sent: 0, failed: 0 })
  })
})

describe('after the commit', () => {
  test('afterCommit runs after the outermost commit, outside the transaction; never after a rollback', async () => {
    t = await testApp()
    const other = await neighbour()
    const seen: string[] = []
    await t.ctx.tx(async () => {
      await t.ctx.db.insert(appMeta).values({ key: 'probe', value: 'committed' })
      await t.ctx.tx(async () => {
        t.ctx.backend.afterCommit(() => {
          // Outside the transaction, and the other process sees the row.
          seen.push(`inTx=${t.ctx.backend.inTx()}`)
          void meta(other).then((row) => seen.push(row?.value ?? 'not visible'))
        })
      })
      expect(seen).toEqual([])
    })
    while (seen.length < 2) await Bun.sleep(1)
    expect(seen).toEqual(['inTx=false', 'committed'])
    await t.ctx
      .tx(async () => {
        t.ctx.backend.afterCommit(() => seen.push('rolled back'))
        throw new Error('refused')
      })
      .catch(() => {})
    t.ctx.backend.afterCommit(() => seen.push('no transaction: at once'))
    expect(seen).toEqual(['inTx=false', 'committed', 'no transaction: at once'])
  })
})
