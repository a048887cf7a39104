/**
 * A page with nothing of ours in it: a root layout and forty paragraphs of text, built and served by the
 * project's own Next. `npm run perf` measures it beside the site's pages, so each run shows what the
 * framework alone scores on this machine at that moment (Lighthouse's TBT moves with the machine's load).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { addCompileHints } from "./compile-hints";
import { startServerProcess, type BenchmarkServer } from "./serve-for-benchmark";

const layout = `export const metadata = { title: "Reference page", description: "A page with nothing but the framework in it." };
export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`;

const page = `export default function Page() {
  return (
    <main>
      <h1>Reference page</h1>
      {Array.from({ length: 40 }, (_, i) => <p key={i}>Paragraph {i + 1}: plain text about what is kept, why, and for how long.</p>)}
    </main>
  );
}
`;

/**
 * Writes the page to a folder of its own outside the project (inside it, Next would take the project's
 * instrumentation and config as the page's), builds it with the project's Next and serves it.
 */
export async function startNextReferencePage(port: number): Promise<BenchmarkServer> {
  const folder = mkdtempSync(join(tmpdir(), "perf-reference-"));
  mkdirSync(join(folder, "app"));
  writeFileSync(join(folder, "app", "layout.jsx"), layout);
  writeFileSync(join(folder, "app", "page.jsx"), page);
  symlinkSync(resolve("node_modules"), join(folder, "node_modules"));
  // Turbopack resolves only inside its root; the linked node_modules lives elsewhere.
  writeFileSync(join(folder, "next.config.mjs"), 'export default { turbopack: { root: "/" } };\n');
  const next = resolve("node_modules", "next", "dist", "bin", "next");
  const env = { ...process.env, NODE_ENV: "production" as const, NEXT_TELEMETRY_DISABLED: "1" };
  try {
    execFileSync(process.execPath, [next, "build", folder], { stdio: ["ignore", "ignore", "inherit"], env });
    addCompileHints(join(folder, ".next")); // as the site's own build gets them (scripts/lib/build-site.ts)
    const server = await startServerProcess([next, "start", folder, "--port", String(port)], `http://localhost:${port}`, { NEXT_TELEMETRY_DISABLED: "1" });
    return {
      origin: server.origin,
      stop: async () => {
        await server.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
