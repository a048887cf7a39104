/** One round of a page's benchmark: its plain server, then the page, one right after the other. */
export interface Round {
  plainRps: number;
  siteRps: number;
  siteP99: number;
}

/**
 * A page's figures over several rounds: the round whose share of its plain server is the median (the
 * upper one for an even count), and the worst p99 of all. A round's two measurements run back to back, so
 * a moment when the machine is busier weighs on both; the median leaves out a round where it weighed on one.
 */
export function medianRound(rounds: readonly Round[]): { plainRps: number; siteRps: number; share: number; p99: number } {
  if (rounds.length === 0) throw new Error("no rounds measured");
  const byShare = [...rounds].sort((a, b) => a.siteRps / a.plainRps - b.siteRps / b.plainRps);
  const median = byShare[Math.floor(byShare.length / 2)]!;
  return { plainRps: median.plainRps, siteRps: median.siteRps, share: median.siteRps / median.plainRps, p99: Math.max(...rounds.map((round) => round.siteP99)) };
}
