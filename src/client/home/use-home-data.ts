import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiRequestError } from '../api'
import { store, sessionUserAtom } from '../store'
import { toast } from '../ui/toast'
import { i18next } from '../i18n'
import type { HomeUser, TaxStatusRecord, YearFlags } from './types'
import type { NotificationItem } from '../../shared/notifications'
import { POLL_MS } from './notifications-bell'

/**
 * Other areas announce a server-side status change with this window event (the
 * spec's taxStatusUpdated), e.g. the documents area after an upload that may
 * have moved the year 2→3; the dashboard then refetches at once.
 */
export const TAX_STATUS_UPDATED_EVENT = 'taxStatusUpdated'

export interface HomeData {
  user: HomeUser | null
  record: TaxStatusRecord | null
  flags: YearFlags | null
  notifications: NotificationItem[]
  /** The first answers for the selected year have arrived. */
  ready: boolean
  refresh: () => Promise<void>
  refreshNotifications: () => Promise<void>
}

const isUnauthorized = (err: unknown) => err instanceof ApiRequestError && err.status === 401

/**
 * Everything the dashboard shows for one year. A change of year drops what was
 * shown (the status falls back to profile_incomplete) and answers that arrive
 * for a year no longer selected are thrown away.
 */
export function useHomeData(year: number): HomeData {
  const [user, setUser] = useState<HomeUser | null>(null)
  const [record, setRecord] = useState<TaxStatusRecord | null>(null)
  const [flags, setFlags] = useState<YearFlags | null>(null)
  const [notifications, setNotifications] = useState<NotificationItem[]>([])
  const [ready, setReady] = useState(false)
  const yearRef = useRef(year)
  yearRef.current = year

  const refreshNotifications = useCallback(async () => {
    try {
      setNotifications(await api<NotificationItem[]>('/api/notifications'))
    } catch { /* a failed poll keeps the last list; a 401 opens the session dialog */ }
  }, [])

  const loadYear = useCallback(async (y: number) => {
    const [r, f] = await Promise.all([
      api<TaxStatusRecord>(`/api/tax-status?taxYear=${y}`).catch(() => null),
      api<YearFlags>(`/api/tax-year-status/flags?taxYear=${y}`).catch(() => null),
    ])
    if (yearRef.current !== y) return
    setRecord(r)
    setFlags(f)
  }, [])

  // The status of the user's last answer, by year: when a poll brings another one (an expert
  // moved it), the year's record and flags are refetched too, or 'Mark as Transmitted' would
  // keep the flags of the old status.
  const lastStatus = useRef(new Map<number, number>())
  const loadUser = useCallback(async (y: number, announce: boolean) => {
    try {
      const u = await api<HomeUser>(`/api/user?taxYear=${y}`)
      if (yearRef.current !== y) return
      setUser(u)
      store.set(sessionUserAtom, u)
      const before = lastStatus.current.get(y)
      lastStatus.current.set(y, u.taxStatusId)
      if (!announce && before !== undefined && before !== u.taxStatusId) await loadYear(y)
    } catch (err) {
      if (announce && !isUnauthorized(err)) toast({ title: i18next.t('home:errors.user'), variant: 'destructive' })
    }
  }, [loadYear])

  const refresh = useCallback(async () => {
    const y = yearRef.current
    await Promise.all([loadUser(y, false), loadYear(y), refreshNotifications()])
  }, [loadUser, loadYear, refreshNotifications])

  useEffect(() => {
    setRecord(null)
    setFlags(null)
    setReady(false)
    let live = true
    Promise.all([loadUser(year, true), loadYear(year), refreshNotifications()]).then(() => { if (live) setReady(true) })
    return () => { live = false }
  }, [year, loadUser, loadYear, refreshNotifications])

  useEffect(() => {
    const onUpdated = () => { void refresh() }
    window.addEventListener(TAX_STATUS_UPDATED_EVENT, onUpdated)
    return () => window.removeEventListener(TAX_STATUS_UPDATED_EVENT, onUpdated)
  }, [refresh])

  useEffect(() => {
    const timer = setInterval(() => {
      void loadUser(yearRef.current, false)
      void refreshNotifications()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [loadUser, refreshNotifications])

  return { user, record, flags, notifications, ready, refresh, refreshNotifications }
}
