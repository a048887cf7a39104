/**
 * Reads systemd unit files (deploy/vva@.service, deploy/vva-backup.service, Debian's caddy.service) the
 * way systemd does for what `npm run deploy:check` needs to run a service as systemd would: its commands
 * (ExecStartPre=, ExecStart=, ExecStartPost=), user, working directory and environment
 * (Environment=, EnvironmentFile=). systemd.unit(5), systemd.service(5), systemd.exec(5).
 *
 * Only what the recipe's units use is understood; anything else that would change what runs (an
 * unknown specifier, `$VAR` in a command line, a command prefix other than `-`) is refused with a
 * message rather than run differently from systemd.
 */

export type UnitSections = Record<string, Record<string, string[]>>;

/**
 * The unit's sections and their settings, each key with its values in order. An empty assignment
 * (`ExecStartPre=`) empties the list, as it does in systemd; comments (# or ;) and continuation lines
 * (a trailing backslash) are handled.
 */
export function parseUnitFile(text: string): UnitSections {
  const sections: UnitSections = {};
  let current: Record<string, string[]> | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    while (line.endsWith("\\") && i + 1 < lines.length) {
      const next = lines[++i]!.trim();
      // Comment lines inside a continued setting are skipped, as systemd does.
      if (next.startsWith("#") || next.startsWith(";")) {
        line = `${line.slice(0, -1)}\\`;
        continue;
      }
      line = `${line.slice(0, -1)} ${next}`;
    }
    const section = /^\[([^\]]+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] ??= {};
      continue;
    }
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`not a setting: ${line}`);
    if (!current) throw new Error(`a setting outside any section: ${line}`);
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (value === "") current[key] = [];
    else (current[key] ??= []).push(value);
  }
  return sections;
}

/** What a unit instance is called: `vva@4601.service` for the template `vva@.service` and the instance `4601`. */
export interface UnitName {
  /** The file's name: vva@.service, vva-backup.service. */
  file: string;
  /** The instance (the part after @), for a template. */
  instance?: string;
}

function fullName({ file, instance }: UnitName): string {
  return instance === undefined ? file : file.replace("@.", `@${instance}.`);
}

/** systemd's unescaping of an instance name (%I): `\x2d` → `-`, and `-` → `/`. */
function unescapeInstance(instance: string): string {
  return instance.replaceAll("-", "/").replace(/\\x([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Replaces the specifiers this recipe uses (%i, %I, %n, %N, %p, %%); any other is refused. */
export function expandSpecifiers(value: string, name: UnitName): string {
  const full = fullName(name);
  const prefix = name.file.replace(/@?\.[a-z]+$/, "");
  return value.replace(/%(.)/g, (_, letter: string) => {
    switch (letter) {
      case "%":
        return "%";
      case "i":
        if (name.instance === undefined) throw new Error(`%i in ${name.file}, which is not a template instance`);
        return name.instance;
      case "I":
        if (name.instance === undefined) throw new Error(`%I in ${name.file}, which is not a template instance`);
        return unescapeInstance(name.instance);
      case "n":
        return full;
      case "N":
        return full.replace(/\.[a-z]+$/, "");
      case "p":
        return prefix;
      default:
        throw new Error(`the specifier %${letter} (in "${value}") is not understood by deploy:check`);
    }
  });
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "'": "'", " ": " ", s: " " };

/**
 * Splits a value into words as systemd does for command lines and Environment=: whitespace separates,
 * double or single quotes group (a quote opens only at the start of a word), backslash escapes.
 */
export function splitWords(value: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /\s/.test(value[i]!)) i++;
    if (i >= value.length) break;
    let word = "";
    const quote = value[i] === '"' || value[i] === "'" ? value[i++]! : undefined;
    for (;;) {
      if (i >= value.length) {
        if (quote) throw new Error(`an unclosed ${quote} in: ${value}`);
        break;
      }
      const char = value[i]!;
      if (quote ? char === quote : /\s/.test(char)) {
        i++;
        if (quote && i < value.length && !/\s/.test(value[i]!)) throw new Error(`a quote must end its word, in: ${value}`);
        break;
      }
      if (char === "\\" && i + 1 < value.length) {
        const next = value[i + 1]!;
        const escaped = ESCAPES[next];
        if (escaped === undefined) throw new Error(`the escape \\${next} (in "${value}") is not understood by deploy:check`);
        word += escaped;
        i += 2;
        continue;
      }
      word += char;
      i++;
    }
    words.push(word);
  }
  return words;
}

export interface ExecCommand {
  /** The program (an absolute path) and its arguments, argv[0] included. */
  argv: string[];
  /** A `-` prefix: the command's failure is ignored. */
  ignoreFailure: boolean;
}

/** One Exec…= line: its prefix, then its words. `$` (environment expansion) is refused: the recipe does not use it. */
export function parseExecLine(line: string, name: UnitName): ExecCommand {
  let rest = line.trim();
  let ignoreFailure = false;
  while (/^[-@:+!]/.test(rest)) {
    if (rest[0] !== "-") throw new Error(`the command prefix ${rest[0]} (in "${line}") is not understood by deploy:check`);
    ignoreFailure = true;
    rest = rest.slice(1);
  }
  if (/(^|[^$])\$(?!\$)/.test(rest)) throw new Error(`environment variables in a command line (in "${line}") are not understood by deploy:check`);
  const argv = splitWords(expandSpecifiers(rest, name)).map((word) => word.replaceAll("$$", "$"));
  if (argv.length === 0 || !argv[0]!.startsWith("/")) throw new Error(`a command must start with an absolute path: ${line}`);
  return { argv, ignoreFailure };
}

/** The assignments of Environment= lines, later ones winning. */
export function parseEnvironmentAssignments(values: readonly string[], name: UnitName): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const value of values) {
    for (const word of splitWords(expandSpecifiers(value, name))) {
      const eq = word.indexOf("=");
      if (eq <= 0) throw new Error(`not an assignment in Environment=: ${word}`);
      environment[word.slice(0, eq)] = word.slice(eq + 1);
    }
  }
  return environment;
}

/**
 * An EnvironmentFile= as systemd reads it: KEY=VALUE lines, # and ; comments, blank lines, values in
 * single or double quotes (double quotes take backslash escapes), a trailing backslash continuing the line.
 */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const environment: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    while (line.endsWith("\\") && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!.trim();
    const eq = line.indexOf("=");
    const key = eq > 0 ? line.slice(0, eq).trim() : "";
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`not a KEY=VALUE line in the environment file: ${line}`);
    let value = line.slice(eq + 1).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\(["\\`$])/g, "$1");
    }
    environment[key] = value;
  }
  return environment;
}

/** What systemd would run for a service, and how. */
export interface ServiceSpec {
  name: string;
  type: string;
  user?: string;
  group?: string;
  workingDirectory?: string;
  /** Environment= assignments, specifiers expanded. */
  environment: Record<string, string>;
  /** EnvironmentFile= paths, in order; `optional` for a `-` prefix (a missing file is no error). */
  environmentFiles: { path: string; optional: boolean }[];
  execStartPre: ExecCommand[];
  execStart: ExecCommand[];
  execStartPost: ExecCommand[];
}

/** The [Service] section of a unit file, for one instance of a template. */
export function serviceSpec(text: string, name: UnitName): ServiceSpec {
  const service = parseUnitFile(text).Service;
  if (!service) throw new Error(`${name.file} has no [Service] section`);
  const last = (key: string) => {
    const values = service[key];
    return values && values.length > 0 ? expandSpecifiers(values[values.length - 1]!, name) : undefined;
  };
  const commands = (key: string) => (service[key] ?? []).map((line) => parseExecLine(line, name));
  const type = last("Type") ?? "simple";
  const execStart = commands("ExecStart");
  if (execStart.length === 0) throw new Error(`${name.file} has no ExecStart=`);
  if (type !== "oneshot" && execStart.length > 1) throw new Error(`${name.file}: only a oneshot service may have several ExecStart= lines`);
  return {
    name: fullName(name),
    type,
    user: last("User"),
    group: last("Group"),
    workingDirectory: last("WorkingDirectory"),
    environment: parseEnvironmentAssignments(service.Environment ?? [], name),
    environmentFiles: (service.EnvironmentFile ?? []).map((value) => {
      const path = expandSpecifiers(value, name);
      return path.startsWith("-") ? { path: path.slice(1), optional: true } : { path, optional: false };
    }),
    execStartPre: commands("ExecStartPre"),
    execStart,
    execStartPost: commands("ExecStartPost"),
  };
}

/** The search path systemd gives services (systemd.exec(5), "Environment variables in spawned processes"). */
export const SYSTEMD_DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/**
 * The environment a service's processes get: systemd's own few variables (PATH, and with User= the
 * user's HOME, USER, LOGNAME, SHELL), then Environment=, then each EnvironmentFile= in order, which
 * override Environment= (systemd.exec(5): "Settings from these files override settings made with
 * Environment=").
 */
export function serviceEnvironment(
  spec: Pick<ServiceSpec, "environment">,
  files: readonly Record<string, string>[],
  account?: { user: string; home: string; shell: string },
): Record<string, string> {
  const base: Record<string, string> = { PATH: SYSTEMD_DEFAULT_PATH };
  if (account) Object.assign(base, { HOME: account.home, USER: account.user, LOGNAME: account.user, SHELL: account.shell });
  return Object.assign(base, spec.environment, ...files);
}
