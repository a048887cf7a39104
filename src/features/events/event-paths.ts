/** The event's page, where members register. */
export function eventPath(id: number): string {
  return `/calendar/${id}`;
}

/** The confirm page a waitlist offer email links to: opening it only shows the offer. */
export function claimPath(id: number): string {
  return `${eventPath(id)}/offer`;
}

/** Where a visitor who pressed Register Now comes back to after signing in. */
export function registerReturnPath(id: number): string {
  return `${eventPath(id)}#register`;
}

/** One category's events as a calendar feed. */
export function categoryFeedPath(category: string): string {
  return `/calendar/feeds/${category}.ics`;
}

/** A member's private feed of their registrations; the token is the only credential. */
export function memberFeedPath(token: string): string {
  return `/calendar/feeds/member/${token}.ics`;
}

/** The door's check-in page of one event; with a registration, that attendee is ready to check in (the QR code in the confirmation). */
export function checkInPath(eventId: number, registrationId?: number): string {
  return `/admin/check-in/${eventId}${registrationId === undefined ? "" : `?registration=${registrationId}`}`;
}

/** The events desk's page of one event. */
export function deskEventPath(eventId: number): string {
  return `/admin/events/${eventId}`;
}

/**
 * The event and registration a scanned ticket names: the QR code in the confirmation holds the
 * absolute address of checkInPath(event, registration), on whichever host the site was reached by.
 * Undefined for any other text.
 */
export function ticketOf(text: string): { eventId: number; registrationId: number } | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  const path = /^\/admin\/check-in\/(\d{1,10})\/?$/.exec(url.pathname);
  const registration = url.searchParams.get("registration");
  if (!path || !registration || !/^\d{1,10}$/.test(registration)) return undefined;
  return { eventId: Number(path[1]), registrationId: Number(registration) };
}
