/**
 * What a door phone keeps in the browser's IndexedDB (issue 32), for the door page's script alone
 * (components/offline-door.tsx): each event's list as the server last gave it, the check-ins and undos
 * made offline until the server has them, and the phone's random id. Nothing here leaves the phone but
 * through the sync request.
 */
import type { CheckInOpAction } from "../check-in-merge";
import type { DeviceList } from "../door-device-list";

export type OpenDeviceList = Extract<DeviceList, { open: true }>;

export interface SavedList {
  eventId: number;
  list: OpenDeviceList;
  /** The server's clock less the phone's when the list came: what the phone adds to its clock to stamp an op. */
  offsetMs: number;
}

/** A check-in or undo made on this phone, waiting for the server. */
export interface QueuedOp {
  opId: string;
  eventId: number;
  registrationId: number;
  action: CheckInOpAction;
  /** When it was done, ISO 8601 (the phone's clock, set by the server's). */
  at: string;
  deviceId: string;
}

const DATABASE = "vva-door";
const LISTS = "lists";
const QUEUE = "queue";
const META = "meta";

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(LISTS, { keyPath: "eventId" });
      db.createObjectStore(QUEUE, { keyPath: "opId" }).createIndex("eventId", "eventId");
      db.createObjectStore(META, { keyPath: "key" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = undefined;
      reject(request.error ?? new Error("IndexedDB did not open"));
    };
  });
  return opened;
}

/** Runs `work` in one transaction on `store` and resolves with its request's result once the transaction commits. */
async function inStore<T>(store: string, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

export async function loadList(eventId: number): Promise<SavedList | undefined> {
  return (await inStore<SavedList>(LISTS, "readonly", (lists) => lists.get(eventId))) ?? undefined;
}

export async function saveList(saved: SavedList): Promise<void> {
  await inStore(LISTS, "readwrite", (lists) => lists.put(saved));
}

export async function forgetList(eventId: number): Promise<void> {
  await inStore(LISTS, "readwrite", (lists) => lists.delete(eventId));
}

/** Lists kept past their keepUntil (a day after the event's check-in closed) are deleted; queued ops stay until sent. */
export async function forgetExpiredLists(nowMs: number): Promise<void> {
  const all = (await inStore<SavedList[]>(LISTS, "readonly", (lists) => lists.getAll())) ?? [];
  for (const saved of all) if (Date.parse(saved.list.keepUntil) < nowMs + saved.offsetMs) await forgetList(saved.eventId);
}

/** This event's queued ops, oldest first. */
export async function queuedOps(eventId: number): Promise<QueuedOp[]> {
  const ops = (await inStore<QueuedOp[]>(QUEUE, "readonly", (queue) => queue.index("eventId").getAll(eventId))) ?? [];
  return ops.sort((a, b) => a.at.localeCompare(b.at));
}

export async function enqueue(op: QueuedOp): Promise<void> {
  await inStore(QUEUE, "readwrite", (queue) => queue.add(op));
}

/** Removes the ops the server has answered (applied, already had, or refused). */
export async function dequeue(opIds: readonly string[]): Promise<void> {
  await inStore(QUEUE, "readwrite", (queue) => {
    for (const id of opIds) queue.delete(id);
  });
}

/** A random id for this phone, made once: the server keeps it with each op it sends. */
export async function deviceId(): Promise<string> {
  const kept = await inStore<{ key: string; value: string }>(META, "readonly", (meta) => meta.get("deviceId"));
  if (kept) return kept.value;
  const id = crypto.randomUUID();
  await inStore(META, "readwrite", (meta) => meta.put({ key: "deviceId", value: id }));
  return id;
}
