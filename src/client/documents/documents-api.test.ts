import { expect, test } from 'bun:test'
import { ApiRequestError } from '../api/client'
import type { CategoryRecord } from '../../shared/documents'
import { categoriesOrFallback, fileCountOf, showsFilesFetchError, uploadErrorText, UploadError } from './documents-api'

test('no categories from the server: the six main categories of spec part 1 §3 are offered, translated', () => {
  const list = categoriesOrFallback([], (key) => `t:${key}`)
  expect(list.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 21])
  expect(list[0]).toMatchObject({ id: 1, name: 't:category.salary_statement', isRelevant: true, fileCount: 0 })
  expect(list.find((c) => c.id === 21)!.name).toBe('t:category.transport')
})

test("the server's list wins when there is one", () => {
  const server = [
    {
      id: 25,
      name: 'Other Documents',
      nameKey: 'category.other_documents',
      section: 'other',
      required: false,
      isRelevant: true,
      fileCount: 0,
    },
  ] as CategoryRecord[]
  expect(categoriesOrFallback(server, (k) => k)).toBe(server)
})

test("a failed file list shows 'Failed to fetch files', but a 401 only empties it", () => {
  expect(showsFilesFetchError(new ApiRequestError('500: boom', 500))).toBe(true)
  expect(showsFilesFetchError(new TypeError('network'))).toBe(true)
  expect(showsFilesFetchError(new ApiRequestError('401: Session expired', 401, 'SESSION_EXPIRED'))).toBe(false)
})

test("'N files for {year}' adds up the per-category counts, not one page of the file list", () => {
  const cat = (id: number, fileCount: number) =>
    ({ id, name: '', nameKey: '', section: 'main', required: true, isRelevant: true, fileCount }) as CategoryRecord
  expect(fileCountOf([cat(1, 150), cat(2, 120), cat(25, 0)])).toBe(270)
  expect(fileCountOf([])).toBe(0)
})

test(
  'a refusal the server names by its code is shown in the user language; unknown codes keep the server ' + 'message',
  async () => {
    const i18next = (await import('i18next')).default.createInstance()
    const de = JSON.parse(await Bun.file('locales/de/documents.json').text())
    const common = JSON.parse(await Bun.file('locales/de/common.json').text())
    await i18next.init({
      lng: 'de',
      resources: { de: { documents: de, common } },
      defaultNS: 'documents',
      interpolation: { escapeValue: false },
    })
    const values = { name: 'Lohn.pdf', year: 2025 }
    expect(
      uploadErrorText(
        new UploadError(
          null,
          'The content of Lohn.pdf does not match its file type.',
          {},
          false,
          'CONTENT_TYPE_MISMATCH',
        ),
        i18next,
        values,
      ),
    ).toBe('Der Inhalt von Lohn.pdf passt nicht zu seinem Dateityp.')
    expect(uploadErrorText(new UploadError(null, 'x', {}, false, 'FILE_TOO_LARGE'), i18next, values)).toContain(
      'Lohn.pdf ist grösser als 50 MB',
    )
    expect(uploadErrorText(new UploadError(null, 'x', {}, false, 'TAX_YEAR_NOT_AVAILABLE'), i18next, values)).toContain(
      '1. Januar 2026',
    )
    expect(uploadErrorText(new UploadError(null, 'Server says no', {}, false, 'SOMETHING_NEW'), i18next, values)).toBe(
      'Server says no',
    )
    expect(uploadErrorText(new UploadError('upload.network_error', 'Network error occurred'), i18next, values)).toBe(
      de.upload.network_error,
    )
    expect(uploadErrorText(new Error('boom'), i18next, values)).toBe(de.upload.failed_text)
  },
)

test('every upload refusal code the server sends has a text in all six locales', async () => {
  const codes = new Set<string>()
  for (const f of [
    'content-check.ts',
    'multipart.ts',
    'upload.ts',
    'quota.ts',
    'relevance.ts',
    'lifecycle.ts',
    'access.ts',
  ]) {
    for (const m of (await Bun.file(`src/server/documents/${f}`).text()).matchAll(/'([A-Z][A-Z_]{3,})'/g))
      codes.add(m[1]!)
  }
  codes.add('TAX_YEAR_NOT_AVAILABLE')
  for (const generic of ['UPLOAD_FAILED', 'TOO_MANY_FILES', 'NO_FILES', 'FILE_NOT_FOUND']) codes.delete(generic)
  expect(codes.size).toBeGreaterThan(6)
  for (const lng of ['en', 'de', 'fr', 'it', 'gsw', 'zh']) {
    const texts = JSON.parse(await Bun.file(`locales/${lng}/common.json`).text()).server_errors
    for (const code of codes) expect([lng, code, typeof texts[code]]).toEqual([lng, code, 'string'])
  }
})
