// Mail to clients against a real SMTP server (smtp-server): expert reply, status move,
// deadline reminders, the profile's switch, and a failing server (issue 11).
import { afterEach, describe, expect, test } from 'bun:test'
import { SMTPServer } from 'smtp-server'
import { createMailer } from '../infra/mailer'
import { loadConfig } from '../config'
import { silentLogger } from '../log'
import { testApp } from '../test-helpers'
import { writeStatus } from '../tax-status/service'
import { fillUser } from '../users/test-fixtures'
import { freePort } from '../../../e2e/harness'
import { senderOf } from './sender'
import { deliverDue, retryDelay, STATUS_MAIL_SETTLE_MS } from './service'
import { checkDeadlines } from '../wiring'

interface Received {
  to: string
  raw: string
}

async function startSmtp() {
  const received: Received[] = []
  const state = { failing: false }
  const port = await freePort()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8')
      })
      stream.on('end', () => {
        if (state.failing)
          return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }))
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw })
        callback()
      })
    },
  })
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok))
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: Awaited<ReturnType<typeof testApp>>
afterEach(async () => {
  await senderOf(t.ctx).idle()
  t.close()
  await smtp.stop()
})

const ADMIN = 'expert@example.ch'
const DE_REVIEW = (await import('../../../locales/de/home.json')).default.status.name.review_required
const PUBLIC_URL = 'https://steuern.example.ch'

async function setup() {
  smtp = await startSmtp()
  const env = { ADMIN_EMAILS: ADMIN, SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'SwissTax <no-reply@example.ch>' }
  const real = createMailer(loadConfig({ DATA_DIR: '/nonexistent', ...env }), silentLogger)
  t = await testApp(env, { send: (mail) => real.send(mail) })
  const admin = await t.signIn(ADMIN)
  const client = await t.signIn('anna@example.ch')
  await fillUser(t.ctx, client.user.id)
  expect(
    (await t.request('PUT', '/api/user/language', { cookie: client.cookie, body: { language: 'de' } })).status,
  ).toBe(200)
  return { admin, client }
}

/** The mails received so far for the address, once the sender has finished its runs. */
async function mailsTo(to: string) {
  await senderOf(t.ctx).idle()
  return smtp.received.filter((m) => m.to === to)
}

// Quoted-printable soft breaks and escapes, so the tests can look for words.
function decoded(raw: string) {
  const soft = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' && /^[0-9A-F]{2}$/.test(soft.slice(i + 1, i + 3)) ? soft.slice(i + 1, i + 3) : null
    if (hex) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...new TextEncoder().encode(soft[i]!))
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

describe('mail to clients', () => {
  test(
    "an expert's reply sends one mail in the client's language with the link, and never the reply's " + 'text',
    async () => {
      const { admin, client } = await setup()
      const sent = await t.request('POST', '/api/send-message', {
        cookie: client.cookie,
        body: { message: 'Meine Frage' },
      })
      const reply = await t.request('POST', `/api/admin/messages/${sent.json.item.id}/reply`, {
        cookie: admin.cookie,
        body: { message: 'Your refund is CHF 1234' },
      })
      expect(reply.status).toBe(200)
      const mails = await mailsTo('anna@example.ch')
      expect(mails).toHaveLength(1)
      const body = decoded(mails[0]!.raw)
      expect(body).toContain('Guten Tag Anna Muster')
      expect(body).toContain('Eine unserer Fachpersonen hat Ihre Nachricht beantwortet')
      expect(body).toContain(PUBLIC_URL)
      expect(body).toContain('Content-Type: text/plain')
      expect(body).toContain('Content-Type: text/html')
      expect(body).not.toContain('1234')
    },
  )

  test('a status move by an expert sends one mail naming the status; the note stays in the app', async () => {
    const { admin, client } = await setup()
    await writeStatus(t.ctx, client.user.id, 2025, 4, null)
    const r = await t.request('POST', `/api/admin/users/${client.user.id}/status`, {
      cookie: admin.cookie,
      body: { statusId: 5, taxYear: 2025, note: 'Abzug 4711 fehlt' },
    })
    expect(r.status).toBe(200)
    const mails = await mailsTo('anna@example.ch')
    expect(mails).toHaveLength(1)
    const body = decoded(mails[0]!.raw)
    expect(body).toContain(
      'Unsere Fachleute haben den Status Ihrer Steuererklärung 2025 auf «STATUS» gesetzt.'.replace('STATUS', DE_REVIEW),
    )
    expect(body).toContain('Notiz')
    expect(body).not.toContain('4711')
    expect(body).toContain(PUBLIC_URL)
  })

  test('a series of moves: one mail once the status settles, naming where it stopped', async () => {
    const { admin, client } = await setup()
    const move = (statusId: number, note?: string) =>
      t.request('POST', `/api/admin/users/${client.user.id}/status`, {
        cookie: admin.cookie,
        // A series of moves round the statuses, whatever the client's data supports: the expert overrides.
        body: { statusId, taxYear: 2025, override: true, ...(note ? { note } : {}) },
      })
    // Runs the due mails once the background sender is idle (two runs at once could both send a row).
    const deliver = async () => {
      await senderOf(t.ctx).idle()
      return deliverDue(t.ctx)
    }
    const DE = (await import('../../../locales/de/home.json')).default.status.name
    const statusLine = (name: string) => `Steuererklärung 2025 auf «${name}» gesetzt`
    // The Loop's cadence: a move every 2 s, round the six statuses. Each is a notification in the app.
    for (const [i, statusId] of [2, 3, 4, 5, 6, 1, 2].entries()) {
      if (i) t.clock.now += 2000
      expect((await move(statusId)).status).toBe(200)
    }
    const notes = (await t.ctx.backend.get(
      `SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?`,
      client.user.id,
    )) as {
      n: number
    }
    expect(notes.n).toBeGreaterThanOrEqual(7)
    // Still moving: nothing is due, nothing is sent.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 })
    t.clock.now += STATUS_MAIL_SETTLE_MS - 1
    expect(await deliver()).toEqual({ sent: 0, failed: 0 })
    t.clock.now += 1
    expect(await deliver()).toEqual({ sent: 1, failed: 0 })
    const mails = await mailsTo('anna@example.ch')
    expect(mails).toHaveLength(1)
    expect(decoded(mails[0]!.raw)).toContain(statusLine(DE.documents_pending))

    // A later series is a new mail; a move with a note goes at once and drops the waiting one.
    t.clock.now += 60_000
    await move(3)
    await move(4, 'Bitte Lohnausweis nachreichen')
    // The note's mail went at once (the sender was kicked), without waiting for the status to settle.
    expect(await mailsTo('anna@example.ch')).toHaveLength(2)
    t.clock.now += STATUS_MAIL_SETTLE_MS
    expect(await deliver()).toEqual({ sent: 0, failed: 0 })
    const all = (await mailsTo('anna@example.ch')).map((m) => decoded(m.raw))
    expect(all).toHaveLength(2)
    expect(all[1]).toContain(statusLine(DE.processing))
    expect(all[1]).toContain('Notiz')
    expect(all.some((b) => b.includes(statusLine(DE.documents_submitted)))).toBe(false)
  })

  test('deadline reminders: 30 and 7 days before, once each per client and year, only below status 3', async () => {
    const { client } = await setup()
    const done = await t.signIn('done@example.ch')
    await writeStatus(t.ctx, done.user.id, 2025, 3, null)
    // The default year on 2027-03-01 is 2026; its deadline is 2027-03-31.
    t.clock.now = Date.parse('2027-02-27T08:00:00Z') // 32 days before: nothing yet
    expect(await checkDeadlines(t.ctx)).toBe(0)
    t.clock.now = Date.parse('2027-03-01T08:00:00Z') // 30 days before
    await writeStatus(t.ctx, done.user.id, 2026, 3, null)
    expect(await checkDeadlines(t.ctx)).toBe(1)
    t.clock.now += 6 * 3_600_000
    expect(await checkDeadlines(t.ctx)).toBe(0)
    t.clock.now = Date.parse('2027-03-24T08:00:00Z') // 7 days before
    expect(await checkDeadlines(t.ctx)).toBe(1)
    expect(await checkDeadlines(t.ctx)).toBe(0)
    t.clock.now = Date.parse('2027-04-01T08:00:00Z') // past the deadline
    expect(await checkDeadlines(t.ctx)).toBe(0)
    const mails = await mailsTo('anna@example.ch')
    expect(mails).toHaveLength(2)
    expect(decoded(mails[0]!.raw)).toContain('31. März 2027 (in 30 Tagen)')
    expect(decoded(mails[1]!.raw)).toContain('(in 7 Tagen)')
    expect(decoded(mails[1]!.raw)).toContain(PUBLIC_URL)
    expect(await mailsTo('done@example.ch')).toHaveLength(0)
    expect(await mailsTo(ADMIN)).toHaveLength(0)
    expect(client.user.id).toBeGreaterThan(0)
  })

  test('turned off on the profile: no reply, status or reminder mail', async () => {
    const { admin, client } = await setup()
    const off = await t.request('PUT', '/api/user/email-updates', {
      cookie: client.cookie,
      body: { emailUpdates: false },
    })
    expect(off.json).toEqual({ success: true, emailUpdates: false })
    expect((await t.request('GET', '/api/user', { cookie: client.cookie })).json.emailUpdates).toBe(false)
    const sent = await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'Frage' } })
    await t.request('POST', `/api/admin/messages/${sent.json.item.id}/reply`, {
      cookie: admin.cookie,
      body: { message: 'Antwort' },
    })
    await writeStatus(t.ctx, client.user.id, 2025, 4, null)
    await t.request('POST', `/api/admin/users/${client.user.id}/status`, {
      cookie: admin.cookie,
      body: { statusId: 5, taxYear: 2025 },
    })
    t.clock.now = Date.parse('2027-03-01T08:00:00Z')
    expect(await checkDeadlines(t.ctx)).toBe(0)
    expect(await mailsTo('anna@example.ch')).toHaveLength(0)
    expect(
      (await t.request('PUT', '/api/user/email-updates', { cookie: client.cookie, body: { emailUpdates: 'no' } }))
        .status,
    ).toBe(400)
  })

  test('a failing SMTP server does not fail the request; the mail goes out once it is back, exactly once', async () => {
    const { admin, client } = await setup()
    smtp.state.failing = true
    const sent = await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'Frage' } })
    const reply = await t.request('POST', `/api/admin/messages/${sent.json.item.id}/reply`, {
      cookie: admin.cookie,
      body: { message: 'Antwort' },
    })
    expect(reply.status).toBe(200)
    await senderOf(t.ctx).idle()
    const row = (await t.ctx.backend.get<{ attempts: number; sentAt: number | null; lastError: string }>(
      'SELECT attempts, sent_at AS "sentAt", last_error AS "lastError" FROM mail_outbox',
    ))!
    expect(row).toMatchObject({ attempts: 1, sentAt: null })
    expect(row.lastError).toContain('451')
    // Not due yet: nothing is tried before the retry delay.
    expect(await deliverDue(t.ctx)).toEqual({ sent: 0, failed: 0 })
    smtp.state.failing = false
    t.clock.now += retryDelay(1)
    expect(await deliverDue(t.ctx)).toEqual({ sent: 1, failed: 0 })
    expect(await deliverDue(t.ctx)).toEqual({ sent: 0, failed: 0 })
    expect(await mailsTo('anna@example.ch')).toHaveLength(1)
  })
})
