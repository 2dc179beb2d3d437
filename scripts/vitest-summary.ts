import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with each project's file time and its slowest files (where CI's 30 minutes go),
 * a "failed:" line for each failed test or file, then one plain line, "tests: N passed, N failed,
 * N skipped", for CI's reader, who sees only the tail of a long log. A file whose set-up failed
 * counts once as failed (its tests never ran, and show as skipped).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const module of testModules) {
      const failedBefore = failures.length;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failures.push(failureLine(module, test.fullName, result.errors[0]?.message));
        } else skipped += 1;
      }
      // A file that failed with no test failing failed outside them (an import, a beforeAll).
      if (failures.length === failedBefore && module.state() === 'failed') {
        failures.push(failureLine(module, '(the file itself)', module.errors()[0]?.message));
      }
    }
    process.stdout.write(`\n${fileTimes(testModules)}`);
    for (const line of failures) process.stdout.write(`${line}\n`);
    process.stdout.write(
      `\ntests: ${passed} passed, ${failures.length} failed, ${skipped} skipped\n`,
    );
  }
}

function failureLine(module: TestModule, name: string, error: string | undefined): string {
  const firstLine = (error ?? '').split('\n', 1)[0] ?? '';
  return `failed: [${module.project.name}] ${module.relativeModuleId} > ${name}: ${firstLine.slice(0, 200)}`;
}

const SLOWEST = 5;

/** Per project: its files' summed time (set-up, import and tests) and its five slowest files. */
function fileTimes(testModules: ReadonlyArray<TestModule>): string {
  const byProject = new Map<string, { file: string; ms: number }[]>();
  for (const module of testModules) {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.duration;
    const files = byProject.get(module.project.name) ?? [];
    files.push({ file: module.relativeModuleId, ms });
    byProject.set(module.project.name, files);
  }
  const lines = ['file time by project (s, summed over files; files run side by side):'];
  for (const [project, files] of byProject) {
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    const slowest = files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST)
      .map((f) => `${f.file} ${(f.ms / 1000).toFixed(0)}`)
      .join(', ');
    lines.push(`  ${project}: ${(total / 1000).toFixed(0)} in ${files.length} files; ${slowest}`);
  }
  return `${lines.join('\n')}\n`;
}
