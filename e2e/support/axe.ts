/** axe-core run in the page (serious and critical only), and console noise tests may ignore. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** Chromium logs every 4xx reply of fetch as a console error; refusals a test asks for are fine. */
const refusedCall = /Failed to load resource: the server responded with a status of 4\d\d/;
export const realProblems = (problems: string[]) => problems.filter((p) => !refusedCall.test(p));

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
