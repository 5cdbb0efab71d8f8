import { useEffect, useRef, type ReactNode } from 'react'

/** A modal on the native <dialog>: focus trap, Escape and the backdrop come with it. */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  labelledBy = 'dialog-title',
  className,
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  children?: ReactNode
  footer?: ReactNode
  labelledBy?: string
  className?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    // React passes a nested dialog's close and cancel events up to its ancestors' handlers:
    // only this dialog's own events close it.
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
      onCancel={(e) => {
        if (e.target !== e.currentTarget) return
        e.preventDefault()
        onClose()
      }}
      className={className}
    >
      {open && (
        <article>
          <header>
            <h2 id={labelledBy} className="dialog-title">
              {title}
            </h2>
          </header>
          {children}
          {footer && <footer>{footer}</footer>}
        </article>
      )}
    </dialog>
  )
}
