/** The suite's tally: every check prints one line; the program ends with `N passed, N failed`. */
export class Checks {
  passed = 0;
  failed = 0;
  readonly failures: string[] = [];
  private scenario = '';

  begin(scenario: string) {
    this.scenario = scenario;
    process.stdout.write(`\n== ${scenario}\n`);
  }

  check(name: string, ok: boolean, detail?: string): boolean {
    if (ok) this.passed++;
    else {
      this.failed++;
      this.failures.push(`${this.scenario}: ${name}${detail ? ` (${detail})` : ''}`);
    }
    process.stdout.write(`  ${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  — ${detail}` : ''}\n`);
    return ok;
  }

  figure(text: string) {
    process.stdout.write(`  figures: ${text}\n`);
  }

  note(text: string) {
    process.stdout.write(`  ${text}\n`);
  }
}
