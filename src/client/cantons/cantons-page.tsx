import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { useCantons } from './use-cantons'
import { CantonCard, CantonFlag } from './canton-flag'
import { taxIdRule } from '../../shared/tax-id'
import { CantonFilter } from './canton-filter'
import { useShownCantons } from './canton-names'

/** /cantons: the 26 cantons with flag and code, and the selected one in detail (spec part 2 §2). */
export default function CantonsPage() {
  const { t } = useTranslation(['cantons', 'profile'])
  const all = useCantons()
  const [filter, setFilter] = useState('')
  const cantons = useShownCantons(all, filter)
  const [code, setCode] = useState<string | null>(null)
  const selected = useShownCantons(all)?.find((c) => c.code === code)
  const rule = selected ? taxIdRule(selected.code) : undefined
  return (
    <PageShell>
      <h1>{t('common:pages.cantons')}</h1>
      <p className="muted">{t('subtitle')}</p>
      {cantons === undefined && <p aria-busy="true">{t('loading')}</p>}
      {selected && (
        <article className="canton-detail" aria-live="polite">
          <CantonFlag name={selected.shownName} imagePath={selected.imagePath} size={96} />
          <div>
            <h2>{selected.shownName}</h2>
            <p>
              <strong>{t('code_label')}:</strong> {selected.code}
            </p>
            {rule && (
              <p>
                <strong>{t('profile:cantons.tax_id_format')}:</strong> <code>{rule.format}</code>
              </p>
            )}
            {rule && <p className="muted">{t(`tax_id_info.${selected.code}`)}</p>}
          </div>
        </article>
      )}
      {all && <CantonFilter id="cantons-filter" value={filter} onChange={setFilter} empty={cantons?.length === 0} />}
      {cantons && (
        <ul className="canton-grid" aria-label={t('common:pages.cantons')}>
          {cantons.map((c) => (
            <li key={c.code}>
              <CantonCard canton={c} selected={c.code === code} onSelect={() => setCode(c.code)} />
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  )
}
