import { useRef } from 'react'
import { useRememberedOpen } from '../ui/remembered-open'
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

// long: TODO split (issue 23)
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

  async function setRelevant(isRelevant: boolean) {
    try {
      await relevance.mutateAsync({ categoryId: category.id, isRelevant })
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

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = ''
    if (!file) return
    if (file.size > MAX_UPLOAD_BYTES)
      return toast({
        title: t('documents.too_large_title'),
        description: t('documents.too_large_text'),
        variant: 'destructive',
      })
    if (!isAllowedExtension(file.name))
      return toast({
        title: t('documents:upload.type_title'),
        description: t('documents:upload.type_text', { name: file.name }),
        variant: 'destructive',
      })
    if (file.size === 0)
      return toast({
        title: t('documents:upload.empty_title'),
        description: t('documents:upload.empty', { name: file.name }),
        variant: 'destructive',
      })
    sectionUpload.value = {
      categoryId: category.id,
      fileName: file.name,
      loaded: 0,
      total: file.size,
      status: 'uploading',
    }
    setExpanded(true)
    try {
      const hash = await sha256Hex(file)
      const answer = await uploadToCategory(file, hash, category.id, name, taxYear, (loaded, total) => {
        sectionUpload.value = { categoryId: category.id, fileName: file.name, loaded, total, status: 'uploading' }
      })
      sectionUpload.value = {
        categoryId: category.id,
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
        if (sectionUpload.value?.status === 'success' && sectionUpload.value.categoryId === category.id)
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
        {mine.length > 0 ? (
          <ul className="category-files">
            {mine.map((f) => (
              <li key={f.id}>
                <a href={f.blobUrl} target="_blank" rel="noopener">
                  {f.originalFileName}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('documents.no_files')}</p>
        )}
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
