/**
 * The deploy recipe's environment file (deploy/vva.env.example → /etc/vva/vva.env): what is still the
 * example's placeholder, and the example filled in, as a volunteer fills it (`npm run deploy:check`
 * fills it for its loopback servers).
 */

/** What the example writes where a value of one's own is needed. */
export const PLACEHOLDER = "CHANGE-ME";

/** The variables still holding the example's placeholder, by name (the app servers refuse to start on them: scripts/migrate.ts). */
export function placeholderSettings(environment: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(environment)
    .filter(([, value]) => value?.includes(PLACEHOLDER))
    .map(([name]) => name)
    .sort();
}

const SETTING = /^(#\s?)?([A-Z_][A-Z0-9_]*)=/;

/** A value as both readers of the file (systemd's EnvironmentFile= and Node's --env-file) read it back unchanged. */
function written(name: string, value: string): string {
  if (/["\\\n\r`$]/.test(value)) throw new Error(`${name}: a value with a quote, backslash, $ or line break cannot be written to the environment file`);
  return /[\s#'=]/.test(value) || value === "" ? `"${value}"` : value;
}

/**
 * The example with `values` written in: each replaces its variable's line, commented out or not (so an
 * optional setting the example leaves commented out is turned on). A value for a variable the example
 * does not mention is refused, unless it is one of `extras`: those are appended under `extrasNote`.
 */
export function fillEnvironmentFile(
  example: string,
  values: Readonly<Record<string, string>>,
  extras: { values: Readonly<Record<string, string>>; note: string } = { values: {}, note: "" },
): string {
  const unused = new Set(Object.keys(values));
  const lines = example.split("\n").map((line) => {
    const match = SETTING.exec(line);
    const name = match?.[2];
    if (!name || !(name in values) || !unused.has(name)) return line;
    unused.delete(name);
    return `${name}=${written(name, values[name]!)}`;
  });
  if (unused.size > 0) throw new Error(`the environment file example has no line for ${[...unused].sort().join(", ")}`);
  const added = Object.entries(extras.values).map(([name, value]) => `${name}=${written(name, value)}`);
  if (added.length > 0) lines.push(...(lines.at(-1) === "" ? [] : [""]), ...extras.note.split("\n").map((line) => `# ${line}`), ...added, "");
  return lines.join("\n");
}
