import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { AddressLookup } from './address-lookup'
import { toast } from '../ui/toast'
import { messageOf } from '../api/client'
import { useSaveProfile } from '../api/profile'
import { streetLine, type AddressResult } from '../../shared/address'

/** The demo returns home this long after 'Address Saved' (spec part 2 §6). */
export const DEMO_RETURN_MS = 2000

/** /address-demo: the lookup widget, the chosen address in detail, and saving it to the profile. */
export default function AddressDemoPage() {
  const { t } = useTranslation('profile')
  const [, navigate] = useLocation()
  const [address, setAddress] = useState<AddressResult | null>(null)
  const [busy, setBusy] = useState(false)
  const saveProfile = useSaveProfile()

  async function save() {
    if (!address) return
    setBusy(true)
    try {
      await saveProfile.mutateAsync({
        street: streetLine(address),
        zipCode: address.postalCode,
        city: address.city,
        gemeinde: address.gemeinde,
      })
      toast({ title: t('address.saved'), variant: 'success' })
      setTimeout(() => navigate('/'), DEMO_RETURN_MS)
    } catch (err) {
      toast({
        title: t('toast.update_failed_title'),
        description: messageOf(err, t('toast.update_failed_text')),
        variant: 'destructive',
      })
      setBusy(false)
    }
  }

  const rows: [string, string][] = address
    ? [
        ['address.street', address.street],
        ['address.house_number', address.houseNumber],
        ['address.postal_code', address.postalCode],
        ['address.city', address.city],
        ['address.gemeinde', address.gemeinde],
        ['address.state', address.state],
        ['address.country', address.country],
      ]
    : []
  return (
    <PageShell>
      <h1>{t('address.demo_title')}</h1>
      <p className="muted">{t('address.demo_subtitle')}</p>
      <article>
        <AddressLookup onSelect={setAddress} />
        {address && (
          <>
            <dl className="address-details">
              {rows.map(([key, value]) => (
                <div key={key}>
                  <dt>{t(key)}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
            <button type="button" onClick={save} aria-busy={busy} disabled={busy}>
              {t('address.save')}
            </button>
          </>
        )}
      </article>
    </PageShell>
  )
}
