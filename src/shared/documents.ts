import type { RecognitionSummary } from './recognition/types'
/**
 * Document categories and upload rules (docs/documents.md), shared by the server
 * (authoritative checks) and the client (early feedback). Names live only in
 * the locale files, under `category.<key>` of the `documents` namespace.
 */
export type CategorySection = 'main' | 'investments' | 'realEstate' | 'foreignIncome' | 'other' | 'spouse' | 'children'

export interface DocumentCategory {
  id: number
  key: string
  section: CategorySection
}

const c = (id: number, key: string, section: CategorySection): DocumentCategory => ({ id, key, section })

export const DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  c(1, 'salary_statement', 'main'),
  c(2, 'bank_documents', 'main'),
  c(3, 'professional_expenses', 'main'),
  c(4, 'insurance_certificates', 'main'),
  c(5, 'deduction_receipts', 'main'),
  c(21, 'transport', 'main'),
  c(10, 'securities_statements', 'investments'),
  c(11, 'dividend_interest_statements', 'investments'),
  c(12, 'other_investments', 'investments'),
  c(13, 'property_tax_assessment', 'realEstate'),
  c(14, 'mortgage_interest_statements', 'realEstate'),
  c(15, 'property_maintenance_costs', 'realEstate'),
  c(16, 'rental_income_statements', 'realEstate'),
  c(17, 'foreign_salary_statements', 'foreignIncome'),
  c(18, 'foreign_bank_investment_statements', 'foreignIncome'),
  c(19, 'foreign_property_documents', 'foreignIncome'),
  c(20, 'foreign_tax_assessments', 'foreignIncome'),
  c(22, 'pillar_3a_certificate', 'other'),
  c(23, 'pension_fund_buy_in', 'other'),
  c(24, 'alimony_documents', 'other'),
  c(25, 'other_documents', 'other'),
  c(26, 'spouse_bank_documents', 'spouse'),
  c(27, 'spouse_insurance_certificates', 'spouse'),
  c(28, 'spouse_receipts', 'spouse'),
  c(29, 'spouse_professional_expenses', 'spouse'),
  c(30, 'spouse_salary_statement', 'spouse'),
  c(31, 'child_birth_certificate', 'children'),
  c(32, 'child_childcare_costs', 'children'),
  c(33, 'child_education_confirmation', 'children'),
  c(34, 'child_education_costs', 'children'),
  c(35, 'child_alimony', 'children'),
  c(36, 'child_disability_documents', 'children'),
  c(37, 'child_medical_costs', 'children'),
  c(38, 'child_living_travel_costs', 'children'),
]

/** The category used when an upload names none. */
export const DEFAULT_CATEGORY_ID = 25

export const categoryById = (id: number) => DOCUMENT_CATEGORIES.find((cat) => cat.id === id)

/** Locale key of a category name in the `documents` namespace. */
export const categoryKey = (cat: DocumentCategory) => `category.${cat.key}`

export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'txt'] as const
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number]
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',')

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

export const isAllowedExtension = (name: string): boolean =>
  (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(name))

/** Content types a stored file is served with. */
export const MIME_BY_EXTENSION: Record<AllowedExtension, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
}

/** Only PDFs and images are shown in the browser; everything else is downloaded. */
export const isInlineType = (ext: string) => ['pdf', 'jpg', 'jpeg', 'png'].includes(ext)

/** Checklist percent: covered required categories out of six, rounded. */
export const checklistPercent = (covered: number, total = 6) => Math.round((Math.min(covered, total) / total) * 100)

/** Sizes in the other views (spec part 1 §9): B, KB, MB, GB or TB, with up to two decimals. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : Number(value.toFixed(2))} ${units[unit]}`
}

/** Upload list sizes: MB with two decimals. */
export const formatMegabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`

/** Shape of one file in GET /api/files. */
export interface FileRecord {
  id: string
  filename: string
  fileName: string
  originalFileName: string
  categoryId: number
  categoryName: string
  taxYear: number
  uploadedAt: string
  createdAt: string
  blobUrl: string
  version: number
  size: number
  mimeType: string
  userId: number
  /** What the server read in the current version (docs/recognition.md); null before it was queued. */
  recognition: RecognitionSummary | null
  /** The current version was added after the year was transmitted (issue 25): new to the experts. */
  afterTransmission: boolean
}

export interface FileVersionRecord {
  version: number
  createdAt: string
  blobUrl: string
  filename: string
  size: number
}

export interface CategoryRecord {
  id: number
  name: string
  nameKey: string
  section: CategorySection
  required: boolean
  isRelevant: boolean
  fileCount: number
}
