/** Who may register for an event and from when (ADR 0019): member-only events and priority windows. */
export function RegistrationNotes({ notes, tone = "light", className = "" }: { notes: string[]; tone?: "light" | "dark"; className?: string }) {
  if (notes.length === 0) return null;
  const colour = tone === "dark" ? "bg-white/15 text-white" : "bg-gold-500/15 text-navy-900";
  return (
    <div data-testid="registration-notes" className={`rounded-md p-3 text-sm font-medium ${colour} ${className}`}>
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}
