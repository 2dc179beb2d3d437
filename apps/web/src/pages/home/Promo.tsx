import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { t } from '../../i18n/zh-TW';

/** SPEC §1 landing promo: the headline, three bullets and the device bullets. */
export function Promo() {
  return (
    <section className="promo" aria-labelledby="promo-heading">
      <div className="promo__main">
        <h1 id="promo-heading" className="promo__headline">
          {t.promo.headline}
        </h1>
        <ul className="promo__bullets">
          {t.promo.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <Link to={pageRoutes.browse} className="button button--primary">
          {t.promo.cta}
        </Link>
      </div>
      <div className="promo__devices">
        <h2 className="promo__devices-heading">{t.promo.devicesHeading}</h2>
        <ul>
          {t.promo.deviceBullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
