import { useId } from 'react';
import { avatarDesc, avatarIndexes, avatarUrl } from '../../features/sub-accounts/avatars';
import { t } from '../../i18n/zh-TW';
import './IconPicker.css';

/** The eight avatars as native radio buttons: Tab enters the group, arrows and Space choose. */
export function IconPicker({
  value,
  onChange,
}: {
  value: number;
  onChange: (iconIdx: number) => void;
}) {
  const name = useId();
  const legendId = `${name}-legend`;
  return (
    <fieldset className="icon-picker" role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId}>{t.subAccounts.icon}</legend>
      <div className="icon-picker__options">
        {avatarIndexes.map((index) => (
          <label key={index} className="icon-picker__option">
            <input
              type="radio"
              className="icon-picker__input visually-hidden"
              name={name}
              value={index}
              checked={value === index}
              onChange={() => onChange(index)}
            />
            <img
              className="icon-picker__image"
              src={avatarUrl(index)}
              alt={avatarDesc(index)}
              width={48}
              height={48}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
