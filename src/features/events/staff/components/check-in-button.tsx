"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { useFormStatus } from "react-dom";
import { idleState, refusedFormMark, type FormState } from "@/lib/form-state";
import { checkInAction, undoCheckInAction, type CheckInDone } from "../check-in.staff-actions";

import { UNDO_GRACE_MS } from "../../undo-grace";

function Button({ checkedIn, settling, name }: { checkedIn: boolean; settling: boolean; name: string }) {
  const { pending } = useFormStatus();
  const waiting = pending || settling;
  const className = checkedIn
    ? "min-h-12 min-w-32 rounded-md border-2 border-navy-900 px-4 py-2 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white aria-disabled:opacity-70"
    : "min-h-12 min-w-32 rounded-md bg-olive-700 px-4 py-2 font-semibold text-white hover:bg-olive-600 aria-disabled:opacity-70";
  return (
    // aria-disabled, not disabled: a disabled button drops the keyboard focus, and the volunteer would lose their place.
    <button type="submit" aria-disabled={waiting || undefined} onClick={(e) => waiting && e.preventDefault()} className={className}>
      {pending ? "Saving..." : settling ? "Checked in" : checkedIn ? "Undo check-in" : "Check in"}
      <span className="sr-only"> {checkedIn ? `for ${name}` : name}</span>
    </button>
  );
}

/**
 * True for a second after the attendee became checked in: the button that just said "Check in" now
 * says "Undo check-in" under the same finger, and a quick double tap must not undo what the first
 * tap did. The server refuses such an undo too (for a form posted without JavaScript).
 */
function useSettling(checkedIn: boolean): boolean {
  const [settling, setSettling] = useState(false);
  const previous = useRef(checkedIn);
  useEffect(() => {
    const justCheckedIn = checkedIn && !previous.current;
    previous.current = checkedIn;
    if (!justCheckedIn) return;
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), UNDO_GRACE_MS);
    return () => clearTimeout(timer);
  }, [checkedIn]);
  return settling;
}

/**
 * One tap to check an attendee in, the same button to undo (after a second). One form and one button
 * whose action follows the state, so the focus stays on it for someone using the keyboard; the result
 * is announced.
 */
export function CheckInButton({ eventId, registrationId, name, checkedIn }: { eventId: number; registrationId: number; name: string; checkedIn: boolean }) {
  const [checked, check] = useActionState<FormState<CheckInDone>, FormData>(checkInAction, idleState);
  const [undone, undo] = useActionState<FormState<CheckInDone>, FormData>(undoCheckInAction, idleState);
  const settling = useSettling(checkedIn);
  const last = checkedIn ? (undone.status === "error" ? undone : checked) : undone;
  const message = last.status === "success" ? last.data.message : last.status === "error" ? (last.formError ?? Object.values(last.fieldErrors)[0]) : undefined;
  return (
    <form action={checkedIn ? undo : check} className="flex flex-col items-end gap-1">
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <Button checkedIn={checkedIn} settling={settling} name={name} />
      <p role="status" {...(last.status === "error" ? refusedFormMark : {})} className={message ? `text-sm font-medium ${last.status === "error" ? "text-red-800" : "text-olive-700"}` : "sr-only"}>
        {message ?? ""}
      </p>
    </form>
  );
}
