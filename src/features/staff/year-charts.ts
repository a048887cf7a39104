import "server-only";
import type { Database } from "@/db/client";
import { attendanceByMonth, giftsAndSalesByMonth, membersByPlanAndStanding, subscribersByMonth } from "./year-at-a-glance.queries";
import { attendanceFigures, CHART_IDS, giftsAndSalesFigures, membersFigures, subscribersFigures, type ChartFigures, type ChartId } from "./year-figures";
import { monthAt, type MonthRange } from "./year-range";

/** One chart of "the year at a glance", read and put into words, for the months of `range`. */
export async function chartFigures(db: Database, id: ChartId, range: MonthRange, now: Date): Promise<ChartFigures> {
  switch (id) {
    case "gifts-and-sales":
      return giftsAndSalesFigures(await giftsAndSalesByMonth(db, range), range);
    case "members":
      return membersFigures(await membersByPlanAndStanding(db, now));
    case "attendance":
      return attendanceFigures(await attendanceByMonth(db, range, now), range);
    case "subscribers":
      return subscribersFigures(await subscribersByMonth(db, range, now), range, monthAt(now));
  }
}

/** Every chart, in the page's order. */
export function allChartFigures(db: Database, range: MonthRange, now: Date): Promise<ChartFigures[]> {
  return Promise.all(CHART_IDS.map((id) => chartFigures(db, id, range, now)));
}

/** The chart a CSV link names (`?chart=`), or undefined. */
export function chartIdOf(value: string | null | undefined): ChartId | undefined {
  return CHART_IDS.find((id) => id === value);
}
