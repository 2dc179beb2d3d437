/** html-validate on a page's rendered DOM (issue 28 item 9: the pages must pass the W3C checks). */
import { HtmlValidate, StaticConfigLoader } from 'html-validate';
import type { Page } from 'playwright-core';

/**
 * `html-validate:recommended` with every conformance rule on. Changed, each for a reason:
 */
const validator = new HtmlValidate(
  new StaticConfigLoader({
    extends: ['html-validate:recommended'],
    rules: {
      // React's useId gives ids like `_r_0_`. HTML asks only for a non-empty id without spaces;
      // starting with a letter is the preset's style (for CSS selectors). Relaxed checks just that.
      'valid-id': ['error', { relaxed: true }],
      // The search box's suggestions are the listbox popup of an editable combobox (WAI-ARIA
      // APG), which a native <select> cannot be; the rule still judges every other role.
      'prefer-native-element': ['error', { exclude: ['listbox'] }],
      // page.content() serialises the DOM, and the serialiser writes every boolean or empty
      // attribute as `hidden=""`, whatever the markup said; HTML allows both spellings.
      'attribute-boolean-style': 'off',
      'attribute-empty-style': 'off',
      // The serialiser also brings index.html's indentation before </body> back as a line of
      // spaces. Whitespace is not a conformance question.
      'no-trailing-whitespace': 'off',
    },
  }),
);

/** Each error as `rule: message <selector>`, so a failure names the element to fix. */
export async function markupErrors(page: Page): Promise<string[]> {
  const report = await validator.validateString(await page.content(), 'rendered.html');
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} <${m.selector ?? ''}>`),
  );
}
