import { Link } from 'react-router';
import type { VideoDetail } from '@site/contract';
import { paths } from '../../routing/paths';
import { t } from '../../i18n/zh-TW';

type Person = VideoDetail['people'][number];

function Names({ people }: { people: Person[] }) {
  return (
    <ul className="people__names">
      {people.map((person) => (
        <li key={person.personId}>
          <Link
            to={paths.search(person.name, 'person')}
            className="people__link"
            aria-label={t.details.searchPerson(person.name)}
          >
            {person.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Director and actors; each name searches for the person's other titles. */
export function People({ people }: { people: Person[] }) {
  const directors = people.filter((p) => p.role === 'director');
  const actors = people.filter((p) => p.role === 'actor');
  if (people.length === 0) return null;
  return (
    <section className="details__section" aria-labelledby="details-people">
      <h2 id="details-people">{t.details.people}</h2>
      <dl className="people">
        {directors.length > 0 && (
          <div className="people__group">
            <dt>{t.details.director}</dt>
            <dd>
              <Names people={directors} />
            </dd>
          </div>
        )}
        {actors.length > 0 && (
          <div className="people__group">
            <dt>{t.details.actors}</dt>
            <dd>
              <Names people={actors} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
