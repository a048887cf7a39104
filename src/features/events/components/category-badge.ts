import type { EventSummary } from "../events.queries";

/**
 * The colors of an event's category label. A module of its own: the home page's teasers use it, and
 * importing it from event-card.tsx would load the registration buttons' JavaScript there too.
 */
export const categoryBadge: Record<EventSummary["category"], string> = {
  firearms: "bg-navy-900 text-white",
  fitness: "bg-olive-600 text-white",
  medical: "bg-red-800 text-white",
  community: "bg-gold-500 text-navy-900",
};
