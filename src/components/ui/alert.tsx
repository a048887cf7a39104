/** A message box's looks; a layout class (a margin) given as `className` goes before them. */
const tones = {
  /** Something done: green. */
  success: "rounded-md border border-olive-600 bg-olive-600/10 p-3 font-medium text-olive-700",
  /** Something refused or broken: red. */
  error: "rounded-md border border-red-700 bg-red-50 p-3 text-red-900",
} as const;

export type AlertTone = keyof typeof tones;

export function alertClasses(tone: AlertTone, className?: string): string {
  return className ? `${className} ${tones[tone]}` : tones[tone];
}

/** A message in a box: an error is an alert (read out at once), a success a status. */
export function Alert({ tone, as: Tag = "p", className, ...rest }: { tone: AlertTone; as?: "p" | "div" } & React.ComponentProps<"p">) {
  return <Tag role={tone === "error" ? "alert" : "status"} className={alertClasses(tone, className)} {...rest} />;
}

/**
 * A polite live region that is always in the page (hidden while empty), so screen readers announce
 * the message when it appears: what a form says after it has done its work.
 */
export function LiveStatus({ message, id, className }: { message?: string; id?: string; className?: string }) {
  return (
    <p id={id} role="status" className={message ? alertClasses("success", className) : "sr-only"}>
      {message ?? ""}
    </p>
  );
}
