import { afterEach, describe, expect, it, vi } from "vitest";
import { resetClockForTests } from "./clock";
import { csvDownload, csvRefusal, datedCsvName } from "./csv-download";

afterEach(() => {
  vi.unstubAllEnvs();
  resetClockForTests();
});

describe("csv downloads", () => {
  it("answer a file to save, not cached, not sniffed", async () => {
    const response = csvDownload("a,b\r\n", "orders-2026-11-29.csv");
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="orders-2026-11-29.csv"',
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    expect(await response.text()).toBe("a,b\r\n");
  });

  it("name the file with the app clock's date (UTC)", () => {
    vi.stubEnv("CLOCK_START", "2027-01-01T03:00:00Z");
    resetClockForTests();
    expect(datedCsvName("donations")).toBe("donations-2027-01-01.csv");
  });

  it("refuse in plain text with a 400", async () => {
    const response = csvRefusal("The gifts could not be exported:\nfrom: Not a date\n");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain("from: Not a date");
  });
});
