import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { t } from '../i18n/zh-TW';
import './Footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label={t.footer.label} className="site-footer__nav">
        <ul>
          <li>
            <Link to={pageRoutes.browse}>{t.pageTitles.browse}</Link>
          </li>
          <li>
            <Link to={pageRoutes.live}>{t.pageTitles.live}</Link>
          </li>
          <li>
            <Link to={pageRoutes.redeem}>{t.pageTitles.redeem}</Link>
          </li>
          <li>
            <Link to={pageRoutes.subAccountEvent}>{t.pageTitles.subAccountEvent}</Link>
          </li>
        </ul>
      </nav>
      {/* The blog's address and the legal pages arrive with ajaxBlogInfo.do / ajaxGetFooterData.do. */}
      <ul className="site-footer__lines">
        <li>{t.footer.blog}</li>
        <li>{t.footer.terms}</li>
        <li>{t.footer.privacy}</li>
      </ul>
      <p>{t.footer.customerService}</p>
      <p>
        <small>{t.footer.copyright}</small>
      </p>
    </footer>
  );
}
