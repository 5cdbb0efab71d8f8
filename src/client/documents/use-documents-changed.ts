import { useEffect, useState } from 'react'
import { DOCUMENTS_CHANGED_EVENT } from '../../shared/documents'

/** A number that changes whenever documents change anywhere in the app: use it as a refetch dependency. */
export function useDocumentsVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1)
    window.addEventListener(DOCUMENTS_CHANGED_EVENT, bump)
    return () => window.removeEventListener(DOCUMENTS_CHANGED_EVENT, bump)
  }, [])
  return version
}
