"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useScriptsRunning } from "@/components/forms/use-scripts-running";
import { formatMonthDayTimeZone } from "@/lib/time";
import { foldCheckIns, type CheckInOpAction } from "../../check-in-merge";
import type { DeviceAttendee, DeviceList, SyncAnswer } from "../../door-device-list";
import { checkInPath } from "../../event-paths";
import { UNDO_GRACE_MS } from "../../undo-grace";
import { dequeue, deviceId, enqueue, forgetExpiredLists, forgetList, loadList, queuedOps, saveList, type QueuedOp, type SavedList } from "../door-store";
import { loadJsDecoder, nativeQrDetector } from "../qr-decode";
import { TicketScanner } from "./ticket-scanner";

/**
 * The door page's offline island (issue 32). With JavaScript, the door page keeps the event's list on
 * the phone (IndexedDB, door-store.ts) and its own files in a service worker (door-service-worker.ts),
 * and when the network goes (or the site cannot be reached) it shows the list from the phone: search by
 * name, the QR scanner, Check in and Undo, each queued with its time and sent when the network
 * returns (on `online`, on load, and every 20 seconds while some wait). It says how many wait to sync,
 * and after a sync shows the server's list. Without JavaScript none of this renders: the page's forms
 * work as they always did.
 */

const SYNC_BATCH = 200;
const RETRY_MS = 20_000;
const REFRESH_MS = 60_000;

interface Refusal {
  name: string;
  message: string;
}

interface DoorDevice {
  eventId: number;
  mounted: boolean;
  /** The network is gone or the site does not answer: the page shows the phone's list. */
  offline: boolean;
  saved?: SavedList;
  queue: QueuedOp[];
  shell: "saving" | "kept" | "unavailable";
  notice?: string;
  refusals: Refusal[];
  act: (registrationId: number, action: CheckInOpAction) => Promise<void>;
  scanned: (ticket: { registrationId: number }) => void;
}

const DeviceContext = createContext<DoorDevice | null>(null);

function listUrl(eventId: number) {
  return `${checkInPath(eventId)}/attendees.json`;
}

/** A short fingerprint of the page's scripts: it changes with every build, and names the worker's cache. */
function buildOf(scripts: string[]): string {
  let hash = 0x811c9dc5;
  for (const char of scripts.sort().join("\n")) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(16);
}

/** This page and the build's files it loaded (scripts, styles, fonts): what opening it offline needs. */
function pageFiles(): { build: string; urls: string[] } {
  const own = (href: string) => {
    const url = new URL(href, location.href);
    return url.origin === location.origin ? url.pathname + url.search : undefined;
  };
  const scripts = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => own(s.src)).filter((p): p is string => p?.startsWith("/_next/static/") ?? false);
  const loaded = performance.getEntriesByType("resource").map((entry) => own(entry.name));
  const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet], link[rel=preload]")].map((link) => own(link.href));
  const files = [...scripts, ...loaded, ...links].filter((p): p is string => p?.startsWith("/_next/static/") ?? false);
  return { build: buildOf(scripts), urls: [location.pathname, ...new Set(files)] };
}

/** Registers the door's service worker and has it keep this page and its files; true once kept. */
async function keepShell(): Promise<boolean> {
  if (!("serviceWorker" in navigator)) return false;
  await navigator.serviceWorker.register("/admin/check-in/door-sw.js", { scope: "/admin/check-in/" });
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  // The camera must read tickets offline too: where the browser has no decoder, the page loads its own now.
  if (!(await nativeQrDetector())) await loadJsDecoder().catch(() => undefined);
  const channel = new MessageChannel();
  const answer = new Promise<{ kept: boolean }>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data as { kept: boolean });
  });
  worker.postMessage({ type: "keep", ...pageFiles() }, [channel.port2]);
  return (await answer).kept;
}

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
  const error = typeof body?.error === "string" ? body.error : `The site answered ${response.status}.`;
  return `The check-ins were not sent: ${error}`;
}

function subscribeToNetwork(changed: () => void): () => void {
  addEventListener("online", changed);
  addEventListener("offline", changed);
  return () => {
    removeEventListener("online", changed);
    removeEventListener("offline", changed);
  };
}

function useDoorDevice(eventId: number, serverState: string): DoorDevice {
  const router = useRouter();
  const mounted = useScriptsRunning();
  const networkUp = useSyncExternalStore(subscribeToNetwork, () => navigator.onLine, () => true);
  const [reachable, setReachable] = useState(true);
  const [saved, setSaved] = useState<SavedList>();
  const [queue, setQueue] = useState<QueuedOp[]>([]);
  const [shell, setShell] = useState<DoorDevice["shell"]>("saving");
  const [notice, setNotice] = useState<string>();
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const syncing = useRef(false);
  const savedRef = useRef<SavedList | undefined>(undefined);

  const adopt = useCallback(
    async (list: DeviceList, receivedAt: number) => {
      if (!list.open) {
        await forgetList(eventId);
        savedRef.current = undefined;
        setSaved(undefined);
        setNotice(list.message);
        return;
      }
      const next: SavedList = { eventId, list, offsetMs: Date.parse(list.serverNow) - receivedAt };
      await saveList(next);
      savedRef.current = next;
      setSaved(next);
    },
    [eventId],
  );

  /** Sends what waits, then takes the server's list; with nothing waiting, takes the list. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    let applied = false;
    try {
      let ops = await queuedOps(eventId);
      while (ops.length > 0) {
        const batch = ops.slice(0, SYNC_BATCH);
        const response = await fetch(listUrl(eventId), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ops: batch.map(({ opId, registrationId, action, at, deviceId: device }) => ({ opId, registrationId, action, at, deviceId: device })) }),
        });
        setReachable(true);
        if (!response.ok) {
          setNotice(await errorOf(response));
          return;
        }
        const answer = (await response.json()) as SyncAnswer;
        await dequeue(batch.map((op) => op.opId));
        const names = new Map(savedRef.current?.list.attendees.map((a) => [a.registrationId, a.name]));
        const refused = answer.results.flatMap((result, i) => (result.outcome === "refused" ? [{ name: names.get(batch[i]!.registrationId) ?? "Someone", message: result.message }] : []));
        if (refused.length > 0) setRefusals((before) => [...before, ...refused]);
        applied ||= answer.results.some((result) => result.outcome === "applied");
        await adopt(answer.list, Date.now());
        setQueue(await queuedOps(eventId));
        ops = await queuedOps(eventId);
      }
      if (!applied) {
        const response = await fetch(listUrl(eventId), { headers: { accept: "application/json" }, cache: "no-store", redirect: "manual" });
        setReachable(true);
        if (response.ok) await adopt((await response.json()) as DeviceList, Date.now());
      }
      setNotice(undefined);
      if (applied) router.refresh();
    } catch {
      // No answer at all: the site cannot be reached from here. The queue stays; the page works from the phone.
      setReachable(false);
    } finally {
      syncing.current = false;
      setQueue(await queuedOps(eventId));
    }
  }, [adopt, eventId, router]);

  useEffect(() => {
    let live = true;
    (async () => {
      await forgetExpiredLists(Date.now());
      const kept = await loadList(eventId);
      if (!live) return;
      savedRef.current = kept;
      setSaved(kept);
      setQueue(await queuedOps(eventId));
      if (!navigator.onLine) {
        // Opened without a network: the service worker answered, or nothing would have.
        setShell(navigator.serviceWorker?.controller ? "kept" : "unavailable");
        return;
      }
      await sync();
      if (live) setShell((await keepShell().catch(() => false)) ? "kept" : "unavailable");
    })();
    const up = () => sync();
    addEventListener("online", up);
    return () => {
      live = false;
      removeEventListener("online", up);
    };
  }, [eventId, sync]);

  // While something waits, or the site did not answer, try again now and then; otherwise take the
  // list again every minute (other phones and the desk check people in too).
  const waiting = queue.length > 0 || !reachable;
  useEffect(() => {
    if (!networkUp) return;
    const timer = setInterval(() => sync(), waiting ? RETRY_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, networkUp, sync]);

  // The page's own buttons changed the list (the server's page came back with other figures): keep it.
  const shownState = useRef(serverState);
  useEffect(() => {
    if (shownState.current === serverState) return;
    shownState.current = serverState;
    if (!navigator.onLine) return;
    const soon = setTimeout(() => sync(), 0);
    return () => clearTimeout(soon);
  }, [serverState, sync]);

  const act = useCallback(
    async (registrationId: number, action: CheckInOpAction) => {
      const at = new Date(Date.now() + (savedRef.current?.offsetMs ?? 0)).toISOString();
      await enqueue({ opId: crypto.randomUUID(), eventId, registrationId, action, at, deviceId: await deviceId() });
      setQueue(await queuedOps(eventId));
      if (navigator.onLine) sync();
    },
    [eventId, sync],
  );

  // With the network the page opens the ticket as the QR code's own address would.
  const scanned = useCallback(({ registrationId }: { registrationId: number }) => router.push(checkInPath(eventId, registrationId)), [eventId, router]);

  return { eventId, mounted, saved, queue, shell, notice, refusals, act, scanned, offline: mounted && (!networkUp || !reachable) };
}

function waitingText(count: number) {
  return `${count} ${count === 1 ? "check-in" : "check-ins"} waiting to sync`;
}

/** The line that says what the phone keeps and what waits to sync, any refusal, and the scanner. */
function DeviceStatus({ device, onTicket }: { device: DoorDevice; onTicket: (ticket: { registrationId: number }) => void }) {
  const { saved, queue, shell, notice, refusals } = device;
  const ready = saved && shell === "kept";
  return (
    <div className="mb-3 flex flex-wrap items-start justify-between gap-2 text-sm" data-testid="offline-door-status">
      <div className="min-w-0">
        <p role="status">
          <span data-testid="sync-count" className="font-semibold">
            {waitingText(queue.length)}
          </span>
          {" · "}
          <span data-testid="offline-ready">
            {ready ? "Saved on this phone for offline use" : shell === "unavailable" && saved ? "List saved; this browser cannot keep the page offline" : "Saving for offline use..."}
          </span>
        </p>
        {notice && (
          <p role="alert" className="mt-1 font-medium text-red-800">
            {notice}
          </p>
        )}
        {refusals.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-red-800" aria-label="Check-ins the site refused">
            {refusals.map((refusal, i) => (
              <li key={i}>
                {refusal.name}: {refusal.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <TicketScanner eventId={device.eventId} onTicket={onTicket} />
    </div>
  );
}

/** The status line on the door page while online (inside the server's page, below its search). */
export function OfflineDoorBar() {
  const device = useContext(DeviceContext);
  if (!device?.mounted || device.offline) return null;
  return <DeviceStatus device={device} onTicket={device.scanned} />;
}

interface Shown extends DeviceAttendee {
  at: Date | null;
  waiting: boolean;
}

/** The list as the phone has it: the server's last list with this phone's queued ops folded in. */
function shownList(saved: SavedList, queue: QueuedOp[]): Shown[] {
  return saved.list.attendees.map((attendee) => {
    const mine = queue.filter((op) => op.registrationId === attendee.registrationId);
    const state = foldCheckIns([
      ...(attendee.checkedInAt ? [{ action: "check-in" as const, at: new Date(attendee.checkedInAt) }] : []),
      ...mine.map((op) => ({ action: op.action, at: new Date(op.at) })),
    ]);
    return { ...attendee, at: state.checkedInAt, waiting: mine.length > 0 };
  });
}

function OfflineAttendee({ attendee, timeZone, settling, onAct }: { attendee: Shown; timeZone: string; settling: boolean; onAct: (action: CheckInOpAction) => void }) {
  const checkedIn = attendee.at !== null;
  const className = checkedIn
    ? "min-h-12 min-w-32 rounded-md border-2 border-navy-900 px-4 py-2 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white aria-disabled:opacity-70"
    : "min-h-12 min-w-32 rounded-md bg-olive-700 px-4 py-2 font-semibold text-white hover:bg-olive-600 aria-disabled:opacity-70";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="offline-attendee">
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words">{attendee.name}</p>
        <p className="text-sm">
          {attendee.at ? `Checked in ${formatMonthDayTimeZone(attendee.at, timeZone)}` : "Not checked in"}
          {attendee.waiting && " · waiting to sync"}
        </p>
      </div>
      <button type="button" aria-disabled={settling || undefined} onClick={() => !settling && onAct(checkedIn ? "undo" : "check-in")} className={className}>
        {settling ? "Checked in" : checkedIn ? "Undo check-in" : "Check in"}
        <span className="sr-only"> {checkedIn ? `for ${attendee.name}` : attendee.name}</span>
      </button>
    </li>
  );
}

const noSeat: Record<Exclude<DeviceAttendee["status"], "confirmed">, string> = {
  cancelled: "canceled their registration",
  waitlisted: "is on the waitlist",
  offered: "has been offered a seat but has not claimed it",
};

/** The door from the phone's own list: shown when the network is gone or the site cannot be reached. */
function OfflineView({ device }: { device: DoorDevice }) {
  const { saved, queue } = device;
  // Shown only in the browser: the address's search and scanned ticket carry over from the page.
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get("q")?.slice(0, 100) ?? "");
  const [scanned, setScanned] = useState<number | undefined>(() => {
    const registration = Number(new URLSearchParams(location.search).get("registration"));
    return Number.isSafeInteger(registration) && registration > 0 ? registration : undefined;
  });
  const [said, setSaid] = useState("");
  const [settling, setSettling] = useState<number>();
  useEffect(() => {
    if (settling === undefined) return;
    const timer = setTimeout(() => setSettling(undefined), UNDO_GRACE_MS);
    return () => clearTimeout(timer);
  }, [settling]);
  const shown = useMemo(() => (saved ? shownList(saved, queue) : []), [saved, queue]);
  if (!saved) {
    return (
      <div className="mb-6 rounded-lg border-2 border-red-800 bg-red-50 p-4" data-testid="offline-door">
        <h2 className="text-lg font-bold">You are offline</h2>
        <p>This event&apos;s list was not saved on this phone, so check-in needs the network. Open the door page once with the network to keep the list.</p>
      </div>
    );
  }
  const { timeZone } = saved.list.event;
  const seated = shown.filter((a) => a.status === "confirmed");
  const needle = search.trim().toLowerCase();
  const matching = needle ? seated.filter((a) => a.name.toLowerCase().includes(needle)) : seated;
  const checked = seated.filter((a) => a.at !== null).length + saved.list.walkIns;
  const ticket = scanned === undefined ? undefined : shown.find((a) => a.registrationId === scanned);
  const act = async (attendee: Shown, action: CheckInOpAction) => {
    await device.act(attendee.registrationId, action);
    if (action === "check-in") setSettling(attendee.registrationId);
    setSaid(action === "check-in" ? `${attendee.name} is checked in on this phone.` : `Check-in undone on this phone: ${attendee.name} is not checked in.`);
  };
  const row = (attendee: Shown) => (
    <OfflineAttendee key={attendee.registrationId} attendee={attendee} timeZone={timeZone} settling={settling === attendee.registrationId} onAct={(action) => act(attendee, action)} />
  );
  return (
    <div data-testid="offline-door">
      <div className="mb-3 rounded-lg border-2 border-navy-900 bg-sand-100 p-3">
        <h2 className="text-lg font-bold">Offline: working from this phone</h2>
        <p className="text-sm">Check-ins are kept on this phone and sent when the network is back. Walk-ins can be added then.</p>
      </div>
      <DeviceStatus device={device} onTicket={({ registrationId }) => setScanned(registrationId)} />
      {scanned !== undefined && (
        <section aria-labelledby="offline-scanned-heading" className="mb-4 rounded-lg border-2 border-olive-600 bg-white px-4 pt-3">
          <h2 id="offline-scanned-heading" className="text-lg font-bold">
            Scanned ticket
          </h2>
          {ticket?.status === "confirmed" ? (
            <ul>{row(ticket)}</ul>
          ) : (
            <p className="py-3" data-testid="offline-scanned-without-seat">
              {ticket ? `${ticket.name} ${noSeat[ticket.status as keyof typeof noSeat]}: no seat, do not check them in.` : "This ticket is not on the list saved on this phone. Check it again when the network is back."}
            </p>
          )}
        </section>
      )}
      <form role="search" className="mb-3" onSubmit={(event) => event.preventDefault()}>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor="offline-door-search" className="font-medium">
            Search by name
          </label>
          <p className="text-sm font-semibold" data-testid="offline-door-count">
            {checked} of {seated.length + saved.list.walkIns} checked in
          </p>
        </div>
        <input
          id="offline-door-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
          autoComplete="off"
          className="mt-1 block w-full min-w-0 rounded-md border border-navy-700/40 bg-white px-3 py-2 text-lg"
        />
      </form>
      <p role="status" data-testid="offline-said" className={said ? "mb-2 text-sm font-medium text-olive-700" : "sr-only"}>
        {said}
      </p>
      <section aria-labelledby="offline-attendees-heading" className="mb-6 rounded-lg border border-navy-700/20 bg-white px-4">
        <h2 id="offline-attendees-heading" className="pt-3 text-lg font-bold">
          {needle ? `Attendees matching “${search.trim()}” (${matching.length})` : `Attendees (${matching.length})`}
        </h2>
        {matching.length === 0 ? (
          <p className="py-3 text-navy-700">{needle ? "Nobody registered matches that search." : "Nobody is registered."}</p>
        ) : (
          <ul className="divide-y divide-navy-700/10">{matching.map(row)}</ul>
        )}
      </section>
    </div>
  );
}

/**
 * Wraps the door page's own content: shows it while the site answers, and the phone's list instead
 * when it does not. `serverState` sums up the server's page (its counts): when a check-in made with
 * the page's own buttons changes it, the phone takes the list again. The server's page stays in the document (hidden), so coming back online shows it
 * again as it was, refreshed after the sync.
 */
export function OfflineDoor({ eventId, serverState, children }: { eventId: number; serverState: string; children: ReactNode }) {
  const device = useDoorDevice(eventId, serverState);
  return (
    <DeviceContext.Provider value={device}>
      <div hidden={device.offline}>{children}</div>
      {device.offline && <OfflineView device={device} />}
    </DeviceContext.Provider>
  );
}
