import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useYearView } from '../api/user'
import { TIMINGS } from '../api/query-client'
import { displayStatus } from './status-display'

/**
 * The profile status button (spec part 1 §4): it leads to the tax setup while
 * the profile is incomplete and is disabled once the year has moved past status 1.
 * The wizard is opened for the selected year, so that it is this year that moves 1→2.
 * Its data goes stale after 10 s rather than 30 s (spec part 1 §9).
 */
export function ProfileStatusButton({ year }: { year: number }) {
  const { t } = useTranslation('home')
  const [, navigate] = useLocation()
  const status = displayStatus(
    year,
    useYearView(year, { staleTime: TIMINGS.PROFILE_BUTTON_STALE_MS, poll: false }).data,
  )
  const incomplete = status.id === 1
  return (
    <button
      type="button"
      className={incomplete ? 'profile-status-button primary' : 'profile-status-button complete'}
      disabled={!incomplete}
      onClick={() => navigate(`/profile?setup=tax&taxYear=${year}`)}
    >
      {incomplete ? (
        t('profile_button.incomplete')
      ) : (
        <>
          <strong>{t('profile_button.complete')}</strong>
          <small>
            {status.id === 2
              ? t('profile_button.upload_to_continue')
              : t('profile_button.status_line', { status: t(`status.name.${status.name}`) })}
          </small>
        </>
      )}
    </button>
  )
}
