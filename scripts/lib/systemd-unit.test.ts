import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expandSpecifiers, parseEnvironmentFile, parseExecLine, parseUnitFile, serviceEnvironment, serviceSpec, splitWords, SYSTEMD_DEFAULT_PATH } from "./systemd-unit";

const root = path.resolve(import.meta.dirname, "..", "..");
const unit = (name: string) => readFileSync(path.join(root, "deploy", name), "utf8");
const NODE = "/srv/vva/app/node_modules/.bin/node";

describe("the deploy recipe's units, as deploy:check reads them", () => {
  it("vva@3001.service runs the migrations, then the production server, as vva in /srv/vva/app on port 3001", () => {
    const spec = serviceSpec(unit("vva@.service"), { file: "vva@.service", instance: "3001" });
    expect(spec).toMatchObject({
      name: "vva@3001.service",
      type: "simple",
      user: "vva",
      group: "vva",
      workingDirectory: "/srv/vva/app",
      environment: { PORT: "3001" },
      environmentFiles: [{ path: "/etc/vva/vva.env", optional: false }],
    });
    expect(spec.execStartPre.map((c) => c.argv)).toEqual([[NODE, "--import", "tsx", "scripts/migrate.ts"]]);
    expect(spec.execStart.map((c) => c.argv)).toEqual([[NODE, "--import", "tsx", "scripts/serve.ts"]]);
    expect(spec.execStartPost).toEqual([]);
  });

  it("vva-backup.service backs up into /var/backups/vva/, then deletes backups over 30 days old", () => {
    const spec = serviceSpec(unit("vva-backup.service"), { file: "vva-backup.service" });
    expect(spec).toMatchObject({ type: "oneshot", user: "vva", workingDirectory: "/srv/vva/app", environmentFiles: [{ path: "/etc/vva/vva.env", optional: false }] });
    expect(spec.execStart.map((c) => c.argv)).toEqual([[NODE, "--import", "tsx", "scripts/backup.ts", "/var/backups/vva/"]]);
    expect(spec.execStartPost.map((c) => c.argv)).toEqual([["/usr/bin/find", "/var/backups/vva", "-maxdepth", "1", "-name", "backup-*.jsonl.gz", "-mtime", "+30", "-delete"]]);
  });

  it("every script the units run exists in the site's folder", () => {
    const specs = [serviceSpec(unit("vva@.service"), { file: "vva@.service", instance: "3001" }), serviceSpec(unit("vva-backup.service"), { file: "vva-backup.service" })];
    const scripts = specs.flatMap((spec) => [...spec.execStartPre, ...spec.execStart]).map((command) => command.argv.find((word) => word.startsWith("scripts/"))!);
    expect(scripts).toEqual(["scripts/migrate.ts", "scripts/serve.ts", "scripts/backup.ts"]);
    for (const script of scripts) expect(existsSync(path.join(root, script)), script).toBe(true);
  });

  it("the timer starts the backup service every night", () => {
    const timer = parseUnitFile(unit("vva-backup.timer"));
    expect(timer.Timer).toMatchObject({ OnCalendar: ["*-*-* 03:30:00"], Persistent: ["true"] });
    expect(timer.Install).toEqual({ WantedBy: ["timers.target"] });
  });

  it("reads Debian's caddy.service: caddy run on /etc/caddy/Caddyfile as the caddy user", () => {
    const debian = ["[Unit]", "Description=Caddy", "[Service]", "Type=notify", "User=caddy", "Group=caddy", "ExecStart=/usr/bin/caddy run --environ --config /etc/caddy/Caddyfile", "ExecReload=/usr/bin/caddy reload --config /etc/caddy/Caddyfile --force", "PrivateTmp=true"].join("\n");
    const spec = serviceSpec(debian, { file: "caddy.service" });
    expect(spec).toMatchObject({ user: "caddy", group: "caddy", workingDirectory: undefined, environment: {} });
    expect(spec.execStart[0]!.argv).toEqual(["/usr/bin/caddy", "run", "--environ", "--config", "/etc/caddy/Caddyfile"]);
  });
});

describe("unit file syntax", () => {
  it("joins continued lines, skips comments, and empties a list on an empty assignment", () => {
    const sections = parseUnitFile(["# a comment", "[Service]", "ExecStartPre=/bin/a", "ExecStartPre=", "ExecStartPre=/bin/b \\", "  --flag", "; another", "Environment=A=1"].join("\n"));
    expect(sections.Service).toEqual({ ExecStartPre: ["/bin/b  --flag"], Environment: ["A=1"] });
  });

  it("splits words as systemd does: quotes group, backslashes escape", () => {
    expect(splitWords(`/bin/echo "two words" 'single "quoted"' a\\ b x\\ty`)).toEqual(["/bin/echo", "two words", 'single "quoted"', "a b", "x\ty"]);
    expect(() => splitWords(`/bin/echo "unclosed`)).toThrow(/unclosed/);
  });

  it("expands %i, %I, %n, %p and %%, and refuses the specifiers it does not know", () => {
    const name = { file: "vva@.service", instance: "3001" };
    expect(expandSpecifiers("port %i of %n (%p), 100%%", name)).toBe("port 3001 of vva@3001.service (vva), 100%");
    expect(expandSpecifiers("%I", { file: "x@.service", instance: "srv-data" })).toBe("srv/data");
    expect(() => expandSpecifiers("%h", name)).toThrow(/%h/);
    expect(() => expandSpecifiers("%i", { file: "vva-backup.service" })).toThrow(/not a template instance/);
  });

  it("takes a - prefix as 'failure ignored', and refuses what it would run differently from systemd", () => {
    const name = { file: "x.service" };
    expect(parseExecLine("-/usr/bin/find /tmp", name)).toEqual({ argv: ["/usr/bin/find", "/tmp"], ignoreFailure: true });
    expect(() => parseExecLine("+/usr/bin/find /tmp", name)).toThrow(/prefix \+/);
    expect(() => parseExecLine("/bin/echo $HOME", name)).toThrow(/environment variables/);
    expect(parseExecLine("/bin/echo $$HOME", name).argv).toEqual(["/bin/echo", "$HOME"]);
    expect(() => parseExecLine("bin/node", name)).toThrow(/absolute path/);
  });
});

describe("a service's environment", () => {
  it("reads an environment file: comments, quotes, escapes", () => {
    const file = ["# comment", "; also", "", "A=plain", 'B="two words"', "C='single'", 'D="a \\"quote\\""', "E=", "  F = spaced"].join("\n");
    expect(parseEnvironmentFile(file)).toEqual({ A: "plain", B: "two words", C: "single", D: 'a "quote"', E: "", F: "spaced" });
    expect(() => parseEnvironmentFile("not a setting")).toThrow(/KEY=VALUE/);
  });

  it("is systemd's PATH and the user's, then Environment=, then the files, which win", () => {
    const spec = serviceSpec(["[Service]", 'Environment=PORT=%i "GREETING=hello there"', "ExecStart=/bin/true"].join("\n"), { file: "x@.service", instance: "7" });
    const env = serviceEnvironment(spec, [{ GREETING: "from the file", PORT: "9" }, { LATER: "yes" }], { user: "vva", home: "/srv/vva", shell: "/usr/sbin/nologin" });
    expect(env).toEqual({ PATH: SYSTEMD_DEFAULT_PATH, HOME: "/srv/vva", USER: "vva", LOGNAME: "vva", SHELL: "/usr/sbin/nologin", PORT: "9", GREETING: "from the file", LATER: "yes" });
  });
});
