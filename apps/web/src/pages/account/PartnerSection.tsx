import { t } from '../../i18n/zh-TW';
import { PartnerBinding } from '../sub-accounts/PartnerBinding';
import { Section } from './Section';

/** 合作夥伴綁定: the operator and kbro bindings. */
export function PartnerSection() {
  return (
    <Section id="partner" heading={t.accountCentre.partner.heading} wide>
      <p className="page__intro">{t.subAccounts.partnerIntro}</p>
      <PartnerBinding />
    </Section>
  );
}
