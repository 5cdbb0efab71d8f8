import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { useSaveSpouse, type AdvancedInfo } from '../api/advanced'
import { toast } from '../ui/toast'
import { formatAhvInput } from '../../shared/ahv'
import { validateSpouse } from '../../shared/advanced'
import { formatTaxId, taxIdRule } from '../../shared/tax-id'

/** The form's fields from the stored spouse (empty when none is stored). */
const formOf = (s: AdvancedInfo['spouse']) => ({
  firstName: s?.firstName ?? '',
  lastName: s?.lastName ?? '',
  age: s?.age == null ? '' : String(s.age),
  occupation: s?.occupation ?? '',
  ahvNumber: s?.ahvNumber ?? '',
  taxId: s?.taxId ?? '',
})

/**
 * The spouse form (spec part 2 §3): names, age, occupation, AHV number and tax ID, checked by the shared rule first.
 */
export function SpouseForm({ info, taxYear, locked }: { info: AdvancedInfo; taxYear: number; locked: boolean }) {
  const { t } = useTranslation('advanced')
  const save = useSaveSpouse(taxYear)
  const [form, setForm] = useState(() => formOf(info.spouse))
  const [error, setError] = useState<{ field: string; text: string } | null>(null)
  const canton = info.profileCanton
  const rule = canton ? taxIdRule(canton) : undefined
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const input = { ...form, age: form.age === '' ? null : Number(form.age) }
    const checked = validateSpouse(input, canton)
    if ('error' in checked) {
      const text = t(`common:server_errors.${checked.error.code}`, {
        defaultValue: checked.error.message,
        ...checked.error.params,
      })
      setError({ field: checked.error.field, text })
      return
    }
    setError(null)
    try {
      await save.mutateAsync(checked.ok)
      toast({ title: t('spouse.saved'), variant: 'success' })
    } catch (err) {
      toast({
        title: t('spouse.failed_title'),
        description: messageOf(err, t('spouse.failed_text'), { format: rule?.format ?? '' }),
        variant: 'destructive',
      })
    }
  }

  const field = (name: keyof typeof form, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input
        name={name}
        value={form[name]}
        disabled={locked}
        aria-invalid={error?.field === name || undefined}
        aria-describedby={error?.field === name ? `spouse-error` : undefined}
        onChange={(e) => set(name)(e.target.value)}
        {...props}
      />
    </label>
  )

  return (
    <form className="advanced-form" onSubmit={submit} noValidate aria-labelledby="spouse-heading">
      <h3 id="spouse-heading">{t('spouse.heading')}</h3>
      {error && (
        <p id="spouse-error" className="form-error" role="alert">
          {error.text}
        </p>
      )}
      <div className="grid-2">
        {field('firstName', t('spouse.first_name'), { autoComplete: 'off', required: true })}
        {field('lastName', t('spouse.last_name'), { autoComplete: 'off', required: true })}
        {field('age', t('spouse.age'), {
          inputMode: 'numeric',
          onChange: (e: { target: { value: string } }) => set('age')(e.target.value.replace(/\D/g, '').slice(0, 3)),
        })}
        {field('occupation', t('spouse.occupation'))}
      </div>
      <IdFields
        ahvNumber={form.ahvNumber}
        taxId={form.taxId}
        canton={canton}
        locked={locked}
        invalid={error?.field}
        set={set}
      />
      <button type="submit" disabled={locked || save.isPending} aria-busy={save.isPending}>
        {t('spouse.save')}
      </button>
    </form>
  )
}

/** The spouse's AHV number and tax ID, each formatted as it is typed (the tax ID by the profile's canton). */
function IdFields({
  ahvNumber,
  taxId,
  canton,
  locked,
  invalid,
  set,
}: {
  ahvNumber: string
  taxId: string
  canton: AdvancedInfo['profileCanton']
  locked: boolean
  invalid: string | undefined
  set: (field: 'ahvNumber' | 'taxId') => (value: string) => void
}) {
  const { t } = useTranslation('advanced')
  const rule = canton ? taxIdRule(canton) : undefined
  return (
    <>
      <label>
        {t('spouse.ahv')}
        <input
          name="ahvNumber"
          value={ahvNumber}
          disabled={locked}
          inputMode="numeric"
          placeholder="756.1234.5678.97"
          aria-invalid={invalid === 'ahvNumber' || undefined}
          aria-describedby="ahv-hint"
          onChange={(e) => set('ahvNumber')(formatAhvInput(e.target.value))}
        />
        <small id="ahv-hint">{t('spouse.ahv_hint')}</small>
      </label>
      <label>
        {t('spouse.tax_id')}
        <input
          name="taxId"
          value={taxId}
          disabled={locked}
          inputMode="numeric"
          placeholder={rule?.placeholder}
          aria-invalid={invalid === 'taxId' || undefined}
          onChange={(e) => set('taxId')(canton ? formatTaxId(canton, e.target.value) : e.target.value)}
        />
        {rule && <small>{t('authorization.tin_expected', { format: rule.format })}</small>}
      </label>
    </>
  )
}
