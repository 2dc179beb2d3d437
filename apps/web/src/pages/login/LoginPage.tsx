import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePageTitle } from '../../app/page-title';
import { t } from '../../i18n/zh-TW';

// Static until the accounts issue adds ajaxLogin.do; the submit button stays disabled till then.
export default function LoginPage() {
  usePageTitle(t.pageTitles.login);
  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.login}</h1>
        <p className="page__intro">{t.login.intro}</p>
      </div>
      <form className="form" onSubmit={(event) => event.preventDefault()}>
        <div className="form__field">
          <label htmlFor="login-account">{t.login.account}</label>
          <input id="login-account" name="account" autoComplete="username" required />
        </div>
        <div className="form__field">
          <label htmlFor="login-password">{t.login.password}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <button type="submit" className="button button--primary" disabled>
          {t.login.submit}
        </button>
        <p className="page__intro">
          {t.login.noAccount} <Link to={pageRoutes.signUp}>{t.login.signUpLink}</Link>
        </p>
      </form>
    </div>
  );
}
