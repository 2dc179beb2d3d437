import { zodResolver } from '@hookform/resolvers/zod';
import {
  consoleSessionCalls,
  secondFactorSchema,
  signInSchema,
  type StaffSelf,
} from '@site/contract/console';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { call } from '../api/call';
import { Alert } from '../ui/Alert';
import { Field, describedBy, showCallError } from '../ui/form';

type Step =
  { kind: 'password' } | { kind: 'code' } | { kind: 'enrol'; secret: string; uri: string };

export function SignInPage({
  notice,
  onSignedIn,
}: {
  notice: string | null;
  onSignedIn: (staff: StaffSelf) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  useEffect(() => {
    document.title = '登入 — 營運後台';
  }, []);
  return (
    <main className="sign-in">
      <div className="sign-in__box">
        <h1>營運後台登入</h1>
        {notice && step.kind === 'password' && <Alert tone="info">{notice}</Alert>}
        {step.kind === 'password' ? (
          <PasswordStep onStep={(next) => setStep(next)} onSignedIn={onSignedIn} />
        ) : (
          <CodeStep
            step={step}
            onSignedIn={onSignedIn}
            onBack={() => setStep({ kind: 'password' })}
          />
        )}
      </div>
    </main>
  );
}

function PasswordStep({
  onStep,
  onSignedIn,
}: {
  onStep: (step: Step) => void;
  onSignedIn: (staff: StaffSelf) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = await call(consoleSessionCalls.signIn, values);
      if (reply.step === 'done' && reply.staff) onSignedIn(reply.staff);
      else if (reply.step === 'enrol' && reply.enrolment)
        onStep({ kind: 'enrol', ...reply.enrolment });
      else onStep({ kind: 'code' });
    } catch (error) {
      setFailure(showCallError(error, setError, ['email', 'password']));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {failure && <Alert>{failure}</Alert>}
      <Field id="email" label="電子郵件" error={errors.email?.message}>
        <input
          type="email"
          autoComplete="username"
          {...describedBy('email', errors.email)}
          {...register('email')}
        />
      </Field>
      <Field id="password" label="密碼" error={errors.password?.message}>
        <input
          type="password"
          autoComplete="current-password"
          {...describedBy('password', errors.password)}
          {...register('password')}
        />
      </Field>
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? '登入中…' : '登入'}
      </button>
    </form>
  );
}

function CodeStep({
  step,
  onSignedIn,
  onBack,
}: {
  step: Exclude<Step, { kind: 'password' }>;
  onSignedIn: (staff: StaffSelf) => void;
  onBack: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(secondFactorSchema), defaultValues: { code: '' } });

  useEffect(() => heading.current?.focus(), []);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedIn((await call(consoleSessionCalls.secondFactor, values)).staff);
    } catch (error) {
      setFailure(showCallError(error, setError, ['code']));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        {step.kind === 'enrol' ? '設定驗證器' : '兩步驟驗證'}
      </h2>
      {step.kind === 'enrol' && <Enrolment secret={step.secret} uri={step.uri} />}
      {failure && <Alert>{failure}</Alert>}
      <Field
        id="code"
        label="驗證碼（6 位數字）"
        error={errors.code?.message}
        hint="請輸入驗證器 App 上目前顯示的 6 位數字。"
      >
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...describedBy('code', errors.code, true)}
          {...register('code')}
        />
      </Field>
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? '驗證中…' : '驗證並登入'}
        </button>
        <button type="button" className="button button--quiet" onClick={onBack}>
          返回
        </button>
      </div>
    </form>
  );
}

function Enrolment({ secret, uri }: { secret: string; uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The QR code's library is loaded only by the first sign-in of an admin or finance member.
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="enrol">
      <p>
        您的角色需要兩步驟驗證。請用驗證器 App（例如 Google Authenticator）掃描下方 QR
        碼，或手動輸入金鑰，再輸入 App 顯示的驗證碼。
      </p>
      {image && (
        <img className="enrol__qr" src={image} width={200} height={200} alt="驗證器設定 QR 碼" />
      )}
      <p>
        金鑰：
        <code className="enrol__secret" data-testid="totp-secret">
          {secret}
        </code>
      </p>
    </div>
  );
}
