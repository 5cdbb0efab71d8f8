import { useCallback, useEffect, useState } from 'react'

/**
 * One loaded resource of the admin screens: the data, the error, a reload, and an
 * optional polling interval. Answers of an outdated request are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], pollMs?: number) {
  const [data, setData] = useState<T | undefined>(undefined)
  const [error, setError] = useState<unknown>(null)
  const [version, setVersion] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps)
  useEffect(() => {
    let live = true
    const fetchOnce = () =>
      run().then(
        (d) => {
          if (live) {
            setData(d)
            setError(null)
          }
        },
        (e) => {
          if (live) setError(e)
        },
      )
    fetchOnce()
    const timer = pollMs ? setInterval(fetchOnce, pollMs) : undefined
    return () => {
      live = false
      if (timer) clearInterval(timer)
    }
  }, [run, version, pollMs])
  return { data, error, reload: () => setVersion((v) => v + 1) }
}
