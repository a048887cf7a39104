import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and in a browser without JavaScript, true once the page's scripts run: for what a
 * form may say or do only with JavaScript (a running total, saving as you go).
 */
export function useScriptsRunning(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
