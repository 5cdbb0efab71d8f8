import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { useQuery } from '@tanstack/react-query'
import { messageOf } from '../api/client'
import { historyQuery, useCategories, useDeleteFile, useFiles } from '../api/documents'
import { toast } from '../ui/toast'
import { Dialog } from '../ui/dialog'
import { formatBytes, type FileRecord } from '../../shared/documents'
import { categoryLabel, fileCountOf, showsFilesFetchError } from './documents-api'
import { dayKey, formatDateTime, formatDay, formatTime, relativeTime } from '../ui/dates'
import { StatementFigures } from './statement-figures'
import { FileName } from '../ui/file-name'

/** The year filter offers the last five calendar years, the current one first. */
export const historyYears = (today = new Date()) => Array.from({ length: 5 }, (_, i) => today.getFullYear() - i)

export const downloadUrl = (blobUrl: string) => `${blobUrl}${blobUrl.includes('?') ? '&' : '?'}download=1`

/** 'Your Files' with 'N files for {year}', and the file-history button; both open the File History dialog. */
export function YourFilesButton({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation('documents')
  const categories = useCategories(taxYear).data
  const count = categories ? fileCountOf(categories) : null
  const [open, setOpen] = useState(false)
  return (
    <>
      <div className="your-files">
        <button type="button" className="your-files-button secondary" onClick={() => setOpen(true)}>
          <strong>{t('files.your_files')}</strong>
          <span>{t('files.count', { count: count ?? 0, year: taxYear })}</span>
        </button>
        {/* The file-history button of spec part 1 §2, beside 'Your Files'. */}
        <Link href="/file-history" className="file-history-button">
          {t('files.full_history')}
        </Link>
      </div>
      <FileHistoryDialog open={open} onClose={() => setOpen(false)} initialYear={taxYear} />
    </>
  )
}

/** The File History dialog (spec part 1 §2). */
export function FileHistoryDialog({
  open,
  onClose,
  initialYear,
}: {
  open: boolean
  onClose: () => void
  initialYear: number
}) {
  const { t } = useTranslation('documents')
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('history.title')}
      labelledBy="file-history-title"
      className="file-history-dialog"
      footer={
        <button type="button" className="secondary" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      {open && <FileHistoryList initialYear={initialYear} variant="dialog" />}
    </Dialog>
  )
}

/** Filters, then the files grouped by upload day, newest first. Shared by the dialog and the /file-history page. */
export function FileHistoryList({ initialYear, variant }: { initialYear: number; variant: 'dialog' | 'page' }) {
  const { t, i18n } = useTranslation('documents')
  const years = historyYears()
  const [year, setYear] = useState(years.includes(initialYear) ? initialYear : years[1]!)
  const [categoryId, setCategoryId] = useState('')
  const categories = useCategories('any').data ?? []
  const filesQuery = useFiles(year)
  // A failed list is shown empty (spec part 1 §8).
  const files = filesQuery.isError ? [] : (filesQuery.data ?? null)
  const [versionsOf, setVersionsOf] = useState<FileRecord | null>(null)

  useEffect(() => {
    if (filesQuery.error && showsFilesFetchError(filesQuery.error))
      toast({ title: t('history.files_failed'), variant: 'destructive' })
  }, [filesQuery.error, t])

  const groups = useMemo(() => byDay(files ?? [], categoryId), [files, categoryId])

  const categoryName = categories.some((c) => String(c.id) === categoryId)
    ? categoryLabel(Number(categoryId), t)
    : undefined

  // Under the page's h1 its groups are h2; in the dialog, under the dialog's h2, h3 (axe heading-order).
  const Heading = variant === 'page' ? 'h2' : 'h3'
  return (
    <div className={`file-history file-history-${variant}`}>
      <HistoryFilters
        years={years}
        year={year}
        onYear={setYear}
        categories={categories}
        categoryId={categoryId}
        onCategory={setCategoryId}
      />
      {files === null ? (
        <p aria-busy="true">{t('history.loading')}</p>
      ) : groups.length === 0 ? (
        <div className="file-history-empty">
          <Heading>{t('history.empty_title')}</Heading>
          <p>
            {categoryName
              ? t('history.empty_category', { category: categoryName, year })
              : t('history.empty_year', { year })}
          </p>
        </div>
      ) : (
        groups.map(([day, dayFiles]) => (
          <section
            key={day || 'unknown'}
            className="file-history-group"
            aria-label={day ? formatDay(dayFiles[0]!.uploadedAt, i18n.language) : t('history.unknown_time')}
          >
            <Heading>
              {t('history.group', {
                date: day ? formatDay(dayFiles[0]!.uploadedAt, i18n.language) : t('history.unknown_time'),
                count: dayFiles.length,
              })}
            </Heading>
            <ul>
              {dayFiles.map((f) => (
                <FileItem key={f.id} f={f} variant={variant} onVersions={() => setVersionsOf(f)} />
              ))}
            </ul>
          </section>
        ))
      )}
      <FileVersionDialog file={versionsOf} onClose={() => setVersionsOf(null)} />
    </div>
  )
}

function HistoryFilters({
  years,
  year,
  onYear,
  categories,
  categoryId,
  onCategory,
}: {
  years: number[]
  year: number
  onYear: (year: number) => void
  categories: { id: number }[]
  categoryId: string
  onCategory: (categoryId: string) => void
}) {
  const { t } = useTranslation('documents')
  return (
    <div className="file-history-filters">
      <label>
        {t('history.year')}
        <select value={year} onChange={(e) => onYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('history.category')}
        <select value={categoryId} onChange={(e) => onCategory(e.target.value)}>
          <option value="">{t('history.all_categories')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {categoryLabel(c.id, t)}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

/** The files of the chosen category (all when none), grouped by upload day, newest first. */
function byDay(files: FileRecord[], categoryId: string): [string, FileRecord[]][] {
  const shown = files.filter((f) => !categoryId || String(f.categoryId) === categoryId)
  const groups = new Map<string, FileRecord[]>()
  for (const f of [...shown].sort((a, b) => (b.uploadedAt ?? '').localeCompare(a.uploadedAt ?? ''))) {
    const key = dayKey(f.uploadedAt ?? f.createdAt)
    groups.set(key, [...(groups.get(key) ?? []), f])
  }
  return [...groups.entries()].sort(([a], [b]) => b.localeCompare(a))
}

/** One file: name, time, size (on the page also age and category), its statement's figures, and its actions. */
function FileItem({ f, variant, onVersions }: { f: FileRecord; variant: 'dialog' | 'page'; onVersions: () => void }) {
  const { t, i18n } = useTranslation('documents')
  const deleteFile = useDeleteFile()
  const remove = async () => {
    if (!window.confirm(t('history.delete_confirm', { name: f.originalFileName }))) return
    try {
      await deleteFile.mutateAsync({ fileId: f.id, taxYear: f.taxYear })
      toast({ title: t('history.deleted'), variant: 'success' })
    } catch (err) {
      toast({ title: t('history.delete_failed'), description: messageOf(err, ''), variant: 'destructive' })
    }
  }
  return (
    <li className="file-history-item">
      <div className="file-history-name">
        <strong>
          <FileName name={f.originalFileName} />
        </strong>
        <span className="file-history-meta">
          {formatTime(f.uploadedAt) ?? t('history.unknown_time')}
          {` · ${formatBytes(f.size)}`}
          {variant === 'page' && (
            <>
              {' '}
              · {relativeTime(f.uploadedAt, i18n.language)} · {categoryLabel(f.categoryId, t)}
            </>
          )}
          {f.version > 1 && <> · {t('version.label', { version: f.version })}</>}
        </span>
        {f.recognition?.statement && <StatementFigures statement={f.recognition.statement} />}
      </div>
      <div className="file-history-actions">
        {variant === 'page' && (
          <a href={f.blobUrl} target="_blank" rel="noopener noreferrer" role="button" className="secondary outline">
            {t('history.view')}
          </a>
        )}
        <a href={downloadUrl(f.blobUrl)} download={f.originalFileName} role="button" className="secondary outline">
          {t('history.download')}
        </a>
        <button type="button" className="secondary outline" onClick={onVersions}>
          {t('history.versions')}
        </button>
        <button type="button" className="danger" onClick={() => void remove()}>
          {t('history.delete')}
        </button>
      </div>
    </li>
  )
}

/** The file version dialog: the current version, then every version with its number, date and download. */
export function FileVersionDialog({ file, onClose }: { file: FileRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('documents')
  const history = useQuery({ ...historyQuery(file?.id ?? ''), enabled: file !== null })
  const versions = history.isError ? [] : (history.data ?? null)
  useEffect(() => {
    if (history.error) toast({ title: t('history.fetch_failed'), variant: 'destructive' })
  }, [history.error, t])
  return (
    <Dialog
      open={file !== null}
      onClose={onClose}
      title={t('version.title')}
      labelledBy="file-version-title"
      footer={
        <button type="button" className="secondary" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      {file && (
        <>
          <p className="file-version-current">
            <strong>
              <FileName name={file.originalFileName} />
            </strong>
            <a
              href={downloadUrl(file.blobUrl)}
              download={file.originalFileName}
              role="button"
              className="secondary outline"
            >
              {t('version.download_current')}
            </a>
          </p>
          {versions === null ? (
            <p aria-busy="true">{t('history.loading')}</p>
          ) : versions.length === 0 ? (
            <p>{t('version.empty')}</p>
          ) : (
            <ul className="file-version-list">
              {versions.map((v) => (
                <li key={v.version}>
                  <span>
                    {t('version.label', { version: v.version })}
                    {v.version === file.version ? ` · ${t('version.current')}` : ''} ·{' '}
                    {formatDateTime(v.createdAt, i18n.language)} · {formatBytes(v.size)}
                  </span>
                  <a
                    href={downloadUrl(v.blobUrl)}
                    download={v.filename}
                    aria-label={`${t('history.download')}: ${t('version.label', { version: v.version })}`}
                  >
                    {t('history.download')}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Dialog>
  )
}
