import { t } from '../../i18n/zh-TW';

/** SPEC §4/§5: the redeem terms, shown on the screen and again with a refusal (step4). */
export function RedeemTerms() {
  return (
    <ul className="redeem__terms">
      {t.redeem.terms.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
