import type { PagePart } from "@/lib/personal-parts";

/**
 * The registration controls' personal part (ADR 0025) on a light card and on the event page's dark panel:
 * their markup differs, so they are two kinds. Not in the controls' own module: a server component reads it,
 * and what a "use client" module exports reaches the server only as a reference to a client component.
 */
export const REGISTRATION_PART_KINDS = { light: "registration", dark: "registration-dark" } as const satisfies Record<"light" | "dark", PagePart>;
