// Documents after transmission seen by the expert team (issue 25): the inbox's section and the client list's badge
// show only what no expert has seen; opening a client's year (or "mark as seen") names the versions shown, which
// are marked with the moment and the expert, and audited. Runs on SQLite and on PostgreSQL (onPostgres).
import { afterEach, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { fillUser } from '../users/test-fixtures'
import { writeStatus } from '../tax-status/service'
import { pdf, sha256, uploadForm } from '../documents/test-fixtures'
import { lateUploadsByClient } from '../documents/late'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

const ADMIN = 'expert@example.ch'
const YEAR = 2025

async function setup() {
  t = await testApp({ ADMIN_EMAILS: `${ADMIN},second.expert@example.ch` })
  const admin = await t.signIn(ADMIN)
  await fillUser(t.ctx, admin.user.id, { firstName: 'Eva', lastName: 'Expertin', phone: '+41791234599' })
  const client = await t.signIn('anna@example.ch')
  await fillUser(t.ctx, client.user.id)
  const upload = async (name: string, text: string, taxYear = YEAR) => {
    const data = pdf(text)
    const up = await t.request('POST', '/api/files/upload', {
      cookie: client.cookie,
      raw: uploadForm([{ name, data, hash: sha256(data) }], { taxYear, categoryId: 1 }),
    })
    expect([up.status, up.json.failedCount]).toEqual([200, 0])
    t.clock.now += 1000
    return up.json.files[0].value.id as string
  }
  await writeStatus(t.ctx, client.user.id, YEAR, 4, null)
  return { admin, client, upload }
}

type Late = { userId: number; taxYear: number; count: number; versionIds: string[] }
const inbox = async (cookie: string) => {
  const r = await t.request('GET', '/api/admin/inbox', { cookie })
  return r.json as { lateUploads: Late[]; lateTotal: number }
}
const listed = async (cookie: string) =>
  (await t.request('GET', `/api/admin/users?taxYear=${YEAR}`, { cookie })).json.items.map(
    (c: { email: string; lateFileCount: number }) => [c.email, c.lateFileCount],
  )
const detail = async (cookie: string, id: number) =>
  (await t.request('GET', `/api/admin/users/${id}?taxYear=${YEAR}`, { cookie })).json as {
    lateFiles: { fileId: string; versionId: string; seenAt: number | null; seenBy: string | null }[]
  }
const seen = (cookie: string, id: number, body: unknown) =>
  t.request('POST', `/api/admin/users/${id}/late-documents/seen`, { cookie, body })

test('seen by one expert: out of the inbox and the list for all; the client page says who and when', async () => {
  const { admin, client, upload } = await setup()
  const first = await upload('vergessen.pdf', 'vergessen')
  await upload('nachtrag.pdf', 'nachtrag')
  const [late] = (await inbox(admin.cookie)).lateUploads
  expect(late).toMatchObject({ userId: client.user.id, taxYear: YEAR, count: 2 })
  expect(late!.versionIds).toHaveLength(2)
  expect(await listed(admin.cookie)).toEqual([['anna@example.ch', 2]])
  // The client page lists both, unseen, with the versions it names when it is opened.
  const page = await detail(admin.cookie, client.user.id)
  expect(page.lateFiles.map((f) => f.seenAt)).toEqual([null, null])
  expect(page.lateFiles.map((f) => f.versionId).sort()).toEqual([...late!.versionIds].sort())

  // A third document arrives while the page is open: marking what was shown leaves it new.
  await upload('dritte.pdf', 'dritte')
  const at = t.ctx.now()
  const r = await seen(admin.cookie, client.user.id, { taxYear: YEAR, versionIds: late!.versionIds })
  expect(r.status).toBe(200)
  expect(r.json).toEqual({ success: true, marked: 2 })
  const still = await inbox(admin.cookie)
  expect(still.lateUploads.map((l) => l.count)).toEqual([1])
  expect(still.lateTotal).toBe(1)
  expect(await listed(admin.cookie)).toEqual([['anna@example.ch', 1]])

  // Another expert sees the same: seen for the team, by whom and when.
  const other = await t.signIn('second.expert@example.ch')
  expect((await inbox(other.cookie)).lateUploads.map((l) => l.count)).toEqual([1])
  const files = (await detail(other.cookie, client.user.id)).lateFiles
  expect(files.find((f) => f.fileId === first)).toMatchObject({ seenAt: at, seenBy: 'Eva Expertin' })
  expect(files.filter((f) => f.seenAt === null)).toHaveLength(1)

  // Named again (a stale page, a second expert): nothing changes, the first moment stays, no second audit entry.
  t.clock.now += 5000
  expect((await seen(other.cookie, client.user.id, { taxYear: YEAR, versionIds: late!.versionIds })).json).toEqual({
    success: true,
    marked: 0,
  })
  expect((await detail(admin.cookie, client.user.id)).lateFiles.find((f) => f.fileId === first)?.seenAt).toBe(at)
  const log = await t.request('GET', '/api/admin/audit?action=admin_late_seen', { cookie: admin.cookie })
  expect(log.json.items).toHaveLength(1)
  expect(log.json.items[0]).toMatchObject({
    at,
    userId: admin.user.id,
    targetUserId: client.user.id,
    // By name in the log too: who saw it, whose documents.
    userName: 'Eva Expertin',
    targetName: 'Anna Muster',
    detail: { taxYear: YEAR, files: 2 },
  })

  // A new version of a seen file is new again.
  await upload('vergessen.pdf', 'vergessen, unterschrieben')
  expect((await inbox(admin.cookie)).lateUploads.map((l) => l.count)).toEqual([2])
})

test("only that client's year and its late versions are marked; refusals change nothing", async () => {
  const { admin, client, upload } = await setup()
  const ben = await t.signIn('ben@example.ch')
  await upload('vergessen.pdf', 'vergessen')
  const [late] = (await inbox(admin.cookie)).lateUploads
  const ids = late!.versionIds
  // The wrong client, the wrong year, an unknown version: nothing marked.
  expect((await seen(admin.cookie, ben.user.id, { taxYear: YEAR, versionIds: ids })).json.marked).toBe(0)
  expect((await seen(admin.cookie, client.user.id, { taxYear: YEAR - 1, versionIds: ids })).json.marked).toBe(0)
  expect((await seen(admin.cookie, client.user.id, { taxYear: YEAR, versionIds: ['nope'] })).json.marked).toBe(0)
  // Bad input: 4xx with a code, never 500.
  for (const [id, body, status] of [
    [client.user.id, { taxYear: YEAR, versionIds: [] }, 400],
    [client.user.id, { taxYear: YEAR }, 400],
    [client.user.id, { taxYear: 1800, versionIds: ids }, 400],
    [client.user.id, { taxYear: YEAR, versionIds: Array(1001).fill('x') }, 400],
    [999_999, { taxYear: YEAR, versionIds: ids }, 404],
  ] as const) {
    const r = await seen(admin.cookie, id, body)
    expect([r.status, typeof r.json.code]).toEqual([status, 'string'])
  }
  // A client cannot mark, nor can anyone signed out.
  expect((await seen(client.cookie, client.user.id, { taxYear: YEAR, versionIds: ids })).status).toBe(403)
  expect((await seen('', client.user.id, { taxYear: YEAR, versionIds: ids })).status).toBe(401)
  expect((await inbox(admin.cookie)).lateUploads.map((l) => l.count)).toEqual([1])
  const log = await t.request('GET', '/api/admin/audit?action=admin_late_seen', { cookie: admin.cookie })
  expect(log.json.items).toEqual([])
})

test('the inbox counts every client year waiting, beyond those it shows', async () => {
  const { admin, client, upload } = await setup()
  for (let year = YEAR - 5; year < YEAR; year++) await writeStatus(t.ctx, client.user.id, year, 4, null)
  for (let year = YEAR - 5; year <= YEAR; year++) await upload(`nachtrag-${year}.pdf`, `n ${year}`, year)
  const all = await inbox(admin.cookie)
  expect([all.lateUploads.length, all.lateTotal]).toEqual([6, 6])
  // Two shown of six, the newest arrivals first, each with its own version.
  const two = await lateUploadsByClient(t.ctx, 2)
  expect(two.total).toBe(6)
  expect(two.items.map((l) => [l.taxYear, l.versionIds.length])).toEqual([
    [YEAR, 1],
    [YEAR - 1, 1],
  ])
  expect(two.items[0]!.versionIds).toEqual(all.lateUploads[0]!.versionIds)
})
