import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { messageOf } from '../api/client'
import { useTransmit, useYearFlags } from '../api/tax-status'
import { mayTransmit } from '../../shared/tax-status'
import { toast } from '../ui/toast'
import { Dialog } from '../ui/dialog'
import type { DisplayStatus } from './status-display'

/** The spec evaluates the Advanced Tax Info button 200 ms after the status settles. */
const ADVANCED_DELAY_MS = 200

/**
 * 'Advanced Tax Info' (enabled from status 3) and 'Mark as Transmitted' (status 3
 * only, once the advanced information is marked complete; the server re-checks it on
 * transmit). The flags are a query: the advanced-info screen's save invalidates it.
 */
export function TransmitActions({ year, status }: { year: number; status: DisplayStatus }) {
  const { t } = useTranslation('home')
  // Transmitting cannot be undone: a confirmation says first what it locks.
  const [confirming, setConfirming] = useState(false)
  const flags = useYearFlags(year)
  const transmit = useTransmit()

  // The status comes from the polled year view, so an expert's move shows here without refetching the flags.
  const canTransmit = flags?.taxYear === year && mayTransmit(status.id, flags.advancedInfoCompleted)

  async function send() {
    setConfirming(false)
    try {
      // Resolves once the year's view and flags are fetched again: the button stays busy until status 4 shows.
      await transmit.mutateAsync(year)
      toast({ title: t('transmit.success'), description: t('transmit.success_text', { year }), variant: 'success' })
    } catch (err) {
      toast({
        title: t('transmit.failed'),
        description: messageOf(err, t('transmit.unknown_error'), { year, nextYear: year + 1 }),
        variant: 'destructive',
      })
    }
  }

  const busy = transmit.isPending
  return (
    <section className="transmit-actions">
      <AdvancedButton unlocked={status.id >= 3} />
      {status.id === 3 && (
        <div className="action-row">
          <button
            type="button"
            className="transmit-button primary"
            disabled={!canTransmit || busy}
            aria-busy={busy}
            aria-describedby={canTransmit ? undefined : 'transmit-hint'}
            onClick={() => setConfirming(true)}
          >
            {t('transmit.button')}
          </button>
          {!canTransmit && (
            <small id="transmit-hint" className="hint">
              {t('transmit.hint_disabled', { year })}
            </small>
          )}
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('transmit.confirm_title', { year })}
        labelledBy="transmit-confirm-title"
        footer={
          <>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('transmit.confirm_cancel')}
            </button>
            <button type="button" className="primary" onClick={() => void send()}>
              {t('transmit.confirm_button')}
            </button>
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

/** 'Advanced Tax Info', enabled from status 3 (evaluated 200 ms after the status settles, as the spec does). */
function AdvancedButton({ unlocked }: { unlocked: boolean }) {
  const { t } = useTranslation('home')
  const [, navigate] = useLocation()
  const [advancedOpen, setAdvancedOpen] = useState(false)
  useEffect(() => {
    if (!unlocked) {
      setAdvancedOpen(false)
      return
    }
    const timer = setTimeout(() => setAdvancedOpen(true), ADVANCED_DELAY_MS)
    return () => clearTimeout(timer)
  }, [unlocked])
  return (
    <div className="action-row">
      <button
        type="button"
        disabled={!advancedOpen}
        aria-describedby="advanced-hint"
        onClick={() => navigate('/advanced-tax-info')}
      >
        {t('advanced.button')}
      </button>
      <small id="advanced-hint" className={advancedOpen ? 'hint unlocked' : 'hint'}>
        {advancedOpen ? t('advanced.unlocked') : t('advanced.locked')}
      </small>
    </div>
  )
}
