"use client";

import type { PersonalPartName } from "@/lib/personal-parts";
import { PersonalPart } from "./personal-part";
import { useServedState } from "./served-state";

/** A line of text that differs per visitor, as a personal part (ADR 0025): the page may be filled with theirs. */
export function ServedText(props: { part: PersonalPartName; text: string }) {
  // The props, not the text, tell the server's next answer from this one: it may bring back the same words.
  const served = useServedState(props.part, props);
  return (
    <PersonalPart name={props.part} state={served}>
      {served.text}
    </PersonalPart>
  );
}
