import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { closedPort } from "../../test/ports";
import { createDatabaseProbe, type DatabaseProbe } from "./database-probe";

const probes: DatabaseProbe[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(probes.splice(0).map((probe) => probe.close()));
});

describe("the front's database probe", () => {
  it("says yes for the real PostgreSQL", async () => {
    const probe = createDatabaseProbe(process.env.DATABASE_URL!);
    probes.push(probe);
    expect(await probe.reachable()).toBe(true);
  });

  it("says yes when the server itself was too busy to look for longer than the probe waits (an opening rush), not no", async () => {
    const probe = createDatabaseProbe(process.env.DATABASE_URL!, { timeoutMs: 200, cacheMs: 0 });
    probes.push(probe);
    expect(await probe.reachable()).toBe(true);
    const asked = probe.reachable();
    const busyUntil = performance.now() + 600;
    while (performance.now() < busyUntil) {
      // The event loop is blocked, as by renders under load, while the database answers at once.
    }
    expect(await asked).toBe(true);
  });

  it("says no for a closed port, logs why once, and reuses one answer for concurrent and quick repeat questions", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const probe = createDatabaseProbe(`postgres://postgres:pw@127.0.0.1:${await closedPort()}/app`, { cacheMs: 60_000 });
    probes.push(probe);
    expect(await Promise.all([probe.reachable(), probe.reachable(), probe.reachable()])).toEqual([false, false, false]);
    expect(await probe.reachable()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: "front.database-unreachable", timedOut: false }), expect.any(String));
  });
});
