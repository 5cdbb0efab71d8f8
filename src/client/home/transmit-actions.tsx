import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { api, ApiRequestError } from '../api'
import { toast } from '../ui/toast'
import type { DisplayStatus } from './status-display'
import type { YearFlags } from './types'

/** The spec evaluates the Advanced Tax Info button 200 ms after the status settles. */
const ADVANCED_DELAY_MS = 200

/**
 * 'Advanced Tax Info' (enabled from status 3) and 'Mark as Transmitted' (status 3
 * only, enabled by the server's flag; the server re-checks it on transmit).
 */
export function TransmitActions({ year, status, flags, onTransmitted }: {
  year: number
  status: DisplayStatus
  flags: YearFlags | null
  onTransmitted: () => Promise<void>
}) {
  const { t } = useTranslation('home')
  const [, navigate] = useLocation()
  const [advancedOpen, setAdvancedOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  const unlocked = status.id >= 3
  useEffect(() => {
    if (!unlocked) {
      setAdvancedOpen(false)
      return
    }
    const timer = setTimeout(() => setAdvancedOpen(true), ADVANCED_DELAY_MS)
    return () => clearTimeout(timer)
  }, [unlocked])

  const canTransmit = status.id === 3 && flags?.taxYear === year && flags.canTransmit

  async function transmit() {
    setBusy(true)
    try {
      await api('/api/tax-year-status/transmit', { method: 'POST', body: { taxYear: year } })
      toast({ title: t('transmit.success'), description: t('transmit.success_text', { year }), variant: 'success' })
      await onTransmitted()
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.serverMessage : undefined
      toast({ title: t('transmit.failed'), description: message ?? t('transmit.unknown_error'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="transmit-actions">
      <div className="action-row">
        <button type="button" className="secondary" disabled={!advancedOpen} aria-describedby="advanced-hint" onClick={() => navigate('/advanced-tax-info')}>
          {t('advanced.button')}
        </button>
        <small id="advanced-hint" className={advancedOpen ? 'hint unlocked' : 'hint'}>{advancedOpen ? t('advanced.unlocked') : t('advanced.locked')}</small>
      </div>
      {status.id === 3 && (
        <div className="action-row">
          <button type="button" className="transmit-button" disabled={!canTransmit || busy} aria-busy={busy} aria-describedby={canTransmit ? undefined : 'transmit-hint'} onClick={transmit}>
            {t('transmit.button')}
          </button>
          {!canTransmit && <small id="transmit-hint" className="hint">{t('transmit.hint_disabled', { year })}</small>}
        </div>
      )}
    </section>
  )
}
