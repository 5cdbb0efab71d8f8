import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { ProgressBar } from './progress-bar'

/**
 * /pgbar: the advanced sections' upload progress bar on its own page, run against a file the
 * person picks, read locally (nothing is sent): the bar, its percent and its KB as in an upload.
 */
export default function ProgressBarPage() {
  const { t } = useTranslation('advanced')
  const [state, setState] = useState<{
    name: string
    loaded: number
    total: number
    status: 'uploading' | 'success' | 'error'
  } | null>(null)
  const [file, setFile] = useState<File | null>(null)

  useEffect(() => {
    if (!file) return
    let cancelled = false
    const reader = file.stream().getReader()
    let loaded = 0
    setState({ name: file.name, loaded: 0, total: file.size, status: 'uploading' })
    const pump = async (): Promise<void> => {
      const { done, value } = await reader.read()
      if (cancelled) return
      if (done) return setState({ name: file.name, loaded: file.size, total: file.size, status: 'success' })
      loaded += value.byteLength
      setState({ name: file.name, loaded, total: file.size, status: 'uploading' })
      return pump()
    }
    pump().catch(() => !cancelled && setState((s) => s && { ...s, status: 'error' }))
    return () => {
      cancelled = true
      void reader.cancel()
    }
  }, [file])

  return (
    <PageShell>
      <h1>{t('pgbar.title')}</h1>
      <p>{t('pgbar.text')}</p>
      <label>
        {t('pgbar.pick')}
        <input type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      {state && <ProgressBar fileName={state.name} loaded={state.loaded} total={state.total} status={state.status} />}
    </PageShell>
  )
}
