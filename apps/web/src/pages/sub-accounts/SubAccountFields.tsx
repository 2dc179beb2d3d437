import { useId } from 'react';
import { NICKNAME_MAX_CHARACTERS } from '@site/contract';
import type { SubAccountFieldsInput } from '../../api/sub-accounts';
import { TextField } from '../../features/forms/TextField';
import { t } from '../../i18n/zh-TW';
import { IconPicker } from './IconPicker';

/** Nickname, avatar and kid mode: the fields shared by the add form and the edit dialog. */
export function SubAccountFields({
  value,
  onChange,
  nicknameError,
  primary = false,
}: {
  value: SubAccountFieldsInput;
  onChange: (next: SubAccountFieldsInput) => void;
  nicknameError?: string | undefined;
  /** The primary sub-account can never be a kid. */
  primary?: boolean;
}) {
  const kidHintId = useId();
  return (
    <>
      <TextField
        label={t.subAccounts.nickname}
        name="nickname"
        autoComplete="off"
        // Twelve characters, some of them two UTF-16 units; the server counts characters.
        maxLength={NICKNAME_MAX_CHARACTERS * 2}
        required
        hint={t.subAccounts.nicknameHint}
        error={nicknameError}
        value={value.nickname}
        onChange={(event) => onChange({ ...value, nickname: event.target.value })}
      />
      <IconPicker value={value.iconIdx} onChange={(iconIdx) => onChange({ ...value, iconIdx })} />
      <div className="form__field">
        <label className="form__check">
          <input
            type="checkbox"
            name="kidmode"
            checked={value.kidmode === '1'}
            disabled={primary}
            aria-describedby={kidHintId}
            onChange={(event) => onChange({ ...value, kidmode: event.target.checked ? '1' : '0' })}
          />
          {t.subAccounts.kidMode}
        </label>
        <p id={kidHintId} className="form__hint">
          {primary ? t.subAccounts.primaryNoKid : t.subAccounts.kidModeHint}
        </p>
      </div>
    </>
  );
}
