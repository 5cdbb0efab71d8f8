import { type Static, t } from 'elysia'
import type { CategoryRecord, CategorySection, FileRecord, FileVersionRecord } from '../../shared/documents'
import type { EStatementSummary } from '../../shared/recognition/e-statement'
import type { RecognitionStatus, RecognitionSummary } from '../../shared/recognition/types'
import { mirroring } from '../http/schemas'

/** A decimal string in CHF as the e-Steuerauszug gives it ("39351.02"), never a float (docs/recognition.md). */
const amount = t.String()

const statementSummarySchema = mirroring<EStatementSummary>()(
  t.Object({
    institution: t.String(),
    taxPeriod: t.Number(),
    taxValue: amount,
    grossRevenue: amount,
    withholdingTaxClaim: amount,
  }),
)

export const recognitionStatusSchema = mirroring<RecognitionStatus>()(
  t.Union([t.Literal('pending'), t.Literal('done'), t.Literal('failed'), t.Literal('unsupported')]),
)

/** What the file list carries of a file's recognition (the current version's). */
export const recognitionSummaryProperties = {
  status: recognitionStatusSchema,
  categoryId: t.Nullable(t.Number()),
  confidence: t.Nullable(t.Number()),
  movedFrom: t.Nullable(t.Number()),
  documentYear: t.Nullable(t.Number()),
  statement: t.Optional(t.Nullable(statementSummarySchema)),
}
export const recognitionSummarySchema = mirroring<RecognitionSummary>()(t.Object(recognitionSummaryProperties))

export const fileVersionSchema = mirroring<FileVersionRecord>()(
  t.Object({ version: t.Number(), createdAt: t.String(), blobUrl: t.String(), filename: t.String(), size: t.Number() }),
)

/** The fields of one file in GET /api/files (the experts' client view adds its versions). */
export const fileRecordProperties = {
  id: t.String(),
  filename: t.String(),
  fileName: t.String(),
  originalFileName: t.String(),
  categoryId: t.Number(),
  categoryName: t.String(),
  taxYear: t.Number(),
  uploadedAt: t.String(),
  createdAt: t.String(),
  blobUrl: t.String(),
  version: t.Number(),
  size: t.Number(),
  mimeType: t.String(),
  userId: t.Number(),
  recognition: t.Nullable(recognitionSummarySchema),
  afterTransmission: t.Boolean(),
}
export const fileRecordSchema = mirroring<FileRecord>()(t.Object(fileRecordProperties))

const sectionSchema = mirroring<CategorySection>()(
  t.Union([
    t.Literal('main'),
    t.Literal('investments'),
    t.Literal('realEstate'),
    t.Literal('foreignIncome'),
    t.Literal('other'),
    t.Literal('spouse'),
    t.Literal('children'),
  ]),
)

/** One category of GET /api/document-categories, with the person's relevance mark and file count. */
export const categoryRecordSchema = mirroring<CategoryRecord>()(
  t.Object({
    id: t.Number(),
    name: t.String(),
    nameKey: t.String(),
    section: sectionSchema,
    required: t.Boolean(),
    isRelevant: t.Boolean(),
    fileCount: t.Number(),
  }),
)

/** One file of an upload: stored (or already stored, `unchanged`), or refused with its own status and code. */
const uploadItemSchema = t.Union([
  t.Object({
    status: t.Literal('fulfilled'),
    value: t.Object({
      hash: t.String(),
      blobUrl: t.String(),
      id: t.String(),
      version: t.Number(),
      unchanged: t.Boolean(),
    }),
  }),
  t.Object({
    status: t.Literal('rejected'),
    reason: t.String(),
    code: t.String(),
    httpStatus: t.Number(),
    filename: t.String(),
  }),
])
export type UploadItemResult = Static<typeof uploadItemSchema>

const uploadAnswerProperties = {
  files: t.Array(uploadItemSchema),
  failedCount: t.Number(),
  statusAdvanced: t.Boolean(),
}
const uploadAnswerSchema = t.Object(uploadAnswerProperties)
export type UploadAnswer = Static<typeof uploadAnswerSchema>

/**
 * Both uploads' answer: the per-file results with `success`, or, when every file failed, with the first failure's
 * message and code (and its status).
 */
export const uploadResponseSchema = t.Object({
  ...uploadAnswerProperties,
  success: t.Optional(t.Boolean()),
  message: t.Optional(t.String()),
  code: t.Optional(t.String()),
})

/** POST /api/user-preferences/:key: a category marked (not) relevant, or a named section toggled. */
export const relevanceAnswerSchema = t.Object({
  success: t.Boolean(),
  categoryId: t.Union([t.Number(), t.String()]),
  isRelevant: t.Boolean(),
  taxYear: t.Number(),
  statusAdvanced: t.Optional(t.Boolean()),
})
export type RelevanceAnswer = Static<typeof relevanceAnswerSchema>
