import { useId, useState } from 'react';
import { Link } from 'react-router';
import { accountFieldLimits, type RegisteredDevice } from '@site/contract';
import { login, type Credentials, type LoginReply } from '../../api/accounts';
import { formatDateTime } from '../../features/catalogue/format';
import { devicesOfRefusal } from '../../features/devices/refusal';
import { formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useAction } from '../../features/forms/use-action';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';
import { paths } from '../../routing/paths';
import '../../features/devices/devices.css';

/** A login refused with DEVICE_LIMIT: what was sent, and the devices one of which may go. */
interface DeviceLimit {
  credentials: Credentials;
  devices: RegisteredDevice[];
}

/**
 * The account's registered devices after DEVICE_LIMIT, each with 「移除這部裝置並登入」: the
 * same login id and password again, with that device's key (docs/adr/0042).
 */
function DeviceChoice({
  limit,
  onLoggedIn,
}: {
  limit: DeviceLimit;
  onLoggedIn: (reply: LoginReply) => Promise<void>;
}) {
  const action = useAction();
  const [removing, setRemoving] = useState('');
  const baseId = useId();
  const remove = async (deviceKey: string) => {
    if (action.pending) return;
    setRemoving(deviceKey);
    await action.perform(async () => {
      await onLoggedIn(await login({ ...limit.credentials, removeDeviceKey: deviceKey }));
      return '';
    });
    setRemoving('');
  };
  return (
    <div className="login__devices">
      <div role="group" aria-label={t.devices.loginDevicesLabel}>
        <ul className="devices__list">
          {limit.devices.map((device, index) => (
            <li key={device.deviceKey} className="devices__item">
              <div className="devices__what">
                <p className="devices__name" id={`${baseId}-${index}`}>
                  {device.name}
                </p>
                <p className="devices__detail">
                  {t.devices.lastSeenAt} {formatDateTime(device.lastSeenAt)}
                </p>
              </div>
              <button
                type="button"
                className="button button--primary"
                aria-describedby={`${baseId}-${index}`}
                aria-disabled={action.pending}
                onClick={() => remove(device.deviceKey)}
              >
                {removing === device.deviceKey ? t.login.submitting : t.devices.removeAndLogin}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <FormMessage error={formError(action.error, t.common.actionFailed)} />
    </div>
  );
}

/**
 * ajaxLogin.do: the server's zh-TW refusals appear inline; `onLoggedIn` finishes the job. Under
 * the password, 忘記密碼？ leads to /forgot-password. An account with all its devices registered
 * (DEVICE_LIMIT) lists them after the button, each removable to log in here instead.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (reply: LoginReply) => Promise<void> }) {
  const [limit, setLimit] = useState<DeviceLimit | undefined>();
  const form = useForm({
    fields: ['loginId', 'password'],
    send: async (credentials) => {
      setLimit(undefined);
      try {
        await onLoggedIn(await login(credentials));
      } catch (error) {
        const devices = devicesOfRefusal(error);
        if (devices) setLimit({ credentials, devices });
        throw error;
      }
      return '';
    },
  });

  return (
    <form className="form" onSubmit={form.onSubmit}>
      <TextField
        label={t.login.account}
        name="loginId"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...accountFieldLimits.loginId}
        required
        error={form.errors.loginId}
      />
      <TextField
        label={t.login.password}
        name="password"
        type="password"
        autoComplete="current-password"
        {...accountFieldLimits.password}
        required
        error={form.errors.password}
      />
      <p className="form__hint">
        <Link to={paths.forgotPassword()}>{t.login.forgotPassword}</Link>
      </p>
      <FormMessage error={form.message} />
      <SubmitButton
        pending={form.pending}
        label={t.login.submit}
        pendingLabel={t.login.submitting}
      />
      {limit ? <DeviceChoice limit={limit} onLoggedIn={onLoggedIn} /> : null}
    </form>
  );
}
