import { useRef } from 'react'
import { useRememberedOpen } from '../ui/remembered-open'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useSignals } from '@preact/signals-react/runtime'
import { afterSectionUpload, useSetCategoryRelevance, type AdvancedInfo } from '../api/advanced'
import { useFiles } from '../api/documents'
import { toast } from '../ui/toast'
import {
  ACCEPT_ATTRIBUTE,
  categoryById,
  categoryKey,
  isAllowedExtension,
  MAX_UPLOAD_BYTES,
} from '../../shared/documents'
import { sha256Hex, uploadErrorText } from '../documents/documents-api'
import { sectionUpload, uploadToCategory } from './section-upload'
import { SectionProgress } from './progress-bar'

/** The finished upload's bar stays 2 s, then the list is cleared and the files refetched (spec part 2 §4). */
export const CLEAR_AFTER_MS = 2000

type Section = AdvancedInfo['sections'][number]
type I18n = ReturnType<typeof useTranslation>['i18n']

/** The document cards of one section view: one per category, expandable, relevant or not, one upload at a time. */
export function SectionDocuments({ section, taxYear, locked }: { section: Section; taxYear: number; locked: boolean }) {
  const { t } = useTranslation('advanced')
  if (section.categories.length === 0) return null
  return (
    <section className="section-documents" aria-labelledby={`docs-${section.id}`}>
      <h3 id={`docs-${section.id}`}>{t('documents.heading')}</h3>
      {section.categories.map((c) => (
        <CategoryCard key={c.id} category={c} taxYear={taxYear} locked={locked} />
      ))}
    </section>
  )
}

function CategoryCard({
  category,
  taxYear,
  locked,
}: {
  category: Section['categories'][number]
  taxYear: number
  locked: boolean
}) {
  useSignals()
  const { t, i18n } = useTranslation(['advanced', 'documents'])
  const [expanded, setExpanded] = useRememberedOpen(`advanced-category:${taxYear}:${category.id}`)
  const input = useRef<HTMLInputElement>(null)
  const relevance = useSetCategoryRelevance(taxYear)
  const files = useFiles(taxYear)
  const name = t(`documents:${categoryKey(categoryById(category.id)!)}`)
  const busy = sectionUpload.value?.status === 'uploading'
  const mine = (files.data ?? []).filter((f) => f.categoryId === category.id)
  const panelId = `category-panel-${category.id}`

  const setRelevant = (isRelevant: boolean) => saveRelevance(relevance, category.id, isRelevant, t)

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = ''
    if (!file || refused(file, t)) return
    setExpanded(true)
    await uploadToSection(file, category.id, name, taxYear, t, i18n)
  }

  return (
    <article className={category.isRelevant ? 'category-card' : 'category-card not-relevant'}>
      <header>
        <button
          type="button"
          className="category-toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="category-name">{name}</span>
          <span className="category-count">{t('overview.files', { count: category.fileCount })}</span>
        </button>
        <label className="switch-label">
          <input
            type="checkbox"
            role="switch"
            checked={category.isRelevant}
            aria-checked={category.isRelevant}
            disabled={locked || relevance.isPending}
            onChange={(e) => void setRelevant(e.target.checked)}
          />
          {category.isRelevant ? t('documents.relevant') : t('documents.not_relevant')}
          <span className="visually-hidden"> – {name}</span>
        </label>
      </header>
      <div id={panelId} hidden={!expanded} className="category-panel">
        <CategoryFiles files={mine} />
        <SectionProgress categoryId={category.id} />
        <input
          ref={input}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid={`upload-input-${category.id}`}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <button
          type="button"
          className="secondary"
          disabled={!category.isRelevant || locked || busy}
          onClick={() => input.current?.click()}
        >
          {t('documents.upload', { category: name })}
        </button>
      </div>
    </article>
  )
}

type FileEntry = NonNullable<ReturnType<typeof useFiles>['data']>[number]

/** The category's files, each opening in a new tab. */
function CategoryFiles({ files }: { files: FileEntry[] }) {
  const { t } = useTranslation('advanced')
  return files.length > 0 ? (
    <ul className="category-files">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.blobUrl} target="_blank" rel="noopener">
            {f.originalFileName}
          </a>
        </li>
      ))}
    </ul>
  ) : (
    <p className="muted">{t('documents.no_files')}</p>
  )
}

/** Marks a category relevant or not; only a failure warns (spec part 2 §4), a success says so briefly. */
async function saveRelevance(
  relevance: ReturnType<typeof useSetCategoryRelevance>,
  categoryId: number,
  isRelevant: boolean,
  t: TFunction,
) {
  try {
    await relevance.mutateAsync({ categoryId, isRelevant })
    toast({
      title: t('documents.preference_saved_title'),
      description: t(isRelevant ? 'documents.preference_enabled' : 'documents.preference_disabled'),
      duration: 2000,
      variant: 'success',
    })
  } catch {
    // Spec part 2 §4: a category's mark only warns on failure.
    toast({
      title: t('documents.preference_failed_title'),
      description: t('documents.preference_failed_text'),
      variant: 'destructive',
    })
  }
}

/** The client's checks of a section's file (size, type, empty); a refused one gets its toast. */
function refused(file: File, t: TFunction): boolean {
  const refusal =
    file.size > MAX_UPLOAD_BYTES
      ? { title: t('documents.too_large_title'), description: t('documents.too_large_text') }
      : !isAllowedExtension(file.name)
        ? {
            title: t('documents:upload.type_title'),
            description: t('documents:upload.type_text', { name: file.name }),
          }
        : file.size === 0
          ? { title: t('documents:upload.empty_title'), description: t('documents:upload.empty', { name: file.name }) }
          : null
  if (refusal) toast({ ...refusal, variant: 'destructive' })
  return refusal !== null
}

/** Uploads one file to a category, its progress in the section's bar; the files are refetched 2 s after. */
async function uploadToSection(
  file: File,
  categoryId: number,
  name: string,
  taxYear: number,
  t: TFunction,
  i18n: I18n,
) {
  sectionUpload.value = {
    categoryId: categoryId,
    fileName: file.name,
    loaded: 0,
    total: file.size,
    status: 'uploading',
  }
  try {
    const hash = await sha256Hex(file)
    const answer = await uploadToCategory(file, hash, categoryId, name, taxYear, (loaded, total) => {
      sectionUpload.value = { categoryId: categoryId, fileName: file.name, loaded, total, status: 'uploading' }
    })
    sectionUpload.value = {
      categoryId: categoryId,
      fileName: file.name,
      loaded: file.size,
      total: file.size,
      status: 'success',
    }
    toast({
      title: t('documents.upload_success_title'),
      description: t('documents.upload_success_text', { category: name }),
      variant: 'success',
    })
    setTimeout(() => {
      if (sectionUpload.value?.status === 'success' && sectionUpload.value.categoryId === categoryId)
        sectionUpload.value = null
      void afterSectionUpload(taxYear, answer.statusAdvanced)
    }, CLEAR_AFTER_MS)
  } catch (err) {
    sectionUpload.value = { ...sectionUpload.value!, status: 'error' }
    toast({
      title: t('documents.upload_failed_title'),
      description:
        uploadErrorText(err, i18n, { name: file.name, year: taxYear }) ||
        t('documents.upload_failed_text', { category: name }),
      variant: 'destructive',
    })
  }
}
