import type { OutboxAttachment } from "@/db/schema/email";
import { site } from "@/lib/site";
import { formatEventDate, formatEventTimeRange } from "@/lib/time";
import { googleCalendarUrl } from "../calendar-links";
import { buildCalendar, calendarFileName, type IcalEvent } from "../ical";
import { escapeHtml } from "@/lib/email/escape-html";
import { siteUrl } from "@/lib/env";

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

/**
 * "You're registered": the registration's .ics attached (the same entry, UID and SEQUENCE as in the
 * member's private feed), a Google Calendar link, and the QR code staff scan at the door.
 */
export function registrationConfirmedEmail(event: IcalEvent, host: string, checkInQr: OutboxAttachment): EmailContent {
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
    "At the door, show the QR code attached to this e-mail (check-in-code.png): staff scan it to check you in.",
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
      `<p>At the door, show this code: staff scan it to check you in.</p><p><img src="cid:${escapeHtml(checkInQr.cid ?? "")}" width="240" height="240" alt="Check-in QR code for ${escapeHtml(event.title)}"></p>`,
      `<p>Event details, or cancel if your plans change: <a href="${escapeHtml(event.url)}">${escapeHtml(event.url)}</a></p>`,
    ]),
    attachments: [
      {
        filename: calendarFileName(event.title),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: buildCalendar(`${event.title} | ${site.name}`, [event], host, "publish"),
      },
      checkInQr,
    ],
  };
}

/**
 * The event is cancelled: sent to everyone who held a seat, a waitlist place or an offer, with a
 * METHOD:CANCEL file for their registration's calendar entry (same UID, higher SEQUENCE), which
 * calendar apps apply by removing or striking out the entry.
 */
export function eventCancelledEmail(entry: IcalEvent, host: string): EmailContent {
  const subject = `Cancelled: ${entry.title}`;
  const text = [
    "Hello,",
    "",
    `We are sorry: ${entry.title} (${when(entry)}) has been cancelled.`,
    "Your registration or waitlist place is cancelled too; there is nothing you need to do.",
    "",
    "The calendar file attached to this e-mail removes the event from your calendar app.",
    "",
    `Other events you may like: ${siteUrl()}/calendar`,
    "",
    footer,
  ].join("\n");
  return {
    subject,
    text,
    html: html([
      "<p>Hello,</p>",
      `<p>We are sorry: <strong>${escapeHtml(entry.title)}</strong> (${escapeHtml(when(entry))}) has been cancelled.</p>`,
      "<p>Your registration or waitlist place is cancelled too; there is nothing you need to do.</p>",
      "<p>Open the attached calendar file to remove the event from your calendar app.</p>",
      `<p>Other events you may like: <a href="${escapeHtml(`${siteUrl()}/calendar`)}">${escapeHtml(`${siteUrl()}/calendar`)}</a></p>`,
    ]),
    attachments: [
      {
        filename: calendarFileName(entry.title),
        contentType: "text/calendar; charset=utf-8; method=CANCEL",
        content: buildCalendar(`${entry.title} | ${site.name}`, [{ ...entry, status: "cancelled" }], host, "cancel"),
      },
    ],
  };
}

/** A message from staff to everyone attending an event, written on the events desk. */
export function attendeeMessageEmail(event: IcalEvent, subject: string, message: string): EmailContent {
  const text = [message, "", `${event.title}, ${when(event)}`, event.url, "", footer].join("\n");
  return {
    subject,
    text,
    html: html([
      ...message.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`),
      `<p>${escapeHtml(event.title)}, ${escapeHtml(when(event))}<br><a href="${escapeHtml(event.url)}">${escapeHtml(event.url)}</a></p>`,
    ]),
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
