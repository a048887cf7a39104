/**
 * Reading an import's cells: dates as our exports write them (2027-06-14, 2027-06-14 09:00) and as a US
 * spreadsheet re-saves them (6/14/2027, 6/14/2027 9:00 AM), in the association's time zone; an ISO 8601
 * instant with its offset as it is. Each reader answers null for what it cannot read.
 */
import { z } from "zod";
import { ASSOCIATION_TIME_ZONE, zonedWallTimeToUtc } from "@/lib/time";

const YEARS = { min: 1900, max: 2200 };

function realDay(year: number, month: number, day: number): boolean {
  if (year < YEARS.min || year > YEARS.max || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/;

function dayParts(text: string): { year: number; month: number; day: number; rest: string } | null {
  const iso = ISO_DAY.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]), rest: text.slice(iso[0].length) };
  const us = US_DAY.exec(text);
  if (us) return { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]), rest: text.slice(us[0].length) };
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A calendar day, "2027-06-14" or "6/14/2027", as "2027-06-14"; null for anything else (a time after it is not taken). */
export function readDay(text: string): string | null {
  const parts = dayParts(text.trim());
  if (!parts || parts.rest.trim() !== "" || !realDay(parts.year, parts.month, parts.day)) return null;
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

const TIME = /^(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(AM|PM|am|pm)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An instant: a day with an optional time (24-hour, or 12-hour with AM/PM) in `timeZone` (the
 * association's), or with its own offset (Z, -05:00). A day alone is its first minute.
 */
export function readInstant(text: string, timeZone = ASSOCIATION_TIME_ZONE): Date | null {
  const parts = dayParts(text.trim());
  if (!parts || !realDay(parts.year, parts.month, parts.day)) return null;
  const time = TIME.exec(parts.rest);
  if (!time) return null;
  let hour = Number(time[1] ?? 0);
  const minute = Number(time[2] ?? 0);
  const second = Number(time[3] ?? 0);
  const meridiem = time[4]?.toUpperCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "PM" ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = time[5];
  if (offset) {
    const iso = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset === "Z" ? "Z" : offset.includes(":") ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`}`;
    const instant = new Date(iso);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const wall = zonedWallTimeToUtc({ year: parts.year, month: parts.month, day: parts.day, hour, minute }, timeZone);
  return new Date(wall.getTime() + second * 1000);
}

/** An email address as the site keeps it (lower case), or null when it is not one. */
export function readEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  if (email.length === 0 || email.length > 254) return null;
  return z.email().safeParse(email).success ? email : null;
}

/** A row's email address (the column every people import keys on), or null with the reason added to `reasons`. */
export function readRowEmail(text: string | undefined, reasons: string[]): string | null {
  if (!text) {
    reasons.push("No email address: every row needs one.");
    return null;
  }
  const email = readEmail(text);
  if (!email) reasons.push(`“${text.slice(0, 80)}” is not an email address.`);
  return email;
}

/** A choice written as its label or its value, any case, spaces and punctuation aside ("Reserve/Guard", "reserve-guard"). */
export function readChoice<V extends string>(text: string, choices: Record<V, readonly string[]>): V | null {
  const key = text.toLowerCase().replace(/[^a-z0-9]/g, "");
  for (const [value, names] of Object.entries(choices) as [V, readonly string[]][]) {
    if (names.some((name) => name.toLowerCase().replace(/[^a-z0-9]/g, "") === key)) return value;
  }
  return null;
}

/** The names each of `values` may be written as, for readChoice. */
export function choicesOf<V extends string>(values: readonly V[], namesOf: (value: V) => readonly string[]): Record<V, readonly string[]> {
  return Object.fromEntries(values.map((value) => [value, namesOf(value)])) as unknown as Record<V, readonly string[]>;
}

/** Text of one line, within `max` characters (the parser already refused control characters other than line breaks and tabs). */
export function oneLine(text: string, max: number): { ok: true; value: string } | { ok: false; message: string } {
  if (/[\t\r\n]/.test(text)) return { ok: false, message: "holds a line break or a tab" };
  if (text.length > max) return { ok: false, message: `is longer than ${max} characters` };
  return { ok: true, value: text };
}
