import { expect, test } from 'bun:test'
import { ApiRequestError } from '../api'
import type { CategoryRecord } from '../../shared/documents'
import { categoriesOrFallback, fileCountOf, showsFilesFetchError } from './documents-api'

test('no categories from the server: the six main categories of spec part 1 §3 are offered, translated', () => {
  const list = categoriesOrFallback([], (key) => `t:${key}`)
  expect(list.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 21])
  expect(list[0]).toMatchObject({ id: 1, name: 't:category.salary_statement', isRelevant: true, fileCount: 0 })
  expect(list.find((c) => c.id === 21)!.name).toBe('t:category.transport')
})

test("the server's list wins when there is one", () => {
  const server = [{ id: 25, name: 'Other Documents', nameKey: 'category.other_documents', section: 'other', required: false, isRelevant: true, fileCount: 0 }] as CategoryRecord[]
  expect(categoriesOrFallback(server, (k) => k)).toBe(server)
})

test("a failed file list shows 'Failed to fetch files', but a 401 only empties it", () => {
  expect(showsFilesFetchError(new ApiRequestError('500: boom', 500))).toBe(true)
  expect(showsFilesFetchError(new TypeError('network'))).toBe(true)
  expect(showsFilesFetchError(new ApiRequestError('401: Session expired', 401, 'SESSION_EXPIRED'))).toBe(false)
})

test("'N file(s) for {year}' adds up the per-category counts, not one page of the file list", () => {
  const cat = (id: number, fileCount: number) => ({ id, name: '', nameKey: '', section: 'main', required: true, isRelevant: true, fileCount }) as CategoryRecord
  expect(fileCountOf([cat(1, 150), cat(2, 120), cat(25, 0)])).toBe(270)
  expect(fileCountOf([])).toBe(0)
})
