import type { OutboxAttachment } from "@/db/schema/email";
import { site } from "@/lib/site";
import { formatEventDate, formatEventTimeRange } from "@/lib/time";
import { googleCalendarUrl } from "../calendar-links";
import { buildCalendar, calendarFileName, type IcalEvent } from "../ical";
import { escapeHtml } from "@/lib/email/escape-html";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
}

const footer = `${site.name} · ${site.email} · ${site.phone}`;

function when(event: IcalEvent): string {
  return `${formatEventDate(event.startsAt, event.timeZone)}, ${formatEventTimeRange(event.startsAt, event.endsAt, event.timeZone)}`;
}

function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#4b5320;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

function html(paragraphs: string[]): string {
  return [...paragraphs, `<p style="color:#555">${escapeHtml(footer)}</p>`].join("\n");
}

function formatExpiry(expiresAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "full", timeStyle: "short" }).format(expiresAt) + " (Central Time)";
}

/** "You're registered": the event's .ics attached (the same file as "Download iCal") and a Google Calendar link. */
export function registrationConfirmedEmail(event: IcalEvent, host: string): EmailContent {
  const google = googleCalendarUrl(event, event.url);
  const subject = `You're registered: ${event.title}`;
  const text = [
    "Hello,",
    "",
    `Your seat is confirmed for ${event.title}.`,
    "",
    `When: ${when(event)}`,
    `Where: ${event.location}`,
    `Instructor: ${event.instructor}`,
    "",
    "The calendar file attached to this e-mail adds the event to Apple Calendar, Outlook and most other calendar apps.",
    `Add to Google Calendar: ${google}`,
    "",
    `Event details, or cancel if your plans change: ${event.url}`,
    "",
    footer,
  ].join("\n");
  return {
    subject,
    text,
    html: html([
      "<p>Hello,</p>",
      `<p>Your seat is confirmed for <strong>${escapeHtml(event.title)}</strong>.</p>`,
      `<p>When: ${escapeHtml(when(event))}<br>Where: ${escapeHtml(event.location)}<br>Instructor: ${escapeHtml(event.instructor)}</p>`,
      "<p>Open the attached calendar file to add the event to Apple Calendar, Outlook and most other calendar apps.</p>",
      button(google, "Add to Google Calendar"),
      `<p>Event details, or cancel if your plans change: <a href="${escapeHtml(event.url)}">${escapeHtml(event.url)}</a></p>`,
    ]),
    attachments: [
      {
        filename: calendarFileName(event.title),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: buildCalendar(`${event.title} | ${site.name}`, [event], host),
      },
    ],
  };
}

export function waitlistJoinedEmail(event: IcalEvent, position: number): EmailContent {
  const subject = `You're on the waitlist: ${event.title}`;
  const text = [
    "Hello,",
    "",
    `${event.title} (${when(event)}) is full, so you are number ${position} on its waitlist.`,
    "When a seat frees up we offer it to the first person in line by e-mail, with 24 hours to claim it.",
    "",
    `Your place, or leave the waitlist: ${event.url}`,
    "",
    footer,
  ].join("\n");
  return {
    subject,
    text,
    html: html([
      "<p>Hello,</p>",
      `<p><strong>${escapeHtml(event.title)}</strong> (${escapeHtml(when(event))}) is full, so you are number ${position} on its waitlist.</p>`,
      "<p>When a seat frees up we offer it to the first person in line by e-mail, with 24 hours to claim it.</p>",
      `<p>Your place, or leave the waitlist: <a href="${escapeHtml(event.url)}">${escapeHtml(event.url)}</a></p>`,
    ]),
  };
}

/** The offer links to a confirm page; opening it changes nothing, its button claims the seat. */
export function seatOfferedEmail(event: IcalEvent, claimUrl: string, expiresAt: Date): EmailContent {
  const deadline = formatExpiry(expiresAt, event.timeZone);
  const subject = `A seat is yours if you want it: ${event.title}`;
  const text = [
    "Hello,",
    "",
    `A seat has opened up for ${event.title} (${when(event)}), and you are first on the waitlist.`,
    `We are holding it for you until ${deadline}. Claim it here:`,
    "",
    claimUrl,
    "",
    "If you do not claim it by then, it goes to the next person in line.",
    "",
    footer,
  ].join("\n");
  return {
    subject,
    text,
    html: html([
      "<p>Hello,</p>",
      `<p>A seat has opened up for <strong>${escapeHtml(event.title)}</strong> (${escapeHtml(when(event))}), and you are first on the waitlist.</p>`,
      `<p>We are holding it for you until ${escapeHtml(deadline)}.</p>`,
      button(claimUrl, "Review and claim your seat"),
      `<p>Or paste this address into your browser:<br>${escapeHtml(claimUrl)}</p>`,
      "<p>If you do not claim it by then, it goes to the next person in line.</p>",
    ]),
  };
}

export function eventReminderEmail(event: IcalEvent): EmailContent {
  const subject = `Reminder: ${event.title} is tomorrow`;
  const text = [
    "Hello,",
    "",
    `A reminder that ${event.title} starts soon.`,
    "",
    `When: ${when(event)}`,
    `Where: ${event.location}`,
    "",
    `Details, or cancel if you can no longer come (it frees your seat for someone on the waitlist): ${event.url}`,
    "",
    "You get reminders because e-mail notifications are on in your profile settings.",
    "",
    footer,
  ].join("\n");
  return {
    subject,
    text,
    html: html([
      "<p>Hello,</p>",
      `<p>A reminder that <strong>${escapeHtml(event.title)}</strong> starts soon.</p>`,
      `<p>When: ${escapeHtml(when(event))}<br>Where: ${escapeHtml(event.location)}</p>`,
      `<p>Details, or cancel if you can no longer come (it frees your seat for someone on the waitlist): <a href="${escapeHtml(event.url)}">${escapeHtml(event.url)}</a></p>`,
      "<p>You get reminders because e-mail notifications are on in your profile settings.</p>",
    ]),
  };
}
