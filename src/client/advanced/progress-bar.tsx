import { useTranslation } from 'react-i18next'
import { useSignals } from '@preact/signals-react/runtime'
import { kilobytes, progressPercent, sectionUpload } from './section-upload'
import { FileName } from '../ui/file-name'

/**
 * The upload progress of one category (spec part 2 §2): percent with one decimal and the size in
 * KB. It subscribes to the signal itself, so a progress event renders this bar and nothing else.
 */
export function SectionProgress({ categoryId }: { categoryId: number }) {
  useSignals()
  const u = sectionUpload.value
  if (!u || u.categoryId !== categoryId) return null
  return <ProgressBar fileName={u.fileName} loaded={u.loaded} total={u.total} status={u.status} />
}

export function ProgressBar({
  fileName,
  loaded,
  total,
  status,
}: {
  fileName: string
  loaded: number
  total: number
  status: 'uploading' | 'success' | 'error'
}) {
  const { t } = useTranslation('advanced')
  const percent = progressPercent(loaded, total)
  const label =
    status === 'success'
      ? t('documents.upload_done')
      : status === 'error'
        ? t('documents.upload_error')
        : t('documents.uploading')
  return (
    <div className={`upload-progress ${status}`} data-testid="upload-progress">
      <div className="upload-progress-line">
        <FileName className="upload-progress-name" name={fileName} />
        <span>{t('documents.progress', { percent: percent.toFixed(1), size: kilobytes(total) })}</span>
      </div>
      <progress max={100} value={percent} aria-label={`${label}: ${fileName}`} />
      <small role="status">{label}</small>
    </div>
  )
}
