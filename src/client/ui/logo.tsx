import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'

const SIZES = { sm: 32, md: 64, lg: 128 } as const

/** The logo, with the built-in crossed-eye icon when the image fails to load (spec part 1 §2). */
/**
 * `decorative`: the logo sits next to the brand name (the header), so its image has an empty alt (axe
 * image-redundant-alt).
 */
export function Logo({
  size = 'md',
  onActivate,
  className = '',
  decorative = false,
}: {
  size?: keyof typeof SIZES
  onActivate?: () => void
  className?: string
  decorative?: boolean
}) {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  const px = SIZES[size]
  const interactive = onActivate
    ? {
        role: 'button',
        'aria-label': t('logo.play_sound'),
        tabIndex: 0,
        onClick: onActivate,
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault()
            onActivate()
          }
        },
      }
    : {}
  return (
    <span className={`logo logo-${size} ${className}`} {...interactive}>
      {failed ? (
        <svg
          className="logo-fallback"
          width={px}
          height={px}
          viewBox="0 0 24 24"
          role={decorative ? undefined : 'img'}
          aria-hidden={decorative || undefined}
          aria-label={decorative ? undefined : t('app_name')}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M9.88 9.88a3 3 0 1 0 4.24 4.24" />
          <path d="M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68" />
          <path d="M6.61 6.61A13.526 13.526 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61" />
          <line x1="2" x2="22" y1="2" y2="22" />
        </svg>
      ) : (
        <img
          src="/images/logo.svg"
          width={px}
          height={px}
          alt={decorative ? '' : t('app_name')}
          onError={() => setFailed(true)}
          draggable={false}
        />
      )}
    </span>
  )
}
