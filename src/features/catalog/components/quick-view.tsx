"use client";

import { useRef } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A "Quick View" button and the native modal <dialog> it opens. showModal() makes the rest of the page
 * inert (focus stays inside), Escape closes it, and closing returns focus to the button.
 */
export function QuickView({
  productName,
  titleId,
  children,
}: {
  productName: string;
  /** Id of the heading inside `children` that names the dialog. */
  titleId: string;
  children: React.ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const close = () => dialogRef.current?.close();

  // showModal() already makes the page behind inert; this also keeps Tab from leaving for the browser's UI.
  const keepFocusInside = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-navy-900 px-3 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-navy-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" strokeLinejoin="round" />
          <circle cx="12" cy="12" r="3" />
        </svg>
        Quick View<span className="sr-only">, {productName}</span>
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={() => triggerRef.current?.focus()}
        onKeyDown={keepFocusInside}
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-3xl overflow-y-auto rounded-xl bg-white p-0 text-navy-900 shadow-2xl backdrop:bg-navy-950/75"
      >
        <div className="relative p-5 sm:p-8">
          <button
            type="button"
            onClick={close}
            className="absolute right-3 top-3 grid size-10 place-items-center rounded-full text-navy-900 hover:bg-sand-100"
          >
            <span className="sr-only">Close quick view</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
          {children}
        </div>
      </dialog>
    </>
  );
}
