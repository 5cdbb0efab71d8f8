import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { api, messageOf } from '../api'
import { toast } from '../ui/toast'
import { Dialog } from '../ui/dialog'
import type { DisplayStatus } from './status-display'
import type { YearFlags } from './types'

/** The spec evaluates the Advanced Tax Info button 200 ms after the status settles. */
const ADVANCED_DELAY_MS = 200

/**
 * Window events of spec part 1 §4 that the advanced-info screen fires: one
 * unlocks the Advanced Tax Info button at once, the other two switch
 * 'Mark as Transmitted' on or off. The server's flags still decide: enabling
 * refetches them, and the server re-checks on transmit.
 */
export const ADVANCED_AVAILABLE_EVENT = 'advancedTaxInfoAvailable'
export const ENABLE_TRANSMIT_EVENT = 'enableTransmitFiles'
export const DISABLE_TRANSMIT_EVENT = 'disableTransmitFiles'

/**
 * 'Advanced Tax Info' (enabled from status 3) and 'Mark as Transmitted' (status 3
 * only, enabled by the server's flag; the server re-checks it on transmit).
 */
export function TransmitActions({ year, status, flags, onTransmitted, onFlagsChanged }: {
  year: number
  status: DisplayStatus
  flags: YearFlags | null
  onTransmitted: () => Promise<void>
  /** Refetches the year's flags (after an enableTransmitFiles event). */
  onFlagsChanged: () => Promise<void>
}) {
  const { t } = useTranslation('home')
  const [, navigate] = useLocation()
  const [advancedOpen, setAdvancedOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  // Transmitting cannot be undone: a confirmation says first what it locks.
  const [confirming, setConfirming] = useState(false)
  // A disableTransmitFiles event holds the button off until an enable event or another year.
  const [transmitOff, setTransmitOff] = useState(false)
  useEffect(() => setTransmitOff(false), [year])

  useEffect(() => {
    const onAvailable = () => setAdvancedOpen(true)
    const onEnable = () => {
      setTransmitOff(false)
      toast({ title: t('transmit.enabled_title'), description: t('transmit.enabled_text'), variant: 'success' })
      void onFlagsChanged()
    }
    const onDisable = () => setTransmitOff(true)
    window.addEventListener(ADVANCED_AVAILABLE_EVENT, onAvailable)
    window.addEventListener(ENABLE_TRANSMIT_EVENT, onEnable)
    window.addEventListener(DISABLE_TRANSMIT_EVENT, onDisable)
    return () => {
      window.removeEventListener(ADVANCED_AVAILABLE_EVENT, onAvailable)
      window.removeEventListener(ENABLE_TRANSMIT_EVENT, onEnable)
      window.removeEventListener(DISABLE_TRANSMIT_EVENT, onDisable)
    }
  }, [t, onFlagsChanged])

  const unlocked = status.id >= 3
  useEffect(() => {
    if (!unlocked) {
      setAdvancedOpen(false)
      return
    }
    const timer = setTimeout(() => setAdvancedOpen(true), ADVANCED_DELAY_MS)
    return () => clearTimeout(timer)
  }, [unlocked])

  const canTransmit = status.id === 3 && flags?.taxYear === year && flags.canTransmit && !transmitOff

  async function transmit() {
    setConfirming(false)
    setBusy(true)
    try {
      await api('/api/tax-year-status/transmit', { method: 'POST', body: { taxYear: year } })
      toast({ title: t('transmit.success'), description: t('transmit.success_text', { year }), variant: 'success' })
      await onTransmitted()
    } catch (err) {
      toast({ title: t('transmit.failed'), description: messageOf(err, t('transmit.unknown_error'), { year, nextYear: year + 1 }), variant: 'destructive' })
      // The server said no: show what it knows now (status and flags) rather than a stale button.
      await onFlagsChanged()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="transmit-actions">
      <div className="action-row">
        <button type="button" disabled={!advancedOpen} aria-describedby="advanced-hint" onClick={() => navigate('/advanced-tax-info')}>
          {t('advanced.button')}
        </button>
        <small id="advanced-hint" className={advancedOpen ? 'hint unlocked' : 'hint'}>{advancedOpen ? t('advanced.unlocked') : t('advanced.locked')}</small>
      </div>
      {status.id === 3 && (
        <div className="action-row">
          <button type="button" className="transmit-button primary" disabled={!canTransmit || busy} aria-busy={busy} aria-describedby={canTransmit ? undefined : 'transmit-hint'} onClick={() => setConfirming(true)}>
            {t('transmit.button')}
          </button>
          {!canTransmit && <small id="transmit-hint" className="hint">{t('transmit.hint_disabled', { year })}</small>}
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('transmit.confirm_title', { year })}
        labelledBy="transmit-confirm-title"
        footer={
          <>
            <button type="button" onClick={() => setConfirming(false)}>{t('transmit.confirm_cancel')}</button>
            <button type="button" className="primary" onClick={transmit}>{t('transmit.confirm_button')}</button>
          </>
        }
      >
        <p>{t('transmit.confirm_text', { year })}</p>
        <ul>
          <li>{t('transmit.confirm_locks_documents', { year })}</li>
          <li>{t('transmit.confirm_locks_advanced', { year })}</li>
        </ul>
      </Dialog>
    </section>
  )
}
