"use client";

import { useState } from "react";
import type { PersonalPartName } from "@/lib/personal-parts";

/**
 * What a personal part shows, as the page in the browser has it (ADR 0025). A page the HTTP front filled
 * with the visitor's parts was rendered for a visitor without a cookie, so the props it carries say so;
 * the part's own marker holds what it was filled with (`data-state`), and the first render must show that
 * to match the page. Props the server sends later (a refresh, a form's answer) are the visitor's own and win.
 * They are told apart by identity: pass what the server sent (a prop object), never a value made in render.
 */
export function useServedState<T>(name: PersonalPartName, fromServer: T, field?: string): T {
  const [rendered] = useState(fromServer);
  const [served] = useState(() => fromPage<T>(name, field) ?? fromServer);
  return fromServer === rendered ? served : fromServer;
}

/** The part's state in the page, or one `field` of it when the part keeps several props of the server's. */
function fromPage<T>(name: PersonalPartName, field?: string): T | undefined {
  if (typeof document === "undefined") return undefined;
  const state = document.querySelector(`template[data-personal="${name}"]`)?.getAttribute("data-state");
  try {
    const parsed: unknown = state ? JSON.parse(state) : undefined;
    return (field === undefined ? parsed : (parsed as Record<string, unknown> | undefined)?.[field]) as T | undefined;
  } catch {
    return undefined;
  }
}
