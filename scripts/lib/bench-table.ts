/** The benchmarks' output: a Markdown table, pasted as it is into docs/performance.md. */
export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Prints the budgets missed (and fails the run), or that every budget was met. */
export function reportBudgets(missed: string[]): void {
  if (missed.length > 0) {
    console.error(`\nBudgets missed:\n${missed.map((line) => `- ${line}`).join("\n")}`);
    process.exitCode = 1;
  } else console.log("\nEvery budget met.");
}
