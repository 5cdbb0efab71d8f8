import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { elf, pdf, uploadForm } from '../documents/test-fixtures'
import { writeStatus } from '../tax-status/service'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

async function setup() {
  t = await testApp({ ADMIN_EMAILS: 'expert@example.ch' })
  return {
    anna: await t.signIn('anna@example.ch'),
    bert: await t.signIn('bert@example.ch'),
    admin: await t.signIn('expert@example.ch'),
  }
}
const count = async () => ((await t.ctx.backend.get('SELECT count(*) AS n FROM messages')) as { n: number }).n

describe('POST /api/send-message', () => {
  test('stores the message, trimmed, and lists it for its author only', async () => {
    const { anna, bert } = await setup()
    const r = await t.request('POST', '/api/send-message', {
      cookie: anna.cookie,
      body: { message: '  Can I deduct my bike?  ' },
    })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ success: true, item: { message: 'Can I deduct my bike?', fromExpert: false } })
    expect((await t.request('GET', '/api/messages', { cookie: anna.cookie })).json).toHaveLength(1)
    expect((await t.request('GET', '/api/messages', { cookie: bert.cookie })).json).toEqual([])
  })

  test.each([
    ['empty', { message: '' }, 'MESSAGE_EMPTY', 'Message cannot be empty'],
    ['blank', { message: ' \n\t ' }, 'MESSAGE_EMPTY', 'Message cannot be empty'],
    ['too long', { message: 'x'.repeat(5001) }, 'MESSAGE_TOO_LONG', 'Message is too long: at most 5000 characters'],
    ['missing', {}, 'INVALID_INPUT', "Missing field 'message'"],
    ['not text', { message: 42 }, 'INVALID_INPUT', "Invalid field 'message'"],
  ])('%s → 400, nothing stored', async (_name, body, code, message) => {
    const { anna } = await setup()
    const r = await t.request('POST', '/api/send-message', { cookie: anna.cookie, body })
    expect(r.status).toBe(400)
    expect(r.json.code).toBe(code)
    expect(r.json.message).toContain(message)
    expect(await count()).toBe(0)
  })

  test('exactly 5000 characters is accepted', async () => {
    const { anna } = await setup()
    expect(
      (await t.request('POST', '/api/send-message', { cookie: anna.cookie, body: { message: 'x'.repeat(5000) } }))
        .status,
    ).toBe(200)
  })

  test('needs a session', async () => {
    t = await testApp()
    expect((await t.request('POST', '/api/send-message', { body: { message: 'hi' } })).status).toBe(401)
  })
})

describe('experts', () => {
  test('an admin lists every message and replies; the user sees the reply and a notification', async () => {
    const { anna, bert, admin } = await setup()
    const sent = (await t.request('POST', '/api/send-message', { cookie: anna.cookie, body: { message: 'Question' } }))
      .json.item
    await t.request('POST', '/api/send-message', { cookie: bert.cookie, body: { message: 'Other' } })
    const all = (await t.request('GET', '/api/admin/messages', { cookie: admin.cookie })).json
    expect(all.map((m: { email: string }) => m.email).sort()).toEqual(['anna@example.ch', 'bert@example.ch'])
    const r = await t.request('POST', `/api/admin/messages/${sent.id}/reply`, {
      cookie: admin.cookie,
      body: { message: 'Yes, you can.' },
    })
    expect(r.status).toBe(200)
    const convo = (await t.request('GET', '/api/messages', { cookie: anna.cookie })).json
    expect(convo.map((m: { message: string; fromExpert: boolean }) => [m.message, m.fromExpert])).toEqual([
      ['Question', false],
      ['Yes, you can.', true],
    ])
    const notes = (await t.request('GET', '/api/notifications', { cookie: anna.cookie })).json
    expect(notes.find((n: { code: string }) => n.code === 'message_reply')).toMatchObject({
      code: 'message_reply',
      params: { excerpt: 'Yes, you can.' },
      read: false,
    })
    expect((await t.request('GET', '/api/messages', { cookie: bert.cookie })).json).toHaveLength(1)
  })

  test('a non-admin cannot list all messages or reply (403); a reply to an unknown message is 404', async () => {
    const { anna, admin } = await setup()
    const sent = (await t.request('POST', '/api/send-message', { cookie: anna.cookie, body: { message: 'Question' } }))
      .json.item
    expect((await t.request('GET', '/api/admin/messages', { cookie: anna.cookie })).status).toBe(403)
    expect(
      (
        await t.request('POST', `/api/admin/messages/${sent.id}/reply`, {
          cookie: anna.cookie,
          body: { message: 'hi' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.request('POST', '/api/admin/messages/999/reply', { cookie: admin.cookie, body: { message: 'hi' } }))
        .status,
    ).toBe(404)
    expect(
      (
        await t.request('POST', `/api/admin/messages/${sent.id}/reply`, {
          cookie: admin.cookie,
          body: { message: '  ' },
        })
      ).status,
    ).toBe(400)
    expect(await count()).toBe(1)
  })
})

describe('a document with a message (issue 25)', () => {
  const Y = 2025
  const upload = (cookie: string, name: string, data: Uint8Array<ArrayBuffer>) =>
    t.request('POST', '/api/files/upload', {
      cookie,
      raw: uploadForm([{ name, data }], { taxYear: Y, categoryId: 25 }),
    })

  test('after transmission: stored like any document, and the message names it for both sides', async () => {
    const { anna, bert, admin } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 4, null)
    const up = await upload(anna.cookie, 'vergessen.pdf', pdf('vergessen'))
    expect([up.status, up.json.failedCount]).toEqual([200, 0])
    const fileId = up.json.files[0].value.id as string
    const sent = await t.request('POST', '/api/send-message', {
      cookie: anna.cookie,
      body: { message: 'Here is the statement I forgot.', attachmentFileId: fileId },
    })
    expect(sent.status).toBe(200)
    const attachment = { fileId, filename: 'vergessen.pdf', blobUrl: `/api/files/${fileId}/versions/1/content` }
    expect(sent.json.item.attachment).toEqual(attachment)
    expect((await t.request('GET', '/api/messages', { cookie: anna.cookie })).json[0].attachment).toEqual(attachment)
    const inbox = (await t.request('GET', '/api/admin/messages', { cookie: admin.cookie })).json
    expect(inbox[0]).toMatchObject({ userId: anna.user.id, attachment })
    // The expert opens it; another client cannot.
    expect((await t.request('GET', attachment.blobUrl, { cookie: admin.cookie })).status).toBe(200)
    expect((await t.request('GET', attachment.blobUrl, { cookie: bert.cookie })).status).toBe(404)
    // It is one of the year's documents, new to the experts.
    const files = (await t.request('GET', `/api/files?taxYear=${Y}`, { cookie: anna.cookie })).json
    expect(files).toMatchObject([{ id: fileId, categoryId: 25, afterTransmission: true }])
  })

  test('the upload checks apply (an executable named .pdf is refused) and another person’s file is a 404', async () => {
    const { anna, bert } = await setup()
    const refused = await upload(anna.cookie, 'tool.pdf', elf())
    expect(refused.json.files[0]).toMatchObject({ status: 'rejected', code: 'CONTENT_TYPE_MISMATCH' })
    const bertFile = (await upload(bert.cookie, 'b.pdf', pdf('b'))).json.files[0].value.id
    const r = await t.request('POST', '/api/send-message', {
      cookie: anna.cookie,
      body: { message: 'Look', attachmentFileId: bertFile },
    })
    expect([r.status, r.json.code]).toEqual([404, 'FILE_NOT_FOUND'])
    expect(await count()).toBe(0)
  })
})
