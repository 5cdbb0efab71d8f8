import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { useSaveChildren, type AdvancedInfo } from '../api/advanced'
import type { ChildInfo } from '../../shared/advanced'
import { toast } from '../ui/toast'
import { MAX_CHILDREN_ENTRIES, MAX_SCHOOLING_INFO, validateChildren } from '../../shared/advanced'

type Row = Omit<ChildInfo, 'alimony'> & { alimony: string; key: number }
let nextKey = 1
const emptyRow = (): Row => ({
  key: nextKey++,
  firstName: '',
  lastName: '',
  birthDate: '',
  disability: false,
  schoolingInfo: '',
  alimony: '',
})
const today = () => new Date().toISOString().slice(0, 10)

/** The children list (spec part 2 §3): add and remove, saved as a whole; the shared rule checks it first. */
export function ChildrenForm({ info, taxYear, locked }: { info: AdvancedInfo; taxYear: number; locked: boolean }) {
  const { t } = useTranslation('advanced')
  const save = useSaveChildren(taxYear)
  const [rows, setRows] = useState<Row[]>(() =>
    info.children.length
      ? info.children.map((c) => ({ ...c, key: nextKey++, alimony: c.alimony ? String(c.alimony) : '' }))
      : // As many entries as the wizard's number of children (issue 25), at least one.
        Array.from({ length: Math.min(Math.max(info.wizardChildren, 1), MAX_CHILDREN_ENTRIES) }, emptyRow),
  )
  const [error, setError] = useState<{ field: string; text: string } | null>(null)
  const update = (key: number, change: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const list = rows.map(({ key: _key, alimony, ...r }) => ({ ...r, alimony: alimony === '' ? 0 : Number(alimony) }))
    const checked = validateChildren(list, taxYear, today())
    if ('error' in checked) {
      setError({
        field: checked.error.field,
        text:
          `${t('children.child_n', { n: Number(checked.error.params?.child ?? 1) })}: ` +
          `${t(`common:server_errors.${checked.error.code}`, {
            defaultValue: checked.error.message,
            ...checked.error.params,
          })}`,
      })
      return
    }
    setError(null)
    try {
      await save.mutateAsync(checked.ok)
      toast({ title: t('children.saved'), variant: 'success' })
    } catch (err) {
      toast({
        title: t('spouse.failed_title'),
        description: messageOf(err, t('children.failed_text')),
        variant: 'destructive',
      })
    }
  }

  return (
    <form className="advanced-form" onSubmit={submit} noValidate aria-labelledby="children-heading">
      <h3 id="children-heading">{t('children.heading')}</h3>
      {error && (
        <p className="form-error" role="alert">
          {error.text}
        </p>
      )}
      {rows.length === 0 && <p className="muted">{t('children.empty')}</p>}
      {rows.map((r, i) => (
        <ChildRow
          key={r.key}
          row={r}
          index={i}
          locked={locked}
          invalidField={error?.field}
          onChange={(change) => update(r.key, change)}
          onRemove={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
        />
      ))}
      <div className="action-row">
        <button
          type="button"
          className="outline"
          disabled={locked || rows.length >= MAX_CHILDREN_ENTRIES}
          onClick={() => setRows((rs) => [...rs, emptyRow()])}
        >
          {t('children.add')}
        </button>
        <button type="submit" disabled={locked || save.isPending} aria-busy={save.isPending}>
          {t('children.save')}
        </button>
      </div>
    </form>
  )
}

/** One child's fields. */
function ChildRow({
  row,
  index,
  locked,
  invalidField,
  onChange,
  onRemove,
}: {
  row: Row
  index: number
  locked: boolean
  invalidField: string | undefined
  onChange: (change: Partial<Row>) => void
  onRemove: () => void
}) {
  const { t } = useTranslation('advanced')
  const invalid = (i: number, f: string) => invalidField === `children.${i}.${f}` || undefined
  return (
    <fieldset className="child-row" disabled={locked}>
      <legend>{t('children.child_n', { n: index + 1 })}</legend>
      <div className="grid-2">
        <label>
          {t('children.first_name')}
          <input
            name={`child-${index}-firstName`}
            value={row.firstName}
            aria-invalid={invalid(index, 'firstName')}
            onChange={(e) => onChange({ firstName: e.target.value })}
          />
        </label>
        <label>
          {t('children.last_name')}
          <input
            name={`child-${index}-lastName`}
            value={row.lastName}
            aria-invalid={invalid(index, 'lastName')}
            onChange={(e) => onChange({ lastName: e.target.value })}
          />
        </label>
        <label>
          {t('children.birth_date')}
          <input
            type="date"
            name={`child-${index}-birthDate`}
            value={row.birthDate}
            max={today()}
            aria-invalid={invalid(index, 'birthDate')}
            onChange={(e) => onChange({ birthDate: e.target.value })}
          />
        </label>
        <label>
          {t('children.alimony')}
          <input
            name={`child-${index}-alimony`}
            inputMode="decimal"
            value={row.alimony}
            aria-invalid={invalid(index, 'alimony')}
            onChange={(e) => onChange({ alimony: e.target.value.replace(/[^\d.]/g, '') })}
          />
        </label>
      </div>
      <label>
        {t('children.schooling')}
        <textarea
          name={`child-${index}-schoolingInfo`}
          rows={2}
          maxLength={MAX_SCHOOLING_INFO}
          value={row.schoolingInfo}
          onChange={(e) => onChange({ schoolingInfo: e.target.value })}
        />
      </label>
      <label className="switch-label">
        <input
          type="checkbox"
          role="switch"
          checked={row.disability}
          aria-checked={row.disability}
          onChange={(e) => onChange({ disability: e.target.checked })}
        />
        {t('children.disability')}
      </label>
      <button type="button" className="outline secondary" onClick={onRemove}>
        {t('children.remove', { n: index + 1 })}
      </button>
    </fieldset>
  )
}
