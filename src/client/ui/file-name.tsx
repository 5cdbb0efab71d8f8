import { Fragment } from 'react'

/**
 * Where a file name may wrap: after each `_`, `-`, `.` or space, and between a lower-case letter and an upper-case
 * one ("LohnausweisArbeitgeber"). "Lohnausweis_2025_Muster-AG.pdf" → ["Lohnausweis_", "2025_", "Muster-", "AG.",
 * "pdf"].
 */
export function fileNameParts(name: string): string[] {
  return name.split(/(?<=[_\-. ])|(?<=\p{Ll})(?=\p{Lu})/u).filter((part) => part !== '')
}

/**
 * A file name as the person gave it: on a narrow screen it wraps where the name has a seam, never with a hyphen the
 * name does not have (the page hyphenates words, a file name is not one), and only a part wider than the line is
 * cut where it must (file-name in styles/app.css).
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  const parts = fileNameParts(name)
  return (
    <span className={className ? `file-name ${className}` : 'file-name'} translate="no">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
