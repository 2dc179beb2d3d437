import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { useBlogInfo, useFooterData, type FooterLine } from '../api/site-content';
import { t } from '../i18n/zh-TW';
import './Footer.css';

/** A page of this app (client-side link) rather than a file or a call the server answers. */
function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !/\.[a-z0-9]{1,5}$/i.test(url);
}

function FooterEntry({ line }: { line: FooterLine }) {
  if (!line.url) return <>{line.wording}</>;
  if (isAppPath(line.url)) return <Link to={line.url}>{line.wording}</Link>;
  return <a href={line.url}>{line.wording}</a>;
}

/** Site links, then the lines of ajaxGetFooterData.do and the blog of ajaxBlogInfo.do. */
export function Footer() {
  const lines = useFooterData().data ?? [];
  const blog = useBlogInfo().data;
  const copyright = lines.filter((line) => line.code === 'FOOTER_COPYRIGHT');
  const others = lines.filter((line) => line.code !== 'FOOTER_COPYRIGHT');

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
          {blog?.blogUrl ? (
            <li>
              <a href={blog.blogUrl} rel="noopener">
                {blog.blogTitle || t.footer.blog}
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
      {others.length > 0 ? (
        <ul className="site-footer__lines">
          {others.map((line) => (
            <li key={line.code}>
              <FooterEntry line={line} />
            </li>
          ))}
        </ul>
      ) : null}
      {copyright.map((line) => (
        <p key={line.code}>
          <small>
            <FooterEntry line={line} />
          </small>
        </p>
      ))}
    </footer>
  );
}
