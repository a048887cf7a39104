/** The green panel that replaces a form once an email is on its way; its heading takes the focus. */
export function CheckEmailPanel({ headingRef, children }: { headingRef: React.Ref<HTMLHeadingElement>; children: React.ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-olive-500/40 bg-sand-100 p-5">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-olive-700 outline-none">
        Check your email
      </h2>
      {children}
    </div>
  );
}
