import { beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import i18next from 'i18next'
import { auditDetails, auditSentence } from './audit-words'

/** Every server source file (tests left out): where audit events are recorded. */
function serverSources(dir = 'src/server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return serverSources(path)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The event kinds the server records: audit(ctx, who, 'kind', …) and the admin routes' act(rc, 'kind', …). */
function recordedKinds(): { kinds: Set<string>; calls: number; matched: number } {
  const kinds = new Set<string>()
  let calls = 0
  let matched = 0
  for (const file of serverSources()) {
    const text = readFileSync(file, 'utf8')
    calls += [...text.matchAll(/\baudit\(\s*ctx,/g)].length
    for (const m of text.matchAll(/\baudit\(\s*ctx,\s*(?:\{[^}]*\}|[\w.]+),\s*(?:'([a-z_]+)'|action\b)/g)) {
      matched++
      if (m[1]) kinds.add(m[1])
    }
    for (const m of text.matchAll(/\bact\(\s*rc,\s*(?:\w+\s*\?\s*'([a-z_]+)'\s*:\s*)?'([a-z_]+)'/g))
      for (const kind of [m[1], m[2]]) if (kind) kinds.add(kind)
  }
  return { kinds, calls, matched }
}

beforeAll(async () => {
  const load = (ns: string) => JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8'))
  await i18next.init({
    lng: 'en',
    resources: { en: { admin: load('admin'), home: load('home'), profile: load('profile') } },
    interpolation: { escapeValue: false },
  })
})

test('every kind of event the server records has a sentence (issue 25: raw event names in the audit log)', () => {
  const { kinds, calls, matched } = recordedKinds()
  // The scan finds every call, or a new way of recording would slip past this test.
  expect(matched).toBe(calls)
  expect(kinds.size).toBeGreaterThan(25)
  const missing = [...kinds].filter((k) => !i18next.exists(`admin:audit.events.${k}`))
  expect(missing).toEqual([])
  expect(auditSentence(i18next.t, 'status_set')).toBe('Changed a client’s tax status')
  expect(auditSentence(i18next.t, 'something_new')).toBe('Other event')
})

test("an entry's details in words, without internal names", () => {
  const t = i18next.t
  expect(auditDetails(t, 'status_set', { userId: 7, taxYear: 2025, from: 3, to: 4, note: true })).toEqual([
    'Tax year 2025',
    'from «Documents Submitted» to «Transmitted»',
    'with a note to the client',
  ])
  expect(auditDetails(t, 'verify_failed', { reason: 'wrong_code', attempt: 2 })).toEqual(['wrong code', 'attempt 2'])
  expect(auditDetails(t, 'sessions_ended_elsewhere', { count: 3 })).toEqual(['3 sessions'])
  expect(auditDetails(t, 'admin_download', { fileId: 12, version: 2 })).toEqual(['document no. 12, version 2'])
  expect(auditDetails(t, 'admin_set_plan', { userId: 4, plan: 'premium' })).toEqual(['new plan: Premium'])
  expect(auditDetails(t, 'session_ended', { session: 'a1b2c3' })).toEqual([])
  expect(auditDetails(t, 'sign_in', null)).toEqual([])
})
