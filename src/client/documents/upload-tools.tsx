import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useSignals } from '@preact/signals-react/runtime'
import { isOffline, useOnline } from '../api/offline'
import { toast } from '../ui/toast'
import { ACCEPT_ATTRIBUTE, formatMegabytes, isAllowedExtension, MAX_UPLOAD_BYTES } from '../../shared/documents'
import { afterFilesChanged, sessionAlive, useCategories } from '../api/documents'
import { categoriesOrFallback, sha256Hex, uploadErrorText, uploadOne, UploadError } from './documents-api'
import { clearQueue, enqueue, queue, removeFromQueue, type QueueItem } from './upload-queue'
import { CategoryPickerDialog } from './category-picker'
import { CameraDialog } from './camera-dialog'
import { RecognitionNotices, watchUpload } from './recognition-notices'

export const SESSION_REDIRECT_MS = 1500
export const CLEAR_AFTER_SUCCESS_MS = 2000

type Picked = { id: number; name: string; auto?: boolean }

/**
 * The dashboard's three upload tools (spec part 1 §2): take photo, upload files,
 * and the upload list. (The spec's admin-only "manual test bypass" upload is not built: experts never see a
 * taxpayer's dashboard, docs/experts.md, and it did nothing the normal upload does not.) Every file goes
 * through the category picker, the client checks, the session probe and the
 * browser-side SHA-256 before it is sent.
 */
/** `primary`: uploading is the view's next step (status 2), so Upload files is its one primary action. */
// long: TODO split (issue 23)
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
  const { t, i18n } = useTranslation('documents')
  const [, navigate] = useLocation()
  const online = useOnline()
  const categories = categoriesOrFallback(useCategories(taxYear).data ?? [], t)
  const [picker, setPicker] = useState<null | 'files' | 'camera'>(null)
  const [category, setCategory] = useState<Picked | null>(null)
  const [cameraOpen, setCameraOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const pending = useRef<Picked | null>(null)

  // The picker itself asks for a category, and says it is missing only after an attempt without one.
  const open = (tool: 'files' | 'camera') => setPicker(tool)

  const onPicked = (picked: Picked) => {
    setCategory(picked)
    pending.current = picked
    const tool = picker
    setPicker(null)
    if (tool === 'camera') setCameraOpen(true)
    else fileInput.current?.click()
  }

  async function start(files: File[], target: Picked) {
    // Offline nothing is sent (and the session probe would fail as if the session had ended).
    if (isOffline()) {
      toast({ title: t('upload.offline_title'), description: t('upload.offline'), variant: 'destructive' })
      return
    }
    const accepted: File[] = []
    for (const file of files) {
      if (!isAllowedExtension(file.name)) {
        toast({ title: t('upload.type_title'), description: t('upload.type_text'), variant: 'destructive' })
      } else if (file.size > MAX_UPLOAD_BYTES) {
        toast({ title: t('upload.too_large_title'), description: t('upload.too_large'), variant: 'destructive' })
      } else if (file.size === 0) {
        // Empty, not of a wrong type: no retry can store it, so it is not queued (the server refuses it too).
        toast({
          title: t('upload.empty_title'),
          description: t('upload.empty', { name: file.name }),
          variant: 'destructive',
        })
      } else accepted.push(file)
    }
    if (!accepted.length) return
    if (!(await probeSession())) return
    await uploadBatch(accepted.map((f) => enqueue(f, target.id, target.name, !!target.auto)))
  }

  /** The pre-upload session probe (spec part 1 §5): 'Session Expired', then /login after 1.5 s. */
  async function probeSession(): Promise<boolean> {
    if (await sessionAlive()) return true
    toast({
      title: t('upload.session_expired_title'),
      description: t('upload.session_expired'),
      variant: 'destructive',
    })
    setTimeout(() => navigate('/login'), SESSION_REDIRECT_MS)
    return false
  }

  /** Resolves whether the item is stored, and whether storing it moved the year's status. */
  async function uploadItem(item: QueueItem): Promise<{ ok: boolean; statusAdvanced: boolean }> {
    item.status.value = 'uploading'
    item.error.value = ''
    item.progress.value = 0
    try {
      item.hash ??= await sha256Hex(item.file)
      const stored = await uploadOne(
        item.file,
        item.hash,
        item.categoryId,
        taxYear,
        (p) => {
          item.progress.value = p
        },
        item.auto,
      )
      item.alreadyVersion = stored.item.unchanged ? stored.item.version : undefined
      item.status.value = 'success'
      // The server reads the file now; the notice tells what it found.
      if (!stored.item.unchanged)
        watchUpload({
          fileId: stored.item.id,
          name: item.file.name,
          taxYear,
          categoryId: item.categoryId,
          auto: item.auto,
        })
      return { ok: true, statusAdvanced: stored.statusAdvanced }
    } catch (err) {
      item.status.value = 'error'
      item.error.value = uploadErrorText(err, i18n, { name: item.file.name, year: taxYear })
      if (err instanceof UploadError && err.sessionExpired) {
        toast({
          title: t('upload.session_expired_title'),
          description: t('upload.session_expired'),
          variant: 'destructive',
        })
      }
      return { ok: false, statusAdvanced: false }
    }
  }

  async function uploadBatch(items: QueueItem[]) {
    let ok = 0
    let statusAdvanced = false
    for (const item of items) {
      const result = await uploadItem(item)
      if (result.ok) ok++
      statusAdvanced ||= result.statusAdvanced
    }
    const failed = items.length - ok
    const categoryName = items[0]!.categoryName
    if (failed === 0 && items.length === 1 && items[0]!.alreadyVersion !== undefined) {
      // An identical file adds nothing on the server: say so, naming the version it is stored as.
      toast({
        title: t('upload.already_title'),
        description: t('upload.already_text', {
          name: items[0]!.file.name,
          version: items[0]!.alreadyVersion,
          category: categoryName,
        }),
      })
      setTimeout(() => removeFromQueue(items), CLEAR_AFTER_SUCCESS_MS)
    } else if (failed === 0) {
      toast({
        title: t('upload.success_title'),
        description:
          items.length === 1
            ? t('upload.success_category', { category: categoryName })
            : t('upload.success_count', { count: ok }),
        variant: 'success',
      })
      setTimeout(() => removeFromQueue(items), CLEAR_AFTER_SUCCESS_MS)
    } else if (ok > 0) {
      toast({
        title: t('upload.partial_title'),
        description: t('upload.partial', { success: ok, failed }),
        variant: 'destructive',
      })
    } else if (!items.some((i) => i.error.value === t('upload.session_expired'))) {
      toast({
        title: t('upload.failed_title'),
        description:
          items.length === 1
            ? `${t('upload.failed_category', { category: categoryName })} ${items[0]!.error.value}`
            : t('upload.failed_text'),
        variant: 'destructive',
      })
    }
    if (ok > 0) {
      onUploaded?.()
      // One batch, one refresh: the year's categories (checklist, counts) and, if it moved, its status.
      await afterFilesChanged(taxYear, statusAdvanced)
    }
  }

  // A retry is an upload too: it runs the session probe first.
  const retry = async (item: QueueItem) => {
    if (isOffline()) {
      toast({ title: t('upload.offline_title'), description: t('upload.offline'), variant: 'destructive' })
      return
    }
    if (await probeSession()) await uploadBatch([item])
  }

  return (
    <section className="upload-tools" aria-labelledby="upload-tools-title">
      <h2 id="upload-tools-title" className="visually-hidden">
        {t('upload.upload_files')}
      </h2>
      {disabled && <p className="upload-disabled-note">{t('upload.disabled_transmitted')}</p>}
      {transmitted && !disabled && <p className="upload-late-note">{t('upload.late_note')}</p>}
      {!online && (
        <p className="notice notice-warning upload-offline-note" role="status">
          {t('upload.offline')}
        </p>
      )}
      <div className="upload-buttons">
        <button type="button" onClick={() => open('camera')} disabled={disabled}>
          {t('upload.take_photo')}
        </button>
        <button
          type="button"
          className={primary ? 'primary' : undefined}
          onClick={() => open('files')}
          disabled={disabled}
        >
          {t('upload.upload_files')}
        </button>
      </div>
      <input
        ref={fileInput}
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
          if (files.length && pending.current) void start(files, pending.current)
        }}
      />
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
        <span className="upload-name">{item.file.name}</span>
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
