/**
 * `npm run bench -- --opening`: the busiest moment of the site, registration opening for a popular
 * event. Two app servers (`npm start` each, as production runs several) on one embedded PostgreSQL;
 * one event with fewer seats than members and a priority window (ADR 0019: Premium and Elite members
 * register `PRIORITY_DAYS` days before everyone); members signed in through sessions made in the
 * database. Each phase starts both servers with their clock (CLOCK_START and CLOCK_ANCHOR, the test
 * servers' settable clock) just past an opening, then every member of the phase, within the same few
 * seconds, GETs the event page on one server and presses Register on the other as a browser without
 * JavaScript does (the form's own fields, server action's included). Afterwards the database must hold
 * exactly `capacity` seats, and every member without one must have been told why.
 *
 * OPENING_MEMBERS (200), OPENING_PRIORITY_MEMBERS (50), OPENING_CAPACITY (60) and OPENING_SPREAD_MS
 * (2,000: how far apart the members' first requests fall) shape the crowd; OPENING_SETTLE_MS (10,000)
 * is how long the servers run before it comes; OPENING_WARMUPS (50) how many other members each server
 * answers then, as production servers have when an opening comes (their first page, a registration
 * for another event); BENCH_PORT the first of the two servers' ports (3320);
 * OPENING_LOG_LEVEL the servers' log level (error; `info` logs every request with its time).
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { availableParallelism } from "node:os";
import { gunzip } from "node:zlib";
import pg from "pg";
import { priorityOpensAt } from "../../src/features/events/registration-window";
import { ASSOCIATION_TIME_ZONE } from "../../src/lib/time";
import { markdownTable, reportBudgets } from "./bench-table";
import { startBenchDatabase } from "./bench-database";
import {
  formBody,
  missedBudgets,
  registrationForm,
  sessionCookie,
  summarize,
  whatMemberWasTold,
  type Figures,
  type Sample,
  type Told,
} from "./opening-bench";
import { machineBusySeconds, treeCpuSeconds } from "./process-cpu";
import { startServerProcess, type BenchmarkServer } from "./serve-for-benchmark";

const MEMBERS = Number(process.env.OPENING_MEMBERS ?? 200);
const PRIORITY_MEMBERS = Number(process.env.OPENING_PRIORITY_MEMBERS ?? 50);
const CAPACITY = Number(process.env.OPENING_CAPACITY ?? 60);
const SPREAD_MS = Number(process.env.OPENING_SPREAD_MS ?? 2_000);
/** How long the servers run before the crowd comes: their start-up jobs (e-mail, reminders, renewals) first run then. */
const SETTLE_MS = Number(process.env.OPENING_SETTLE_MS ?? 10_000);
const PRIORITY_DAYS = 7;
const DAY_MS = 24 * 3_600_000;

const say = (message: string) => console.log(`[opening] ${message}`);

interface Member {
  email: string;
  cookie: string;
  plan: "premium" | "elite" | null;
}

interface Crowd {
  eventId: number;
  eventPath: string;
  members: Member[];
  /** Members outside the crowd (Basic), a few per server and phase, who warm the servers up. */
  warmups: Member[];
  /** An event open to everyone, never full, where the warm-up members register. */
  warmupEventPath: string;
}

/** Warm-up members per server and phase: each renders their parts and registers once, on the warm-up event. */
const WARMUPS_PER_SERVER = Number(process.env.OPENING_WARMUPS ?? 50);

/** The events, the members with their sessions and plans, written straight into the database. */
async function createCrowd(databaseUrl: string, secret: string, generalOpening: Date): Promise<Crowd> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    const suffix = randomUUID().slice(0, 8);
    const startsAt = new Date(generalOpening.getTime() + 14 * DAY_MS);
    const insertEvent = async (slug: string, title: string, capacity: number | null, opensAt: Date, priorityDays: number | null) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into events (slug, title, category, description, instructor, location, starts_at, ends_at, capacity,
                             registration_opens_at, priority_days, eligibility)
         values ($1, $2, 'community', 'The registration-opening benchmark''s event.', 'Tom Brennan', 'Austin Community Hall, Austin, TX',
                 $3, $4, $5, $6, $7, 'everyone')
         returning id`,
        [slug, title, startsAt, new Date(startsAt.getTime() + 3 * 3_600_000), capacity, opensAt, priorityDays],
      );
      return rows[0]!.id;
    };
    const eventId = await insertEvent(`opening-day-${suffix}`, `Opening Day ${suffix}`, CAPACITY, generalOpening, PRIORITY_DAYS);
    // Open to everyone since a month before the priority window: registrations elsewhere on the site.
    const warmupEventId = await insertEvent(`warm-up-${suffix}`, `Warm-up ${suffix}`, null, new Date(generalOpening.getTime() - 40 * DAY_MS), null);
    const members: Member[] = [];
    const paidUntil = new Date(generalOpening.getTime() + 200 * DAY_MS);
    const warmupCount = 2 * 2 * WARMUPS_PER_SERVER;
    for (let i = 0; i < MEMBERS + warmupCount; i++) {
      const userId = randomUUID();
      const email = `opening-${suffix}-${i + 1}@example.com`;
      const token = randomBytes(24).toString("base64url");
      // The last ones are the warm-up members, on no plan.
      const plan = i < PRIORITY_MEMBERS ? (i % 5 === 0 ? "elite" : "premium") : null;
      await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [userId, `Member ${i + 1}`, email]);
      // Sessions expire by the system's clock (better-auth stamps them), not the app's.
      await client.query(`insert into session (id, token, user_id, expires_at, updated_at) values ($1, $2, $3, now() + interval '1 day', now())`, [
        randomUUID(),
        token,
        userId,
      ]);
      if (plan)
        await client.query(`insert into memberships (user_id, plan, started_at, renews_on) values ($1, $2, $3, $4)`, [
          userId,
          plan,
          new Date(paidUntil.getTime() - 365 * DAY_MS),
          paidUntil,
        ]);
      members.push({ email, cookie: sessionCookie(token, secret), plan });
    }
    await client.query("commit");
    const warmups = members.splice(MEMBERS);
    return { eventId, eventPath: `/calendar/${eventId}`, members, warmups, warmupEventPath: `/calendar/${warmupEventId}` };
  } finally {
    await client.end();
  }
}

/** Two `npm start` servers on the one database, their clocks reading `clockStart` now. */
async function startServers(firstPort: number, databaseUrl: string, secret: string, clockStart: Date): Promise<BenchmarkServer[]> {
  const anchor = new Date().toISOString();
  const servers: BenchmarkServer[] = [];
  try {
    // One after the other: each applies the (already applied) migrations before serving.
    for (const port of [firstPort, firstPort + 1]) {
      const origin = `http://127.0.0.1:${port}`;
      servers.push(
        await startServerProcess(["--import", "tsx", "scripts/start.ts"], origin, {
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: "127.0.0.1",
          SITE_URL: origin,
          BETTER_AUTH_SECRET: secret,
          CLOCK_START: clockStart.toISOString(),
          CLOCK_ANCHOR: anchor,
          NEXT_TELEMETRY_DISABLED: "1",
          // The table says what failed; the servers' warnings (one per slow page) would bury it.
          LOG_LEVEL: process.env.OPENING_LOG_LEVEL ?? "error",
        }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  return servers;
}

type Kind = "GET event page" | "POST register";

interface Timed {
  kind: Kind;
  sample: Sample;
  /** How the front answered (its X-Page-Cache header: hit, filled, rendered), or "-" when it did not say. */
  answeredBy?: string;
}

/** Connections kept open between requests, as a browser keeps them; node:http, lighter than fetch, so the crowd takes less of the cores it shares with the servers. */
const agent = new http.Agent({ keepAlive: true });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request as a browser sends it (taking gzip), its answer's body decoded. */
function send(url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers: { "accept-encoding": "gzip, deflate, br", ...headers }, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", reject);
      response.once("end", () => {
        const raw = Buffer.concat(chunks);
        const done = (decoded: Buffer) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decoded });
        if (response.headers["content-encoding"] !== "gzip") return done(raw);
        gunzip(raw, (error, decoded) => (error ? reject(error) : done(decoded)));
      });
    });
    request.once("error", reject);
    request.once("timeout", () => request.destroy(new Error("no answer within 30 s")));
    request.end(body);
  });
}

/**
 * One request, timed, its redirects followed (each hop a request of its own, as a browser makes it), with
 * the cookies each answer sets sent on the next hop, as a browser keeps them.
 */
async function timedRequest(
  kind: Kind,
  url: string,
  cookie: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer },
  timed: Timed[],
): Promise<{ status: number; html: string } | undefined> {
  let current = url;
  let request = init;
  const jar = new Map(cookie.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const));
  for (let hop = 0; hop < 5; hop++) {
    const started = performance.now();
    try {
      const cookies = [...jar.values()].join("; ");
      const response = await send(current, request.method ?? "GET", { ...request.headers, cookie: cookies }, request.body);
      for (const set of response.headers["set-cookie"] ?? []) {
        const pair = set.split(";")[0]!;
        const name = pair.slice(0, pair.indexOf("="));
        if (/;\s*max-age=0\b/i.test(set) || pair.endsWith("=")) jar.delete(name);
        else jar.set(name, pair);
      }
      const html = response.body.toString("utf8");
      const answeredBy = response.headers["x-page-cache"];
      timed.push({ kind, sample: { latencyMs: performance.now() - started, status: response.status }, answeredBy: typeof answeredBy === "string" ? answeredBy : "-" });
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400 || !location) return { status: response.status, html };
      current = new URL(location, current).href;
      request = {}; // 303 and the others: a GET of the new address
    } catch (error) {
      timed.push({ kind, sample: { latencyMs: performance.now() - started, error: String(error) } });
      return undefined;
    }
  }
  return undefined;
}

/**
 * A member opens the event page on one server and presses Register on the other; the page that told them
 * where they stand (read once the phase is over, so that reading it takes no time from the servers).
 */
async function memberVisit(member: Member, eventPath: string, servers: BenchmarkServer[], index: number, timed: Timed[]): Promise<string | undefined> {
  const [pageServer, formServer] = index % 2 === 0 ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!];
  const pageUrl = `${pageServer.origin}${eventPath}`;
  const page = await timedRequest("GET event page", pageUrl, member.cookie, {}, timed);
  if (!page) return undefined;
  const form = registrationForm(page.html, pageUrl);
  if (!form) return page.html;
  const target = new URL(form.url);
  const postUrl = `${formServer.origin}${target.pathname}${target.search}`;
  const encoded = await formBody(form);
  const answer = await timedRequest(
    "POST register",
    postUrl,
    member.cookie,
    { method: form.method, body: encoded.body, headers: { origin: formServer.origin, referer: pageUrl, "content-type": encoded.contentType } },
    timed,
  );
  return answer?.html;
}

/** CPU seconds used during a phase: the two servers, the crowd (this process), and the machine in all. */
interface PhaseCpu {
  servers?: number;
  crowd: number;
  machine?: number;
}

interface PhaseRun {
  name: string;
  elapsedMs: number;
  cpu: PhaseCpu;
  timed: Timed[];
  told: { member: Member; told: Told }[];
}

/**
 * Production servers are warm when an opening comes: they have rendered members' pages and parts and
 * taken registrations. Each warm-up member opens the event page and registers for the warm-up event, on
 * one server, as a crowd member does.
 */
async function warmUp(servers: BenchmarkServer[], warmups: Member[], crowd: Crowd): Promise<void> {
  await Promise.all(
    servers.map(async (server, serverIndex) => {
      for (const member of warmups.filter((_, index) => index % servers.length === serverIndex)) {
        await timedRequest("GET event page", `${server.origin}${crowd.eventPath}`, member.cookie, {}, []);
        await memberVisit(member, crowd.warmupEventPath, [server, server], 0, []);
      }
    }),
  );
}

/** Every member of the phase within SPREAD_MS of the first, all at once. */
async function runPhase(name: string, members: Member[], crowd: Crowd, servers: BenchmarkServer[], warmups: Member[]): Promise<PhaseRun> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await warmUp(servers, warmups, crowd);
  const timed: Timed[] = [];
  const serversCpu = () => servers.reduce<number | undefined>((sum, server) => {
    const used = treeCpuSeconds(server.pid);
    return sum === undefined || used === undefined ? undefined : sum + used;
  }, 0);
  const cpuBefore = { servers: serversCpu(), crowd: process.cpuUsage(), machine: machineBusySeconds() };
  const started = performance.now();
  const answers = await Promise.all(
    members.map(async (member, index) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * SPREAD_MS));
      return { member, html: await memberVisit(member, crowd.eventPath, servers, index, timed) };
    }),
  );
  const elapsedMs = performance.now() - started;
  const since = (after: number | undefined, before: number | undefined) => (after === undefined || before === undefined ? undefined : after - before);
  const crowdCpu = process.cpuUsage(cpuBefore.crowd);
  const cpu: PhaseCpu = {
    servers: since(serversCpu(), cpuBefore.servers),
    crowd: (crowdCpu.user + crowdCpu.system) / 1e6,
    machine: since(machineBusySeconds(), cpuBefore.machine),
  };
  const told = answers.map(({ member, html }) => ({ member, told: html === undefined ? { outcome: "untold" as const, message: "" } : whatMemberWasTold(html) }));
  return { name, elapsedMs, cpu, timed, told };
}

/** events.seats_taken and each member's registration status, read after both phases. */
async function readSeats(databaseUrl: string, eventId: number): Promise<{ seatsTaken: number; statusByEmail: Map<string, string> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seats_taken: number }>("select seats_taken from events where id = $1", [eventId]);
    const registrations = await client.query<{ email: string; status: string }>(
      `select u.email, r.status from event_registrations r join "user" u on u.id = r.user_id where r.event_id = $1`,
      [eventId],
    );
    return { seatsTaken: rows[0]!.seats_taken, statusByEmail: new Map(registrations.rows.map((row) => [row.email, row.status])) };
  } finally {
    await client.end();
  }
}

const ms = (value: number) => Math.round(value);

/** Runs both phases and prints their figures; returns the exit code (1 when a budget is missed). */
export async function runOpeningBenchmark(): Promise<number> {
  const root = process.cwd();
  const firstPort = Number(process.env.BENCH_PORT ?? 3320);
  const phases: PhaseRun[] = [];
  let crowd: Crowd;
  let seats: Awaited<ReturnType<typeof readSeats>>;
  // A fresh database each run.
  const database = await startBenchDatabase(root, "bench-opening-postgres", say);
  try {
    const databaseUrl = database.url;
    // The servers' sessions are signed with this run's own secret, as two production servers share one.
    const secret = randomBytes(32).toString("base64");
    // Openings a month ahead on the hour, in the association's zone: the servers' clocks are set to them.
    const generalOpening = new Date(Math.ceil((Date.now() + 30 * DAY_MS) / 3_600_000) * 3_600_000);
    const priorityOpening = priorityOpensAt({ registrationOpensAt: generalOpening, priorityDays: PRIORITY_DAYS, eligibility: "everyone", timeZone: ASSOCIATION_TIME_ZONE })!;
    crowd = await createCrowd(databaseUrl, secret, generalOpening);
    say(`event ${crowd.eventPath}: ${CAPACITY} seats, ${MEMBERS} members of whom ${PRIORITY_MEMBERS} Premium or Elite`);

    const schedule = [
      // Everyone refreshes when the priority window opens; only Premium and Elite members get a button.
      { name: "priority window", clock: priorityOpening, members: crowd.members },
      { name: "general opening", clock: generalOpening, members: crowd.members.filter((member) => member.plan === null) },
    ];
    for (const [index, phase] of schedule.entries()) {
      say(`${phase.name}: starting two servers with their clocks at ${phase.clock.toISOString()}`);
      const servers = await startServers(firstPort, databaseUrl, secret, phase.clock);
      try {
        const warmups = crowd.warmups.slice(index * 2 * WARMUPS_PER_SERVER, (index + 1) * 2 * WARMUPS_PER_SERVER);
        phases.push(await runPhase(phase.name, phase.members, crowd, servers, warmups));
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    seats = await readSeats(databaseUrl, crowd.eventId);
  } finally {
    await database.stop();
  }

  const figures: { name: string; figures: Figures }[] = [];
  const rows: (string | number)[][] = [];
  for (const phase of phases) {
    for (const kind of ["GET event page", "POST register"] as const) {
      const samples = phase.timed.filter((entry) => entry.kind === kind).map((entry) => entry.sample);
      if (samples.length === 0) continue;
      const summary = summarize(samples, phase.elapsedMs);
      figures.push({ name: `${phase.name}, ${kind}`, figures: summary });
      const count = (outcome: Told["outcome"]) => phase.told.filter(({ told }) => told.outcome === outcome).length;
      const outcomes = kind === "POST register" ? "" : `${count("confirmed")} / ${count("waitlisted")} / ${count("refused")} / ${count("untold")}`;
      rows.push([
        phase.name,
        kind,
        summary.requests,
        summary.perSecond.toFixed(1),
        ms(summary.p50),
        ms(summary.p99),
        summary.errors === 0 ? 0 : `${summary.errors} (${summary.errorKinds})`,
        outcomes,
      ]);
    }
  }
  const lastTold = new Map(phases.flatMap((phase) => phase.told.map(({ member, told }) => [member.email, told] as const)));
  const result = {
    phases: figures,
    capacity: CAPACITY,
    seatsTaken: seats.seatsTaken,
    answers: phases.flatMap((phase) => phase.told.map(({ member, told }) => ({ email: member.email, told }))),
    members: [...lastTold].map(([email, told]) => ({ email, told, stored: seats.statusByEmail.get(email) })),
  };

  console.log(
    `\n${MEMBERS} members (${PRIORITY_MEMBERS} Premium or Elite), ${CAPACITY} seats, two app servers on one PostgreSQL, ` +
      `first requests spread over ${SPREAD_MS} ms, loopback, ${new Date().toISOString()}\n`,
  );
  console.log(markdownTable(["phase", "request", "count", "req/s", "p50 (ms)", "p99 (ms)", "errors", "confirmed / waitlisted / refused / untold"], rows));
  const confirmed = result.members.filter((member) => member.stored === "confirmed").length;
  const waitlisted = result.members.filter((member) => member.stored === "waitlisted").length;
  console.log(`\nDatabase: ${seats.seatsTaken} seats taken of ${CAPACITY}; ${confirmed} confirmed and ${waitlisted} waitlisted registrations.`);
  // Each different sentence a member without a seat read (those told nothing are counted in the budgets).
  const examples = new Map(result.answers.filter(({ told }) => told.outcome === "refused" || told.outcome === "waitlisted").map(({ told }) => [told.message, told.outcome]));
  for (const [message, outcome] of examples) console.log(`Told (${outcome}): ${message}`);
  // Where the time went: a page filled from the kept copy costs far less than one rendered.
  for (const phase of phases) {
    const answered = new Map<string, number>();
    for (const entry of phase.timed) {
      const key = `${entry.kind} ${entry.sample.status ?? "error"} ${entry.answeredBy ?? "-"}`;
      answered.set(key, (answered.get(key) ?? 0) + 1);
    }
    console.log(`Answered (${phase.name}): ${[...answered].map(([key, count]) => `${key} ×${count}`).join(", ")}`);
  }
  // What the servers cost per member, and what was left for them: the crowd and PostgreSQL share the cores.
  for (const { name, elapsedMs, cpu, told } of phases) {
    if (cpu.servers === undefined || cpu.machine === undefined) continue;
    const seconds = (value: number) => value.toFixed(2);
    console.log(
      `CPU (${name}, ${seconds(elapsedMs / 1000)} s): servers ${seconds(cpu.servers)} s (${Math.round((1000 * cpu.servers) / told.length)} ms a member), ` +
        `crowd ${seconds(cpu.crowd)} s, PostgreSQL and the rest ${seconds(Math.max(0, cpu.machine - cpu.servers - cpu.crowd))} s, on ${availableParallelism()} cores`,
    );
  }
  const missed = missedBudgets(result);
  reportBudgets(missed);
  return missed.length > 0 ? 1 : 0;
}
