import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { isOffline } from '../api/offline'
import { toast } from '../ui/toast'
import { isAllowedExtension, MAX_UPLOAD_BYTES } from '../../shared/documents'
import { afterFilesChanged, sessionAlive } from '../api/documents'
import { sha256Hex, uploadErrorText, uploadOne, UploadError } from './documents-api'
import { enqueue, removeFromQueue, type QueueItem } from './upload-queue'
import { watchUpload } from './recognition-notices'

export const SESSION_REDIRECT_MS = 1500
export const CLEAR_AFTER_SUCCESS_MS = 2000

/** A category the person picked for the next files; `auto`: "let the app decide". */
export type Picked = { id: number; name: string; auto?: boolean }

type I18n = ReturnType<typeof useTranslation>['i18n']

const offlineToast = (t: TFunction) =>
  toast({ title: t('upload.offline_title'), description: t('upload.offline'), variant: 'destructive' })

const sessionExpiredToast = (t: TFunction) =>
  toast({ title: t('upload.session_expired_title'), description: t('upload.session_expired'), variant: 'destructive' })

/** The files the client checks let through; each refused one gets its toast. */
function acceptedFiles(files: File[], t: TFunction): File[] {
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
  return accepted
}

/** Uploads one queued file; resolves whether it is stored, and whether storing it moved the year's status. */
async function uploadItem(
  item: QueueItem,
  taxYear: number,
  t: TFunction,
  i18n: I18n,
): Promise<{ ok: boolean; statusAdvanced: boolean }> {
  item.status.value = 'uploading'
  item.error.value = ''
  item.progress.value = 0
  try {
    item.hash ??= await sha256Hex(item.file)
    const onProgress = (p: number) => {
      item.progress.value = p
    }
    const stored = await uploadOne(item.file, item.hash, item.categoryId, taxYear, onProgress, item.auto)
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
    if (err instanceof UploadError && err.sessionExpired) sessionExpiredToast(t)
    return { ok: false, statusAdvanced: false }
  }
}

/** The toast that sums up a batch: stored (or already there), partly stored, or failed. */
function reportBatch(items: QueueItem[], ok: number, t: TFunction) {
  const failed = items.length - ok
  const first = items[0]!
  const category = first.categoryName
  if (failed === 0 && items.length === 1 && first.alreadyVersion !== undefined) {
    // An identical file adds nothing on the server: say so, naming the version it is stored as.
    toast({
      title: t('upload.already_title'),
      description: t('upload.already_text', { name: first.file.name, version: first.alreadyVersion, category }),
    })
    setTimeout(() => removeFromQueue(items), CLEAR_AFTER_SUCCESS_MS)
  } else if (failed === 0) {
    toast({
      title: t('upload.success_title'),
      description:
        items.length === 1 ? t('upload.success_category', { category }) : t('upload.success_count', { count: ok }),
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
          ? `${t('upload.failed_category', { category })} ${first.error.value}`
          : t('upload.failed_text'),
      variant: 'destructive',
    })
  }
}

/**
 * The upload logic of the dashboard's tools: the client checks, the session probe, the browser-side SHA-256, the
 * queue, one toast per batch and one refresh per batch. `start` sends new files to a category, `retry` one failed
 * row again.
 */
export function useUploads(taxYear: number, onUploaded?: () => void) {
  const { t, i18n } = useTranslation('documents')
  const [, navigate] = useLocation()

  /** The pre-upload session probe (spec part 1 §5): 'Session Expired', then /login after 1.5 s. */
  async function probeSession(): Promise<boolean> {
    if (await sessionAlive()) return true
    sessionExpiredToast(t)
    setTimeout(() => navigate('/login'), SESSION_REDIRECT_MS)
    return false
  }

  async function uploadBatch(items: QueueItem[]) {
    let ok = 0
    let statusAdvanced = false
    for (const item of items) {
      const result = await uploadItem(item, taxYear, t, i18n)
      if (result.ok) ok++
      statusAdvanced ||= result.statusAdvanced
    }
    reportBatch(items, ok, t)
    if (ok > 0) {
      onUploaded?.()
      // One batch, one refresh: the year's categories (checklist, counts) and, if it moved, its status.
      await afterFilesChanged(taxYear, statusAdvanced)
    }
  }

  async function start(files: File[], target: Picked) {
    // Offline nothing is sent (and the session probe would fail as if the session had ended).
    if (isOffline()) {
      offlineToast(t)
      return
    }
    const accepted = acceptedFiles(files, t)
    if (!accepted.length) return
    if (!(await probeSession())) return
    await uploadBatch(accepted.map((f) => enqueue(f, target.id, target.name, !!target.auto)))
  }

  // A retry is an upload too: it runs the session probe first.
  async function retry(item: QueueItem) {
    if (isOffline()) {
      offlineToast(t)
      return
    }
    if (await probeSession()) await uploadBatch([item])
  }

  return { start, retry }
}
