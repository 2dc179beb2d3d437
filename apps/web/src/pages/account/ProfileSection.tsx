import type { AccountProfile } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { formatDate } from './format';
import { Section } from './Section';

const p = t.accountCentre.profile;

/** 個人資料: the login id masked, when the account was made, the primary's nickname. */
export function ProfileSection({ profile }: { profile: AccountProfile }) {
  return (
    <Section id="profile" heading={p.heading}>
      <dl className="account-centre__facts">
        <div>
          <dt>{p.loginId}</dt>
          <dd>{profile.loginIdMasked}</dd>
        </div>
        <div>
          <dt>{p.memberSince}</dt>
          <dd>{formatDate(profile.memberSince)}</dd>
        </div>
        <div>
          <dt>{p.nickname}</dt>
          <dd>{profile.nickname}</dd>
        </div>
      </dl>
    </Section>
  );
}
