/** "or" between the email form and Google sign-in. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-navy-700" aria-hidden="true">
      <span className="h-px flex-1 bg-navy-900/15" />
      or
      <span className="h-px flex-1 bg-navy-900/15" />
    </div>
  );
}
