import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../ui/dialog'
import { APP_VERSION, CHANGELOG_VERSIONS } from '../../shared/version'

/**
 * The change-log dialog of the login screen: every version, newest first; the button shows the one from package.json.
 */
export function ChangelogButton() {
  const { t, i18n } = useTranslation('changelog')
  const [open, setOpen] = useState(false)
  const latest = CHANGELOG_VERSIONS[0]
  const date = (iso: string) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString(i18n.language === 'gsw' ? 'de-CH' : i18n.language, {
      dateStyle: 'long',
    })
  return (
    <>
      <button type="button" className="version-button secondary outline" onClick={() => setOpen(true)}>
        {t('open', { version: APP_VERSION })}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        labelledBy="changelog-title"
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            {t('close')}
          </button>
        }
      >
        {/* It scrolls inside the dialog: focusable, so that a keyboard can scroll it too (axe scrollable-region). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled */}
        <div className="changelog" role="region" aria-labelledby="changelog-title" tabIndex={0}>
          {CHANGELOG_VERSIONS.map((v) => {
            const key = `entries.v${v.replace('.', '_')}`
            const changes = t(`${key}.changes`, { returnObjects: true }) as Record<string, string>
            return (
              <section key={v}>
                <h3>
                  {t('version_label', { version: v })} <small>{date(t(`${key}.date`))}</small>
                  {v === latest && <mark className="badge">{t('latest')}</mark>}
                </h3>
                <ul>
                  {Object.entries(changes).map(([k, c]) => (
                    <li key={k}>{c}</li>
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
      </Dialog>
    </>
  )
}
