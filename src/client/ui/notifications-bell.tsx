import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { toast } from './toast'
import { useMarkRead, useNotifications, type NotificationEntry } from '../api/notifications'
import { notificationTexts } from './notification-texts'

/** Badge text of the bell: the count, '9+' above 9, nothing at 0. */
export const badgeText = (unread: number) => (unread <= 0 ? '' : unread > 9 ? '9+' : String(unread))

/**
 * The bell of every signed-in page's header (spec part 1 §2, §9): badge with the unread
 * count ('9+' above 9), the list, mark one or all as read. The server sends message codes with parameters; the
 * texts are the client's (notification-texts.ts).
 * The list is the notifications query (refetched every 30 s; ETags make that a 304).
 */
export function NotificationsBell() {
  const { t } = useTranslation('home')
  const items = useNotifications()
  const markRead = useMarkRead()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLLIElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const unread = items.filter((n) => !n.read).length

  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, root, button)

  const mark = (id?: string) =>
    markRead.mutate(id, { onError: () => toast({ title: t('notifications.failed'), variant: 'destructive' }) })

  return (
    <li className="bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="outline bell-button"
        aria-expanded={open}
        aria-controls="notifications-panel"
        aria-label={unread ? t('notifications.bell_unread', { count: unread }) : t('notifications.bell')}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notifications-panel"
          className="notifications-panel"
          role="region"
          aria-label={t('notifications.title')}
        >
          <div className="notifications-head">
            <strong>{t('notifications.title')}</strong>
            {unread > 0 && (
              <button type="button" className="link-button" onClick={() => mark()}>
                {t('notifications.mark_all_read')}
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="muted">{t('notifications.empty')}</p>
          ) : (
            <ul className="notifications-list">
              {items.map((n) => (
                <NotificationRow key={n.id} n={n} onFollow={() => setOpen(false)} onMark={() => mark(n.id)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  )
}

/** Escape closes the list and gives the focus back to the bell, so keyboard users are not lost; so does a click out. */
function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      close()
      button.current?.focus()
    }
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open, close, root, button])
}

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  )
}

/** One notification: its texts from its code (notification-texts.ts), its action, and "mark as read". */
function NotificationRow({ n, onFollow, onMark }: { n: NotificationEntry; onFollow: () => void; onMark: () => void }) {
  const { t } = useTranslation('home')
  const texts = notificationTexts(n)
  // Status names inside a description are translated too.
  const params = n.code === 'status_changed' ? { ...n.params, status: t(`status.name.${n.params.status}`) } : n.params
  return (
    <li className={n.read ? 'notification read' : `notification unread priority-${n.priority}`}>
      <strong>{t(texts.title, params)}</strong>
      <p>{t(texts.description, params)}</p>
      <div className="notification-actions">
        {n.actionUrl && (
          <Link href={n.actionUrl} onClick={onFollow}>
            {t(texts.action)}
          </Link>
        )}
        {!n.read && (
          <button type="button" className="link-button" onClick={onMark}>
            {t('notifications.mark_read')}
          </button>
        )}
      </div>
    </li>
  )
}
