import type { PersonalPartName } from "@/lib/personal-parts";

/**
 * A part of a public page that differs per visitor, between its two markers (src/lib/personal-parts.ts).
 * The HTTP front fills it with the visitor's own (ADR 0025). `state` is what the browser needs to render
 * the part the same way when it takes the page over (see visitor.tsx).
 */
export function PersonalPart({ name, state, children }: { name: PersonalPartName; state?: unknown; children?: React.ReactNode }) {
  return (
    <>
      <template data-personal={name} data-state={state === undefined ? undefined : JSON.stringify(state)} />
      {children}
      <template data-personal-end={name} />
    </>
  );
}
