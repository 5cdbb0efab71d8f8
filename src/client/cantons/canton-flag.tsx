import { useState } from 'react'

/** A canton's flag; when the image fails, a grey box with the first two letters of the name. */
export function CantonFlag({ name, imagePath, size = 48 }: { name: string; imagePath: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <span className="flag-fallback" style={{ width: size, height: size }} aria-hidden="true">
        {name.slice(0, 2).toUpperCase()}
      </span>
    )
  }
  return (
    <img
      className="canton-flag"
      src={imagePath}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  )
}

/** One button of a canton grid (the /cantons page and the wizard's canton step): flag, name and code. */
export function CantonCard({
  canton,
  selected,
  onSelect,
}: {
  canton: { name: string; shownName?: string; code: string; imagePath: string }
  selected: boolean
  onSelect: () => void
}) {
  const name = canton.shownName ?? canton.name
  return (
    <button
      type="button"
      className={`canton-card${selected ? ' selected' : ''}`}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <CantonFlag name={name} imagePath={canton.imagePath} size={40} />
      <span className="canton-name">{name}</span>
      <span className="canton-code">{canton.code}</span>
    </button>
  )
}
