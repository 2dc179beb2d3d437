import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  SERIAL_FORMAT_MESSAGE,
  SERIAL_MAX_LENGTH,
  SERIAL_MIN_LENGTH,
  batchSerialProblem,
  normaliseSerial,
  type LoginInfo,
} from '@site/contract';
import { ApiError } from '../../api/client';
import { previewVoucher, redeemVoucher, walletKey } from '../../api/vouchers';
import { paths } from '../../routing/paths';
import { formatDateTime } from '../../features/catalogue/format';
import { FormMessage } from '../../features/forms/FormMessage';
import { TextField } from '../../features/forms/TextField';
import { t } from '../../i18n/zh-TW';
import { doneText, grantText } from './describe';
import { RedeemTerms } from './RedeemTerms';
import { heldNote } from '../../features/purchase/held-note';
import {
  canRedeem,
  initialRedeemState,
  offeredTitle,
  redeemReducer,
  type RedeemEvent,
} from './steps';

const SERIAL_FORMAT = new RegExp(`^[A-Z0-9]{${SERIAL_MIN_LENGTH},${SERIAL_MAX_LENGTH}}$`);

function failure(error: unknown): RedeemEvent {
  if (error instanceof ApiError) {
    return {
      type: 'failed',
      code: error.code,
      message: error.message,
      field: error.fields[0]?.name,
    };
  }
  return { type: 'failed', code: 'NETWORK', message: t.common.actionFailed };
}

/**
 * One tab's redeem flow, step0 → step1 → step2, or step4 on a refusal (./steps.ts,
 * docs/adr/0020). `field` names the serial box as the spec's call does for this tab.
 */
export function VoucherFlow({
  field,
  info,
}: {
  field: 'exchangeCode' | 'serialNumber';
  info: LoginInfo | undefined;
}) {
  const [state, dispatch] = useReducer(redeemReducer, initialRedeemState);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const choiceName = useId();
  const member = info?.isLogin === 'Y' && info.kidMode !== '1';

  // Each new step is announced by moving focus to its heading (step0's field keeps focus).
  const step = state.step;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const run = async (work: () => Promise<RedeemEvent>) => {
    setPending(true);
    try {
      dispatch(await work());
    } catch (error) {
      dispatch(failure(error));
    } finally {
      setPending(false);
    }
  };

  const onCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || state.step !== 'step0') return;
    const serial = normaliseSerial(state.serial);
    if (!SERIAL_FORMAT.test(serial)) {
      dispatch({ type: 'failed', code: 'BAD_INPUT', message: SERIAL_FORMAT_MESSAGE, field });
      return;
    }
    // A batch serial's check character catches a typo here, before anything is sent (ADR 0045).
    const typo = batchSerialProblem(serial);
    if (typo) {
      dispatch({ type: 'failed', code: 'BAD_INPUT', message: typo, field });
      return;
    }
    void run(async () => ({ type: 'previewed', preview: await previewVoucher(serial) }));
  };

  const onRedeem = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || state.step !== 'step1' || !canRedeem(state)) return;
    const { serial, contentId } = state;
    void run(async () => {
      const result = await redeemVoucher(serial, contentId);
      if (info) void queryClient.invalidateQueries({ queryKey: walletKey(info) });
      return { type: 'redeemed', result };
    });
  };

  if (state.step === 'step1') {
    const { preview } = state;
    const held = offeredTitle(state);
    return (
      <form className="form redeem__step" data-step="step1" onSubmit={onRedeem}>
        <h2 ref={heading} tabIndex={-1}>
          {t.redeem.confirmTitle}
        </h2>
        <p className="redeem__serial">{t.redeem.serialLabel(preview.serialNumber)}</p>
        <p className="redeem__grant">{grantText(preview)}</p>
        {preview.choices.length > 0 ? (
          <fieldset aria-describedby={state.choiceError ? `${choiceName}-error` : undefined}>
            <legend>{t.redeem.chooseLabel}</legend>
            <ul className="redeem__choices">
              {preview.choices.map((choice) => (
                <li key={choice.contentId}>
                  <label className="redeem__choice">
                    <input
                      type="radio"
                      name={choiceName}
                      value={choice.contentId}
                      checked={state.contentId === choice.contentId}
                      onChange={() => dispatch({ type: 'choose', contentId: choice.contentId })}
                      required
                    />
                    <img src={choice.posterUrl} alt="" width={48} height={72} loading="lazy" />
                    <span>{choice.contentName}</span>
                    {choice.held ? (
                      <span className="redeem__held">{heldNote(choice.held)}</span>
                    ) : null}
                  </label>
                </li>
              ))}
            </ul>
            {state.choiceError ? (
              <p id={`${choiceName}-error`} className="form__error">
                {state.choiceError}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {preview.rental ? (
          <p className="form__hint">
            {t.redeem.rentalTerms(preview.rental.startHours, preview.rental.watchHours)}
          </p>
        ) : null}
        <p className="form__hint">{t.redeem.validUntil(formatDateTime(preview.validUntil))}</p>
        {held?.held ? (
          <p className="form__error" role="alert">
            {t.redeem.alreadyHeld(held.contentName, heldNote(held.held))}
          </p>
        ) : (
          <p className="form__hint">{t.redeem.confirmIntro}</p>
        )}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={pending || !canRedeem(state)}
          >
            {pending ? t.redeem.redeeming : t.redeem.submit}
          </button>
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() => dispatch({ type: 'back' })}
          >
            {t.redeem.back}
          </button>
        </div>
      </form>
    );
  }

  if (state.step === 'step2') {
    return (
      <div className="form redeem__step" data-step="step2">
        <h2 ref={heading} tabIndex={-1}>
          {t.redeem.doneTitle}
        </h2>
        <FormMessage success={doneText(state.result)} />
        <div className="form__actions">
          {state.result.rental ? (
            <Link className="button button--primary" to={paths.myList('purchased')}>
              {t.redeem.goRentals}
            </Link>
          ) : null}
          <button type="button" className="button" onClick={() => dispatch({ type: 'again' })}>
            {t.redeem.again}
          </button>
        </div>
      </div>
    );
  }

  if (state.step === 'step4') {
    return (
      <div className="form redeem__step" data-step="step4">
        <h2 ref={heading} tabIndex={-1}>
          {t.redeem.failedTitle}
        </h2>
        <FormMessage error={state.message} />
        <p className="form__hint">{t.redeem.failedHint}</p>
        <RedeemTerms />
        <div className="form__actions">
          <button type="button" className="button" onClick={() => dispatch({ type: 'back' })}>
            {t.redeem.retry}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="form redeem__step" data-step="step0" onSubmit={onCheck} noValidate>
      <TextField
        label={t.redeem.serialNumber}
        name={field}
        value={state.serial}
        onChange={(event) => dispatch({ type: 'edit', serial: event.currentTarget.value })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={80}
        placeholder={t.redeem.serialPlaceholder}
        hint={t.redeem.serialHint}
        error={state.fieldError ?? undefined}
        disabled={!member}
        required
      />
      <button type="submit" className="button button--primary" disabled={!member || pending}>
        {pending ? t.redeem.checking : t.redeem.next}
      </button>
    </form>
  );
}
