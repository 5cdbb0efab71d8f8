import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ApiRequestError, call, messageOf, quietApi } from '../api/client'
import { store, sessionExpiredAtom } from '../store'
import { toast } from '../ui/toast'
import { CODE_LENGTH, EMAIL_MAX_LENGTH } from '../../shared/email'

/** Error text of a failed code request (spec part 1 §8). */
function requestErrorText(err: unknown, t: (k: string) => string) {
  if (!(err instanceof ApiRequestError)) return t('errors.connect_failed')
  if (err.code === 'REQUEST_TIMEOUT') return t('errors.timeout')
  return messageOf(err, t('errors.send_failed'))
}

/** The sign-in's state and calls: ask for a code, check it, or go back to correct the address. */
function useLoginFlow() {
  const { t, i18n } = useTranslation('login')
  const [, navigate] = useLocation()
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  // The code field takes the focus once it is rendered (a timer after setStep could run before
  // React renders it, and the focus fell back to the page body).
  useEffect(() => {
    if (step === 'code') codeInput.current?.focus()
  }, [step])

  /** Asks for a code for the address: from the first step, and again ("Request a new code") from the second. */
  const requestCode = async () => {
    if (!email.trim() || busy) return
    setBusy(true)
    setError(null)
    try {
      // The server answers once the code is stored; it mails in the background (no 'pending' state).
      await call(quietApi.auth['request-code'].post({ email: email.trim(), language: i18n.resolvedLanguage }))
      toast({
        title: t('toast.code_sent'),
        description: t('toast.code_sent_text', { email: email.trim() }),
        variant: 'success',
      })
      setCode('')
      setStep('code')
      codeInput.current?.focus()
    } catch (err) {
      const text = requestErrorText(err, t)
      setError(text)
      toast({ title: t('errors.send_failed'), description: text, variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const verify = async () => {
    if (code.length !== CODE_LENGTH || busy) return
    setBusy(true)
    setError(null)
    try {
      // The session user itself is the signed-in area's session query, which looks once it mounts.
      // The language the person signs in with becomes the account's: the mails to them follow it.
      const { user } = await call(
        quietApi.auth['verify-code'].post({ email: email.trim(), code, language: i18n.resolvedLanguage }),
      )
      store.set(sessionExpiredAtom, false)
      toast({ title: t('toast.signed_in'), variant: 'success' })
      navigate(user.role === 'admin' ? '/admin' : user.isProfileComplete ? '/' : '/profile?firstTime=true')
    } catch (err) {
      const text =
        err instanceof ApiRequestError ? messageOf(err, t('errors.invalid_code')) : t('errors.connect_failed')
      setError(text)
      toast({ title: t('toast.verification_failed'), description: text, variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  /** Back to the first step, the address kept, to correct it. */
  const otherEmail = () => {
    setCode('')
    setError(null)
    setStep('email')
  }

  return { step, email, setEmail, code, setCode, busy, error, codeInput, requestCode, verify, otherEmail }
}

/** Step 1: e-mail and send-code; step 2: the six-digit code and verify. */
export function LoginCard({ onEmailFocus }: { onEmailFocus: () => void }) {
  const flow = useLoginFlow()
  return flow.step === 'email' ? <EmailStep flow={flow} onEmailFocus={onEmailFocus} /> : <CodeStep flow={flow} />
}

type Flow = ReturnType<typeof useLoginFlow>

function EmailStep({ flow, onEmailFocus }: { flow: Flow; onEmailFocus: () => void }) {
  const { t } = useTranslation('login')
  const { email, setEmail, busy, error } = flow
  const sendCode = (e: FormEvent) => {
    e.preventDefault()
    void flow.requestCode()
  }
  return (
    <form onSubmit={sendCode} noValidate={false} aria-describedby={error ? 'login-error' : undefined}>
      <label htmlFor="login-email">{t('email_label')}</label>
      <input
        id="login-email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        placeholder={t('email_placeholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onFocus={onEmailFocus}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <small id="login-error" className="form-error" role="alert">
          {error}
        </small>
      )}
      <button type="submit" className="primary" disabled={!email.trim() || busy} aria-busy={busy}>
        {busy ? t('sending') : t('send_code')}
      </button>
    </form>
  )
}

function CodeStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation('login')
  const { email, code, setCode, busy, error, codeInput, requestCode, otherEmail } = flow
  const verify = (e: FormEvent) => {
    e.preventDefault()
    void flow.verify()
  }
  return (
    <form onSubmit={verify} aria-describedby={error ? 'login-error' : undefined}>
      <p>{t('code_sent_to', { email: email.trim() })}</p>
      <label htmlFor="login-code">{t('code_label')}</label>
      <input
        id="login-code"
        ref={codeInput}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        required
        minLength={CODE_LENGTH}
        maxLength={CODE_LENGTH}
        placeholder="123456"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <small id="login-error" className="form-error" role="alert">
          {error}
        </small>
      )}
      <button type="submit" className="primary" disabled={code.length !== CODE_LENGTH || busy} aria-busy={busy}>
        {busy ? t('verifying') : t('verify')}
      </button>
      {/* A new code for the same address; the wait of a refused request is in the error. */}
      <button type="button" className="quiet" disabled={busy} onClick={() => void requestCode()}>
        {t('new_code')}
      </button>
      <button type="button" className="quiet" onClick={otherEmail}>
        {t('other_email')}
      </button>
    </form>
  )
}
