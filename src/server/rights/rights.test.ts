// The person's rights (issue 13): export as one ZIP, account deletion, sessions.
import { afterEach, describe, expect, test } from 'bun:test'
import { unzipSync, strFromU8 } from 'fflate'
import { testApp } from '../test-helpers'
import { pdf, png, sha256, uploadForm } from '../documents/test-fixtures'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

async function upload(cookie: string, name: string, data: Uint8Array<ArrayBuffer>, categoryId = 1, taxYear = 2025) {
  const res = await t.app.handle(
    new Request('http://localhost/api/files/upload', {
      method: 'POST',
      headers: { cookie },
      body: uploadForm([{ name, data }], { taxYear, categoryId }),
    }),
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as any).files[0].value
}
async function exportZip(cookie: string) {
  const res = await t.app.handle(new Request('http://localhost/api/user/export', { headers: { cookie } }))
  return { res, files: res.status === 200 ? unzipSync(new Uint8Array(await res.arrayBuffer())) : {} }
}

describe('GET /api/user/export', () => {
  test('one ZIP: data sections, every version decrypted by year and category, a manifest of SHA-256 sums', async () => {
    t = await testApp()
    const { cookie, user } = await t.signIn('a@example.ch')
    await t.request('POST', '/api/send-message', { cookie, body: { message: 'Hello experts' } })
    await t.request('PUT', '/api/user/drafts/wizard', {
      cookie,
      body: { taxYear: 2025, step: 4, answers: { jobName: 'Nurse' } },
    })
    const v1 = pdf('first'),
      v2 = pdf('second'),
      image = png()
    await upload(cookie, 'salary.pdf', v1)
    await upload(cookie, 'salary.pdf', v2)
    await upload(cookie, 'receipt.png', image, 5, 2024)
    const { res, files } = await exportZip(cookie)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="swisstax-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    const names = Object.keys(files)
    const salary = names.filter((n) => n.startsWith('documents/2025/1 ') && n.includes('salary'))
    expect(salary).toHaveLength(2)
    expect(files[salary.find((n) => n.endsWith('/salary.pdf'))!]).toEqual(v2)
    expect(files[salary.find((n) => n.includes('(version 1)'))!]).toEqual(v1)
    expect(files[names.find((n) => n.startsWith('documents/2024/5 ') && n.endsWith('receipt.png'))!]).toEqual(image)
    expect(JSON.parse(strFromU8(files['data/profile.json']!))).toMatchObject({ id: user.id, email: 'a@example.ch' })
    expect(JSON.parse(strFromU8(files['data/messages.json']!))[0].message).toBe('Hello experts')
    // The unfinished wizard is the person's data too (issue 25).
    expect(JSON.parse(strFromU8(files['data/unfinished-forms.json']!))).toMatchObject({
      wizard: { step: 4, answers: { jobName: 'Nurse' } },
      registration: null,
    })
    for (const section of ['tax-status', 'declarations', 'advanced-information', 'notifications', 'audit'])
      expect(names).toContain(`data/${section}.json`)
    expect(JSON.parse(strFromU8(files['data/audit.json']!)).map((a: { action: string }) => a.action)).toContain(
      'sign_in',
    )
    const manifest = JSON.parse(strFromU8(files['manifest.json']!))
    expect(manifest.entries.map((e: { path: string }) => e.path).sort()).toEqual(
      names.filter((n) => n !== 'manifest.json').sort(),
    )
    for (const e of manifest.entries) expect(e.sha256).toBe(sha256(files[e.path]!))
    expect(await t.ctx.backend.get("SELECT count(*) AS n FROM audit_log WHERE action = 'data_export'")).toEqual({
      n: 1,
    })
  })
  test('two entries that would share a path get distinct ones, each listed in the manifest', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    // An older version of x.pdf is written as "x (version 1).pdf", the name of another document.
    const named = pdf('named'),
      v1 = pdf('v1'),
      v2 = pdf('v2')
    await upload(cookie, 'x (version 1).pdf', named)
    await upload(cookie, 'x.pdf', v1)
    await upload(cookie, 'x.pdf', v2)
    const { files } = await exportZip(cookie)
    const folder = Object.keys(files)
      .find((n) => n.endsWith('/x.pdf'))!
      .replace(/x\.pdf$/, '')
    expect(files[`${folder}x.pdf`]).toEqual(v2)
    expect(files[`${folder}x (version 1).pdf`]).toEqual(named)
    expect(files[`${folder}x (version 1) (2).pdf`]).toEqual(v1)
    const manifest = JSON.parse(strFromU8(files['manifest.json']!))
    expect(manifest.entries.filter((e: { path: string }) => e.path.startsWith(folder))).toHaveLength(3)
  })
  test('a document whose bytes do not match the hash stored at upload fails the archive', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    await upload(cookie, 'salary.pdf', pdf())
    await t.ctx.backend.run('UPDATE file_versions SET sha256 = ?', '0'.repeat(64))
    const res = await t.app.handle(new Request('http://localhost/api/user/export', { headers: { cookie } }))
    expect(res.status).toBe(200) // the headers are sent before the document is read
    await expect(res.arrayBuffer()).rejects.toThrow('does not match its stored SHA-256')
  })
  test('another person’s documents are not in it; rate-limited to three an hour; needs a session', async () => {
    t = await testApp()
    const a = await t.signIn('a@example.ch')
    const b = await t.signIn('b@example.ch')
    await upload(b.cookie, 'secret.pdf', pdf('b'))
    for (let i = 0; i < 3; i++) {
      const { res, files } = await exportZip(a.cookie)
      expect(res.status).toBe(200)
      expect(Object.keys(files).some((n) => n.includes('secret'))).toBe(false)
    }
    const { res } = await exportZip(a.cookie)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    t.clock.now += 3_600_000
    expect((await exportZip(a.cookie)).res.status).toBe(200)
    expect((await t.request('GET', '/api/user/export')).status).toBe(401)
  })
})

describe('DELETE /api/user', () => {
  test(
    'a wrong confirmation changes nothing; the right one removes rows, blobs and sessions, leaving a pseudonymous ' +
      'audit',
    async () => {
      t = await testApp()
      const { cookie, user } = await t.signIn('a@example.ch')
      const other = await t.signIn('b@example.ch')
      await upload(cookie, 'salary.pdf', pdf())
      await upload(other.cookie, 'kept.pdf', pdf('kept'))
      await t.request('POST', '/api/send-message', { cookie, body: { message: 'hi' } })
      const wrong = await t.request('DELETE', '/api/user', { cookie, body: { confirmEmail: 'b@example.ch' } })
      expect(wrong.status).toBe(400)
      expect(wrong.json.code).toBe('CONFIRM_EMAIL_MISMATCH')
      expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200)

      const blobs = async () => (await t.stored.list()).filter((name) => name.startsWith('blobs/'))
      expect(await blobs()).toHaveLength(2)
      const done = await t.request('DELETE', '/api/user', { cookie, body: { confirmEmail: ' A@Example.ch ' } })
      expect(done.status).toBe(200)
      expect(done.json).toEqual({ success: true, deletedFiles: 1 })
      expect(done.headers.get('set-cookie')).toContain('Max-Age=0')
      expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401)
      const q = async (sql: string) => (await t.ctx.backend.get<{ n: number }>(sql, user.id))!.n
      for (const table of [
        'users WHERE id',
        'sessions WHERE user_id',
        'files WHERE user_id',
        'messages WHERE user_id',
        'audit_log WHERE user_id',
        'audit_log WHERE target_user_id',
      ]) {
        expect([table, await q(`SELECT count(*) AS n FROM ${table} = ?`)]).toEqual([table, 0])
      }
      const left = await blobs()
      expect(left).toHaveLength(1)
      const trace = (await t.ctx.backend.get<{ target_hash: string; user_id: number | null }>(
        "SELECT target_hash, user_id FROM audit_log WHERE action = 'account_deleted'",
      ))!
      expect(trace.user_id).toBeNull()
      expect(trace.target_hash).toMatch(/^[0-9a-f]{32}$/)
      // The other person is untouched.
      const kept = (await t.request('GET', '/api/files', { cookie: other.cookie })).json
      expect(kept).toHaveLength(1)
      expect(left[0]).toStartWith(`blobs/${kept[0].id}/`)
    },
  )
  test('the last admin cannot delete itself; with a second admin it can', async () => {
    t = await testApp({ ADMIN_EMAILS: 'boss@firm.ch,second@firm.ch' })
    const boss = await t.signIn('boss@firm.ch')
    const r = await t.request('DELETE', '/api/user', { cookie: boss.cookie, body: { confirmEmail: 'boss@firm.ch' } })
    expect(r.status).toBe(409)
    expect(r.json.code).toBe('LAST_ADMIN')
    await t.signIn('second@firm.ch')
    expect(
      (await t.request('DELETE', '/api/user', { cookie: boss.cookie, body: { confirmEmail: 'boss@firm.ch' } })).status,
    ).toBe(200)
  })
})

describe('sessions', () => {
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
  test('listed with device, address and last use, this one marked; one ended; everywhere else ended', async () => {
    t = await testApp()
    const first = await t.signIn('a@example.ch')
    t.clock.now += 61_000 // past the resend interval
    const second = await t.signIn('a@example.ch')
    t.clock.now += 61_000
    const third = await t.signIn('a@example.ch')
    const stranger = await t.signIn('b@example.ch')
    await t.request('GET', '/api/user', { cookie: second.cookie, headers: { 'user-agent': chrome } })
    const list = await t.request('GET', '/api/auth/sessions', { cookie: first.cookie })
    expect(list.status).toBe(200)
    expect(list.json.sessions).toHaveLength(3)
    expect(list.json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    for (const s of list.json.sessions) {
      expect(s.id).toMatch(/^[\w-]{16}$/)
      expect(s.ip).toBe('127.0.0.1')
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThan(0)
    }
    const currentId = list.json.sessions.find((s: { current: boolean }) => s.current).id
    const strangers = (await t.request('GET', '/api/auth/sessions', { cookie: stranger.cookie })).json.sessions[0].id
    expect((await t.request('DELETE', `/api/auth/sessions/${strangers}`, { cookie: first.cookie })).status).toBe(404)
    expect((await t.request('GET', '/api/user', { cookie: stranger.cookie })).status).toBe(200)
    const secondId = list.json.sessions.find((s: { id: string; current: boolean }) => !s.current).id
    expect((await t.request('DELETE', `/api/auth/sessions/${secondId}`, { cookie: first.cookie })).status).toBe(200)
    const ended = await t.request('POST', '/api/auth/sessions/end-others', { cookie: first.cookie })
    expect(ended.json).toEqual({ success: true, ended: 1 })
    expect((await t.request('GET', '/api/user', { cookie: second.cookie })).status).toBe(401)
    expect((await t.request('GET', '/api/user', { cookie: third.cookie })).status).toBe(401)
    const left = (await t.request('GET', '/api/auth/sessions', { cookie: first.cookie })).json.sessions
    expect(left.map((s: { id: string }) => s.id)).toEqual([currentId])
  })
  test('the device is read from the user agent', async () => {
    t = await testApp()
    await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    const code = t.mails.at(-1)!.code
    const r = await t.request('POST', '/api/auth/verify-code', {
      body: { email: 'a@example.ch', code },
      headers: { 'user-agent': chrome },
    })
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!
    const [s] = (await t.request('GET', '/api/auth/sessions', { cookie })).json.sessions
    expect(s).toMatchObject({ browser: 'Chrome', os: 'Windows', current: true })
  })
})
