import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePageTitle } from '../../app/page-title';
import { t } from '../../i18n/zh-TW';

// Static until the accounts issue adds ajaxSignUp.do; the submit button stays disabled till then.
export default function SignUpPage() {
  usePageTitle(t.pageTitles.signUp);
  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.signUp}</h1>
        <p className="page__intro">{t.signUp.intro}</p>
      </div>
      <form className="form" onSubmit={(event) => event.preventDefault()}>
        <div className="form__field">
          <label htmlFor="signup-account">{t.signUp.account}</label>
          <input id="signup-account" name="account" autoComplete="username" required />
        </div>
        <div className="form__field">
          <label htmlFor="signup-nickname">{t.signUp.nickname}</label>
          <input id="signup-nickname" name="nickname" autoComplete="nickname" maxLength={20} />
        </div>
        <div className="form__field">
          <label htmlFor="signup-password">{t.signUp.password}</label>
          <input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <div className="form__field">
          <label htmlFor="signup-password-confirm">{t.signUp.passwordConfirm}</label>
          <input
            id="signup-password-confirm"
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <button type="submit" className="button button--primary" disabled>
          {t.signUp.submit}
        </button>
        <p className="page__intro">
          {t.signUp.haveAccount} <Link to={pageRoutes.login}>{t.signUp.loginLink}</Link>
        </p>
      </form>
    </div>
  );
}
