/** A polite live region that is always in the page, so screen readers announce the text when it appears. */
export function StatusMessage({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} role="status" className={message ? "rounded-md border border-olive-600 bg-olive-600/10 p-3 font-medium text-olive-700" : "sr-only"}>
      {message}
    </p>
  );
}
