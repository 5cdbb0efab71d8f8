// The reference of the auth benchmark: a bare Bun.serve doing the same work as
// GET /api/debug/check-auth with raw bun:sqlite — cookie → session → user, expiry
// checks — and for GET /api/tax-status the status lookup with its ETag; nothing else (no router, no headers, no
// framework).
import { Database } from 'bun:sqlite'
import { statusById } from '../src/shared/tax-status'

const [dbPath, port] = [process.argv[2]!, Number(process.argv[3])]
const db = new Database(dbPath, { readonly: false })
db.exec('PRAGMA busy_timeout = 5000')
const find = db.prepare<
  { user_id: number; created_at: number; last_seen_at: number; email: string; role: string },
  [string]
>(
  'SELECT s.user_id, s.created_at, s.last_seen_at, u.email, u.role FROM sessions s JOIN users u ON u.id = s.user_id ' +
    'WHERE s.token_hash = ? LIMIT 1',
)
const status = db.prepare<{ status_id: number }, [number, number]>(
  'SELECT status_id FROM tax_year_status WHERE user_id = ? AND tax_year = ? LIMIT 1',
)

function lookup(req: Request) {
  const cookie = req.headers.get('cookie') ?? ''
  const token = /swisstax_session=([^;]+)/.exec(cookie)?.[1]
  if (!token) return null
  const row = find.get(new Bun.CryptoHasher('sha256').update(token).digest('base64url'))
  if (!row) return null
  const now = Date.now()
  if (now - row.last_seen_at > 3_600_000 || now - row.created_at > 43_200_000) return null
  return row
}

Bun.serve({
  port,
  hostname: '127.0.0.1',
  fetch(req) {
    const url = new URL(req.url)
    const row = lookup(req)
    if (!row) return Response.json({ message: 'Session expired', code: 'SESSION_EXPIRED' }, { status: 401 })
    if (url.pathname === '/api/tax-status') {
      const year = Number(url.searchParams.get('taxYear'))
      const s = status.get(row.user_id, year)
      const id = s?.status_id ?? 1
      // Same body and the same weak ETag / 304 as the real endpoint.
      const body = JSON.stringify({ current_status_id: id, status: statusById(id)!.name, taxYear: year })
      const etag = `W/"${Bun.hash(body).toString(36)}"`
      if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } })
      return new Response(body, { headers: { 'Content-Type': 'application/json', ETag: etag } })
    }
    return Response.json({ isAuthenticated: true, success: true, userId: row.user_id, email: row.email })
  },
})
console.log('bare server ready')
