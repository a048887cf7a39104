import { describe, expect, it } from "vitest";
import { attendanceFigures, changeText, displayValue, figuresCsv, giftsAndSalesFigures, membersFigures, subscribersFigures } from "./year-figures";
import { parseMonthRange, type Month } from "./year-range";

const now = new Date("2027-06-20T15:00:00Z");
const range = (from: string, to: string) => parseMonthRange({ from, to }, now).range;
const money = (month: string, giftsCents: number, salesCents: number) => ({ month: month as Month, giftsCents, salesCents });

describe("what the charts of the year at a glance say", () => {
  it("gifts and sales: the sum against the same months a year before, in one sentence; the table and its CSV hold the same figures", () => {
    const figures = giftsAndSalesFigures(
      {
        months: [money("2027-01", 10_000, 9_900), money("2027-02", 2_500, 0), money("2027-03", 0, 4_599)],
        yearBefore: [money("2026-01", 5_000, 0), money("2026-02", 0, 0), money("2026-03", 0, 7_000)],
      },
      range("2027-01", "2027-03"),
    );
    expect(figures.takeaway).toBe("Gifts and sales: $270 from Jan 2027 to Mar 2027, up 125\u00a0% on the same months a year before ($120).");
    expect(figures.chart.series.map((s) => [s.label, s.look])).toEqual([
      ["Jan 2027 to Mar 2027", "solid"],
      ["Jan 2026 to Mar 2026", "hatched"],
    ]);
    expect(figures.chart.groups).toEqual([
      { label: "Jan", year: "2027", values: [19_900, 5_000] },
      { label: "Feb", year: undefined, values: [2_500, 0] },
      { label: "Mar", year: undefined, values: [4_599, 7_000] },
    ]);
    expect(figures.table.rows[0]).toEqual(["Jan 2027", 10_000, 9_900, 19_900, 5_000, 0, 5_000]);
    expect(figures.table.total).toEqual(["Total", 12_500, 14_499, 26_999, 5_000, 7_000, 12_000]);
    expect(displayValue(26_999, figures.table.columns[3]!)).toBe("$269.99");
    expect(figuresCsv(figures.table).split("\r\n")).toEqual([
      "Month,Gifts,Sales,Total,Gifts a year before,Sales a year before,Total a year before",
      "Jan 2027,100.00,99.00,199.00,50.00,0.00,50.00",
      "Feb 2027,25.00,0.00,25.00,0.00,0.00,0.00",
      "Mar 2027,0.00,45.99,45.99,0.00,70.00,70.00",
      "Total,125.00,144.99,269.99,50.00,70.00,120.00",
      "",
    ]);
  });

  it("gifts and sales: says so when there is nothing to compare with, or nothing at all", () => {
    const quiet = [money("2027-05", 0, 0), money("2027-06", 0, 0)];
    const sold = [money("2027-05", 0, 123_456), money("2027-06", 0, 0)];
    const months = range("2027-05", "2027-06");
    expect(giftsAndSalesFigures({ months: sold, yearBefore: quiet }, months).takeaway).toBe(
      "Gifts and sales: $1,235 from May 2027 to Jun 2027; nothing came in during the same months a year before.",
    );
    expect(giftsAndSalesFigures({ months: quiet, yearBefore: quiet }, months).takeaway).toBe("No gifts or sales came in from May 2027 to Jun 2027, nor in the same months a year before.");
    expect(giftsAndSalesFigures({ months: quiet, yearBefore: sold }, months).takeaway).toMatch(/, down 100\u00a0% on the same months a year before \(\$1,235\)\.$/);
    expect([changeText(120, 100), changeText(95, 100), changeText(1001, 1000), changeText(5, 5)]).toEqual(["up 20\u00a0% on", "down 5\u00a0% on", "level with", "the same as"]);
  });

  it("members: paid plans by standing, and the accounts that never had one, with totals", () => {
    const figures = membersFigures({
      plans: [
        { plan: "premium", active: 40, grace: 2, lapsed: 5 },
        { plan: "elite", active: 12, grace: 1, lapsed: 4 },
      ],
      basic: 1_310,
    });
    expect(figures.takeaway).toBe("52 members on a paid plan (40 Premium, 12 Elite), 3 more in their grace period and 9 lapsed; 1,310 accounts have never had one.");
    expect(figures.table.rows).toEqual([
      ["Premium", 40, 2, 5, 47],
      ["Elite", 12, 1, 4, 17],
      ["Basic (never paid)", null, null, null, 1_310],
    ]);
    expect(figures.table.total).toEqual(["Total", 52, 3, 9, 1_374]);
    expect(figuresCsv(figures.table)).toContain("\r\nBasic (never paid),,,,1310\r\n");
    expect(membersFigures({ plans: [{ plan: "premium", active: 0, grace: 0, lapsed: 0 }, { plan: "elite", active: 0, grace: 0, lapsed: 0 }], basic: 1 }).takeaway).toBe(
      "No paid memberships yet; 1 account has never had one.",
    );
  });

  it("attendance: who came of those registered, the no-shows and walk-ins; events without a seat limit are named", () => {
    const figures = attendanceFigures(
      [
        { month: "2027-05", events: 2, seats: 30, unlimited: 0, registered: 25, checkedIn: 20, walkIns: 3 },
        { month: "2027-06", events: 1, seats: 0, unlimited: 1, registered: 15, checkedIn: 12, walkIns: 0 },
      ],
      range("2027-05", "2027-06"),
    );
    expect(figures.takeaway).toBe("3 events held from May 2027 to Jun 2027: 32 of the 40 registered came (80\u00a0%), 8 did not, and 3 people walked in.");
    expect(figures.note).toContain("Seats offered leaves out 1 event without a seat limit.");
    expect(figures.table.rows[0]).toEqual(["May 2027", 2, 30, 25, 20, 5, 3, 23]);
    expect(figures.table.total).toEqual(["Total", 3, 30, 40, 32, 8, 3, 35]);
    expect(figures.chart.groups[0]!.values).toEqual([30, 25, 23]);
    const none = attendanceFigures([{ month: "2027-06", events: 0, seats: 0, unlimited: 0, registered: 0, checkedIn: 0, walkIns: 0 }], range("2027-06", "2027-06"));
    expect(none.takeaway).toBe("No events were held in Jun 2027.");
  });

  it("subscribers: how many today (or at the range's end) and the change since its start", () => {
    const series = [
      { month: "2027-05" as Month, subscribers: 1_200, joined: 30 },
      { month: "2027-06" as Month, subscribers: 1_234, joined: 34 },
    ];
    expect(subscribersFigures(series, range("2027-05", "2027-06"), "2027-06").takeaway).toBe("1,234 newsletter subscribers today, up 64 since the start of May 2027.");
    expect(subscribersFigures(series, range("2027-05", "2027-06"), "2027-07").takeaway).toBe(
      "1,234 newsletter subscribers at the end of Jun 2027, up 64 since the start of May 2027.",
    );
    expect(subscribersFigures([{ month: "2027-06", subscribers: 1, joined: 0 }], range("2027-06", "2027-06"), "2027-06").takeaway).toBe(
      "1 newsletter subscriber today, no change since the start of Jun 2027.",
    );
  });
});
