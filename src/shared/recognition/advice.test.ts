import { describe, expect, test } from 'bun:test'
import { adviceFor, otherYear, sameKind } from './advice'
import type { RecognitionAnswer } from './types'

const answer = (over: Partial<RecognitionAnswer>): RecognitionAnswer => ({
  fileId: 'f',
  version: 1,
  status: 'done',
  categoryId: 1,
  confidence: 0.9,
  movedFrom: null,
  documentYear: 2025,
  language: 'de',
  fields: {},
  reason: [],
  method: 'pdf-text',
  ...over,
})

describe('what the app says after an upload', () => {
  test('a different category from 0.7 on is suggested; below, or the same, nothing', () => {
    expect(adviceFor(answer({ categoryId: 1, confidence: 0.7 }), { categoryId: 2, auto: false })).toEqual({
      kind: 'suggest',
      categoryId: 1,
    })
    expect(adviceFor(answer({ categoryId: 1, confidence: 0.69 }), { categoryId: 2, auto: false })).toEqual({
      kind: 'none',
    })
    expect(adviceFor(answer({ categoryId: 1 }), { categoryId: 1, auto: false })).toEqual({ kind: 'none' })
  })
  test("a salary statement filed as the spouse's is not moved to the person's own", () => {
    expect(sameKind(30, 1)).toBe(true)
    expect(adviceFor(answer({ categoryId: 1 }), { categoryId: 30, auto: false })).toEqual({ kind: 'none' })
  })
  test('"I don\'t know": moved by the server from 0.85 on, otherwise it stays in Other Documents', () => {
    expect(
      adviceFor(answer({ categoryId: 22, confidence: 0.9, movedFrom: 25 }), { categoryId: 25, auto: true }),
    ).toEqual({ kind: 'auto_moved', categoryId: 22 })
    expect(
      adviceFor(answer({ categoryId: 22, confidence: 0.8, movedFrom: null }), { categoryId: 25, auto: true }),
    ).toEqual({ kind: 'auto_unsure' })
    expect(adviceFor(answer({ status: 'failed', categoryId: null }), { categoryId: 25, auto: true })).toEqual({
      kind: 'auto_unsure',
    })
  })
  test('another year than the selected one', () => {
    expect(otherYear(answer({ documentYear: 2023 }), 2024)).toBe(2023)
    expect(otherYear(answer({ documentYear: 2024 }), 2024)).toBeNull()
    expect(otherYear(answer({ documentYear: null }), 2024)).toBeNull()
  })
})
