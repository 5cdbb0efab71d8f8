import { PDFDocument } from 'pdf-lib'
import type { AppContext } from '../context'
import type { BlobStore } from '../infra/blob-store'
import { getUser } from '../users/service'
import { profileOf, type Profile } from '../users/profile'
import { taxStatusAnswer } from '../tax-status/service'
import { advancedInfo } from '../advanced/service'
import { categoryName } from '../documents/categories'
import { categoryState } from '../documents/relevance'
import { currentVersionsOfYear, versionContent } from '../documents/reads'
import { recognisedFields, type RecognisedVersion } from '../recognition/summary'
import { DOCUMENT_CATEGORIES, extensionOf, formatBytes } from '../../shared/documents'
import { REQUIRED_CATEGORY_IDS } from '../../shared/tax-status'
import { cantonByCode, cantonBySlug } from '../../shared/cantons'
import { PageWriter } from './cover'
import { PdfStream, type Bookmark } from './pdf-stream'
import { dossierTexts, pdfLanguage, type Translate } from './texts'
import { yearStatements } from './statements'
import { formatChf } from '../../shared/decimal'

type Version = Awaited<ReturnType<typeof currentVersionsOfYear>>[number]

const COLLECT_AFTER_BYTES = 1024 * 1024

/** The profile's answers on the cover, in the wizard's order, with the wizard's option group of each choice. */
const ANSWERS: readonly [keyof Profile, string?][] = [
  ['salutation', 'salutation'],
  ['dateOfBirth'],
  ['religion', 'religion'],
  ['jobName'],
  ['cantonOfResidence'],
  ['gemeinde'],
  ['movedDuringYear'],
  ['housingSituation', 'housing'],
  ['isFirefighter'],
  ['maritalStatus', 'marital'],
  ['employmentType', 'employment'],
  ['propertyOwner'],
  ['numberOfProperties'],
  ['propertyCountry'],
  ['propertyUse', 'property_use'],
  ['hasChildren'],
  ['numberOfChildren'],
  ['childrenAges'],
  ['hasInvestments'],
  ['hasForeignIncome'],
  ['isDisabled'],
  ['receivesAHVIV'],
  ['paysAlimony'],
  ['alimonyAmount'],
  ['alimonyDuration'],
  ['hasPillar3a'],
  ['hasPension'],
  ['taxationLevel'],
]

/** 2025-03-01 → 01.03.2025, as Swiss forms write dates. */
const swissDate = (iso: string | number) => {
  const d = new Date(typeof iso === 'number' ? iso : iso.length === 10 ? `${iso}T12:00:00Z` : iso)
  if (Number.isNaN(d.getTime())) return String(iso)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`
}

function answerText(t: Translate, field: keyof Profile, group: string | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('admin:dossier.none')
  if (typeof value === 'boolean') return t(value ? 'admin:yes' : 'admin:no')
  if (Array.isArray(value)) return value.join(', ')
  if (field === 'dateOfBirth') return swissDate(String(value))
  if (field === 'cantonOfResidence') return cantonBySlug(String(value))?.name ?? String(value)
  if (group) return t(`wizard:${group}.${value}`)
  return String(value)
}

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email

interface Gathered {
  t: Translate
  language: string
  versions: Version[]
  read: Map<string, RecognisedVersion>
}

type Writer = PageWriter

/** The cover: the person, the year's status and answers, advanced information, checklist, statements, figures. */
async function cover(ctx: AppContext, expertId: number, userId: number, taxYear: number, g: Gathered) {
  const w = await PageWriter.create()
  await clientSection(w, ctx, expertId, userId, taxYear, g.t)
  await advancedSection(w, ctx, userId, taxYear, g.t)
  await checklistSection(w, ctx, userId, taxYear, g)
  await statementsSection(w, ctx, userId, taxYear, g.t)
  figuresSection(w, g)
  w.heading(g.t('admin:dossier.documents'))
  if (g.versions.length === 0) w.paragraph(g.t('admin:dossier.no_documents'), true)
  for (const v of g.versions)
    w.field(
      categoryName(v.categoryId, g.language),
      g.t('admin:dossier.document_line', { name: v.originalName, version: v.version, size: formatBytes(v.size) }),
    )
  return w.doc
}

/** The title, the person, the year's status and the wizard's answers. */
async function clientSection(
  w: Writer,
  ctx: AppContext,
  expertId: number,
  userId: number,
  taxYear: number,
  t: Translate,
) {
  const user = await getUser(ctx, userId)
  const expert = await getUser(ctx, expertId)
  const p = await profileOf(ctx, userId)
  const status = await taxStatusAnswer(ctx, userId, taxYear)
  w.title(
    `${t('admin:dossier.title', { year: taxYear })} · ${p.name || user.email}`,
    t('admin:dossier.generated', {
      date: swissDate(ctx.now()),
      expert: [expert.firstName, expert.lastName].filter(Boolean).join(' ') || expert.email,
      firm: ctx.config.firmName,
    }),
  )

  w.heading(t('admin:dossier.client'))
  w.field(t('wizard:field_names.firstName'), p.firstName)
  w.field(t('wizard:field_names.lastName'), p.lastName)
  w.field(t('admin:dossier.email'), user.email)
  w.field(t('wizard:field_names.phone'), p.phone ? `${p.countryCode} ${p.phone}` : '')
  w.field(
    t('admin:dossier.address'),
    [p.street, [p.zipCode, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  )
  w.field(t('admin:dossier.status', { year: taxYear }), t(`home:status.name.${status.status}`))

  w.heading(t('admin:dossier.answers'))
  for (const [field, group] of ANSWERS) w.field(t(`wizard:field_names.${field}`), answerText(t, field, group, p[field]))
}

/** The advanced information: completed or not, the spouse, the children, the authorization. */
async function advancedSection(w: Writer, ctx: AppContext, userId: number, taxYear: number, t: Translate) {
  const advanced = await advancedInfo(ctx, userId, taxYear)
  w.heading(t('admin:dossier.advanced'))
  w.field(
    t('admin:dossier.advanced'),
    advanced.completedAt
      ? t('admin:dossier.advanced_completed', { date: swissDate(advanced.completedAt) })
      : t('admin:dossier.advanced_open'),
  )
  if (advanced.spouse) {
    const s = advanced.spouse
    w.field(
      t('admin:dossier.spouse'),
      [
        t('admin:dossier.spouse_line', {
          name: `${s.firstName} ${s.lastName}`,
          occupation: s.occupation || t('admin:dossier.none'),
        }),
        s.ahvNumber,
        s.taxId,
      ]
        .filter(Boolean)
        .join(' · '),
    )
  }
  for (const [i, c] of advanced.children.entries())
    w.field(
      i === 0 ? t('admin:dossier.children') : '',
      t('admin:dossier.child_line', { name: `${c.firstName} ${c.lastName}`, date: swissDate(c.birthDate) }),
    )
  const auth = advanced.authorization
  const canton = auth?.canton ? (cantonByCode(auth.canton)?.name ?? auth.canton) : ''
  w.field(
    t('admin:dossier.authorization'),
    [
      auth?.canton || auth?.tinNumber
        ? t('admin:dossier.canton_tax_id', { canton: canton || '–', taxId: auth?.tinNumber || '–' })
        : '',
      auth?.powerOfAttorneyAcceptedAt
        ? t('admin:dossier.poa_accepted', { date: swissDate(auth.powerOfAttorneyAcceptedAt) })
        : t('admin:dossier.poa_missing'),
    ]
      .filter(Boolean)
      .join(' · '),
  )
}

/** The year's checklist: each required category, and any other with files. */
async function checklistSection(w: Writer, ctx: AppContext, userId: number, taxYear: number, g: Gathered) {
  const { t } = g
  w.heading(t('admin:dossier.checklist', { year: taxYear }))
  const state = await categoryState(ctx, userId, taxYear)
  const required = new Set<number>(REQUIRED_CATEGORY_IDS)
  for (const c of DOCUMENT_CATEGORIES) {
    const n = state.counts.get(c.id) ?? 0
    const relevant = state.relevance.get(c.id) ?? true
    if (!required.has(c.id) && n === 0) continue
    w.field(
      categoryName(c.id, g.language),
      n > 0
        ? t('admin:dossier.files', { count: n })
        : relevant
          ? t('admin:dossier.missing')
          : t('admin:dossier.not_relevant'),
    )
  }
}

/** The year's e-Steuerauszüge, one row each, and their sums. */
async function statementsSection(w: Writer, ctx: AppContext, userId: number, taxYear: number, t: Translate) {
  w.heading(t('admin:dossier.statements'))
  const statements = await yearStatements(ctx, userId, taxYear)
  if (statements.rows.length === 0) return w.paragraph(t('admin:dossier.no_statements'), true)
  const { totals } = statements
  w.table(
    [
      t('admin:dossier.institution'),
      t('admin:dossier.client_number'),
      t('admin:dossier.tax_value'),
      t('admin:dossier.gross_a'),
      t('admin:dossier.gross_b'),
      t('admin:dossier.withholding_claim'),
    ],
    [
      ...statements.rows.map((r) => [
        r.institution,
        r.clientNumber,
        formatChf(r.taxValue),
        formatChf(r.grossRevenueA),
        formatChf(r.grossRevenueB),
        formatChf(r.withholdingTaxClaim),
      ]),
      [
        t('admin:dossier.total'),
        '',
        formatChf(totals.taxValue),
        formatChf(totals.grossRevenueA),
        formatChf(totals.grossRevenueB),
        formatChf(totals.withholdingTaxClaim),
      ],
    ],
    { widths: [125, 70, 75, 75, 75, 75], rightFrom: 2, boldLast: true },
  )
}

/** The figures recognition read: salaries from salary statements, pillar 3a contributions. */
function figuresSection(w: Writer, g: Gathered) {
  const { t } = g
  w.heading(t('admin:dossier.recognised'))
  let figures = 0
  for (const v of g.versions) {
    const f = g.read.get(v.versionId)?.fields
    if (!f) continue
    if (f.grossSalary !== undefined || f.netSalary !== undefined) {
      figures++
      w.paragraph(
        t('admin:dossier.salary', {
          name: f.employer ? `${v.originalName} (${f.employer})` : v.originalName,
          gross: f.grossSalary === undefined ? '–' : formatChf(f.grossSalary.toFixed(2)),
          net: f.netSalary === undefined ? '–' : formatChf(f.netSalary.toFixed(2)),
        }),
      )
    }
    if (f.pillar3aContribution !== undefined) {
      figures++
      w.paragraph(
        t('admin:dossier.pillar3a', { name: v.originalName, amount: formatChf(f.pillar3aContribution.toFixed(2)) }),
      )
    }
  }
  if (figures === 0) w.paragraph(t('admin:dossier.no_figures'), true)
}

/** A page that says why a document is not in the dossier, so the expert knows to open it apart. */
async function noticePage(text: string) {
  const w = await PageWriter.create()
  w.paragraph(text)
  return w.doc
}

/** One document as pages: a PDF's own, a picture on an A4 page, or a notice for anything else. */
async function documentPages(bytes: Uint8Array, v: Version, t: Translate): Promise<PDFDocument> {
  const ext = extensionOf(v.originalName)
  if (ext === 'pdf') {
    try {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false })
      if (doc.getPageCount() > 0) return doc
    } catch {
      /* damaged or encrypted: the notice below */
    }
    return noticePage(t('admin:dossier.unreadable', { name: v.originalName }))
  }
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') {
    try {
      const doc = await PDFDocument.create({ updateMetadata: false })
      const image = ext === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes)
      const page = doc.addPage([595.28, 841.89])
      const scale = Math.min(495 / image.width, 742 / image.height, 1)
      const width = image.width * scale
      const height = image.height * scale
      page.drawImage(image, { x: (595.28 - width) / 2, y: 841.89 - 50 - height, width, height })
      return doc
    } catch {
      return noticePage(t('admin:dossier.unreadable', { name: v.originalName }))
    }
  }
  return noticePage(t('admin:dossier.not_included', { name: v.originalName }))
}

/**
 * GET /api/admin/users/:id/dossier: the client's year as one PDF, written to `sink` as it is made. One document
 * is decrypted and held at a time (PdfStream writes each part's pages and lets them go), so a year of 200 MB of
 * documents needs the memory of its largest document, not of the year.
 */
export async function writeDossier(
  ctx: AppContext,
  store: BlobStore,
  expert: { id: number; language: string },
  userId: number,
  taxYear: number,
  sink: (chunk: Uint8Array) => Promise<void>,
): Promise<{ pages: number; documents: number }> {
  const language = pdfLanguage(expert.language)
  const t = await dossierTexts(language)
  const versions = await currentVersionsOfYear(ctx, userId, taxYear)
  const read = await recognisedFields(
    ctx,
    versions.map((v) => v.versionId),
  )
  const g: Gathered = { t, language, versions, read }
  const out = new PdfStream(sink)
  await out.begin()
  const bookmarks: Bookmark[] = [{ title: t('admin:dossier.title', { year: taxYear }), page: 0, children: [] }]
  await out.append(await cover(ctx, expert.id, userId, taxYear, g))
  let documents = 0
  for (const v of versions) {
    const content = await versionContent(ctx, store, v.fileId, v.versionId)
    if (!content) continue // deleted meanwhile
    const first = out.pageCount
    await out.append(await documentPages(content.bytes, v, t))
    documents++
    // A document's buffers live outside the JavaScript heap and the collector does not hurry for them: left alone,
    // a 200 MB year held +300 MB at its end, and a collection every 32 MB still +186 MB. A full collection after
    // each document of a megabyte or more keeps the peak near the largest document's (bench/dossier.ts: +90 MB for
    // 200 MB in 10 MB PDFs), for ~0.2 s each.
    if (content.bytes.length >= COLLECT_AFTER_BYTES) Bun.gc(true)
    const title = categoryName(v.categoryId, language)
    let group = bookmarks.at(-1)!
    if (group.title !== title || bookmarks.length === 1) {
      group = { title, page: first, children: [] }
      bookmarks.push(group)
    }
    group.children.push({ title: `${v.originalName} (v${v.version})`, page: first, children: [] })
  }
  const user = await getUser(ctx, userId)
  await out.end(bookmarks, {
    title: `${t('admin:dossier.title', { year: taxYear })} · ${nameOf(user)}`,
    author: ctx.config.firmName,
  })
  return { pages: out.pageCount, documents }
}
