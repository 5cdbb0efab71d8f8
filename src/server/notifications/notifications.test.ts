import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { fillProfile, fillUser } from '../users/test-fixtures'
import { REMINDERS } from '../../shared/profile'
import { notify } from './service'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

type Item = { id: string; code: string; params: object; read: boolean; actionUrl: string | null; [k: string]: unknown }
const list = async (cookie: string) => (await t.request('GET', '/api/notifications', { cookie })).json as Item[]
const ids = async (cookie: string) => (await list(cookie)).map((n) => n.id)

describe('profile reminders (spec part 1 §5)', () => {
  test('a new user gets every reminder, as a code with the missing field (no text, no i18n key)', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    const items = await list(anna.cookie)
    expect(items.map((n) => n.id)).toEqual([
      'reminder-name',
      'reminder-phone',
      'reminder-address',
      'reminder-tax_profile',
    ])
    expect(items[0]).toEqual({
      id: 'reminder-name',
      code: 'reminder',
      params: { field: 'name' },
      category: 'profile',
      priority: 'high',
      actionUrl: '/profile',
      read: false,
      createdAt: null,
    })
    expect(items.map((n) => n.params)).toEqual(REMINDERS.map((field) => ({ field })))
  })

  test('each reminder disappears once its field is filled', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    await fillUser(t.ctx, anna.user.id, { firstName: 'Anna', lastName: 'Muster', phone: '' })
    expect(await ids(anna.cookie)).not.toContain('reminder-name')
    expect(await ids(anna.cookie)).toContain('reminder-phone')
    await fillUser(t.ctx, anna.user.id)
    await fillProfile(t.ctx, anna.user.id, { street: 'Bahnhofstrasse 1', city: '  ' })
    expect(await ids(anna.cookie)).toEqual(['reminder-address', 'reminder-tax_profile'])
    await fillProfile(t.ctx, anna.user.id, {
      street: 'Bahnhofstrasse 1',
      city: 'Zürich',
      isTaxProfileComplete: true,
    })
    expect(await ids(anna.cookie)).toEqual([])
  })
})

describe('read marks', () => {
  test('mark one read, then all; reminders stay listed but read', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    await notify(t.ctx, anna.user.id, { code: 'documents_transmitted', params: { year: 2025 } })
    const event = (await list(anna.cookie)).find((n) => n.id.startsWith('event-'))!
    expect((await t.request('POST', `/api/notifications/${event.id}/read`, { cookie: anna.cookie })).status).toBe(200)
    expect((await t.request('POST', '/api/notifications/reminder-phone/read', { cookie: anna.cookie })).status).toBe(
      200,
    )
    const after = await list(anna.cookie)
    expect(
      after
        .filter((n) => n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([event.id, 'reminder-phone'].sort())
    expect((await t.request('POST', '/api/notifications/read-all', { cookie: anna.cookie })).status).toBe(200)
    expect((await list(anna.cookie)).every((n) => n.read)).toBe(true)
    expect(await list(anna.cookie)).toHaveLength(5)
  })

  test("another user's notification, or an unknown id, is a 404", async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    const bert = await t.signIn('bert@example.ch')
    await notify(t.ctx, anna.user.id, { code: 'message_reply', params: { excerpt: 'Yes.' } })
    const event = (await list(anna.cookie)).find((n) => n.id.startsWith('event-'))!
    expect((await list(bert.cookie)).some((n) => n.id === event.id)).toBe(false)
    for (const id of [event.id, 'event-999', 'reminder-bogus', 'x']) {
      const r = await t.request('POST', `/api/notifications/${id}/read`, { cookie: bert.cookie })
      expect(r.status).toBe(404)
      expect(r.json.code).toBe('NOT_FOUND')
    }
    expect((await list(anna.cookie)).find((n) => n.id === event.id)!.read).toBe(false)
  })

  test('needs a session', async () => {
    t = await testApp()
    expect((await t.request('GET', '/api/notifications')).status).toBe(401)
    expect((await t.request('POST', '/api/notifications/read-all')).status).toBe(401)
  })
})

describe('message codes (issue 23)', () => {
  test('rows written before the codes (with i18n keys) are read as their code and parameters', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    // Three rows as the previous version wrote them: i18n keys in title_key, description_key, action_text_key.
    const old = (kind: string, title: string, description: string, params: object, category: string, at: number) =>
      t.ctx.tx(() =>
        t.ctx.backend.run(
          `INSERT INTO notifications (user_id, kind, title_key, description_key, params, category, priority,
             action_url, action_text_key, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'high', '/', 'home:notifications.action_dashboard', ?)`,
          anna.user.id,
          kind,
          `home:notifications.${title}`,
          `home:notifications.${description}`,
          JSON.stringify(params),
          category,
          at,
        ),
      )
    await old(
      'status_changed',
      'status_changed_title',
      'status_changed_note_description',
      {
        year: 2025,
        status: 'review_required',
        note: 'Page 2',
      },
      'status',
      3,
    )
    await old('documents_transmitted', 'transmitted_title', 'transmitted_description', { year: 2024 }, 'documents', 2)
    await old('message_reply', 'reply_title', 'reply_description', { excerpt: 'Yes.' }, 'message', 1)
    const events = (await t.request('GET', '/api/notifications', { cookie: anna.cookie })).json.filter((n: Item) =>
      n.id.startsWith('event-'),
    )
    expect(events.map((n: Item) => [n.code, n.params])).toEqual([
      ['status_changed', { year: 2025, status: 'review_required', note: 'Page 2' }],
      ['documents_transmitted', { year: 2024 }],
      ['message_reply', { excerpt: 'Yes.' }],
    ])
    expect(JSON.stringify(events)).not.toContain('home:')
  })

  test('a new event stores its code and parameters, and no i18n key', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    await notify(t.ctx, anna.user.id, { code: 'status_changed', params: { year: 2025, status: 'processing' } })
    expect(
      await t.ctx.backend.get(
        `SELECT kind, params, title_key AS t, description_key AS d, action_text_key AS a, category, priority
         FROM notifications`,
      ),
    ).toEqual({
      kind: 'status_changed',
      params: '{"year":2025,"status":"processing"}',
      t: '',
      d: '',
      a: null,
      category: 'status',
      priority: 'high',
    })
  })
})
