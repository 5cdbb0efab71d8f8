import { useTranslation } from 'react-i18next'
import { useSetSection, type AdvancedInfo } from '../api/advanced'
import { toast } from '../ui/toast'
import type { SectionId } from '../../shared/advanced'

/**
 * The seven section cards (spec part 2 §2 "Advanced Tax Features overview"): title, description,
 * file count and the toggle (authorization has none, it is always on). A card that is off is
 * dimmed and does not open; a toggle the server refuses goes back, with the spec's toast.
 */
export function Overview({
  info,
  taxYear,
  locked,
  onOpen,
}: {
  info: AdvancedInfo
  taxYear: number
  locked: boolean
  onOpen: (id: SectionId) => void
}) {
  const { t } = useTranslation('advanced')
  const setSection = useSetSection(taxYear)

  async function toggle(section: SectionId, enabled: boolean) {
    try {
      await setSection.mutateAsync({ section, enabled })
    } catch {
      toast({
        title: t('overview.toggle_failed_title'),
        description: t('overview.toggle_failed_text'),
        variant: 'destructive',
      })
    }
  }

  return (
    <div className="section-cards">
      {info.sections.map((s) => {
        const id = s.id
        const title = t(`sections.${id}.title`)
        return (
          <article
            key={id}
            className={`section-card accent-${s.color}${s.enabled ? '' : ' disabled'}`}
            data-section={id}
          >
            <header>
              <h2>
                <button type="button" className="card-open" disabled={!s.enabled} onClick={() => onOpen(id)}>
                  {title}
                </button>
              </h2>
              {s.alwaysEnabled ? (
                <small className="always-on">{t('overview.always_on')}</small>
              ) : (
                <label className="switch-label">
                  <input
                    type="checkbox"
                    role="switch"
                    checked={s.enabled}
                    aria-checked={s.enabled}
                    disabled={locked}
                    aria-label={t('overview.toggle_label', { section: title })}
                    onChange={(e) => void toggle(id, e.target.checked)}
                  />
                </label>
              )}
            </header>
            <p>{t(`sections.${id}.description`)}</p>
            <small className="file-count">{t('overview.files', { count: s.fileCount })}</small>
          </article>
        )
      })}
    </div>
  )
}
