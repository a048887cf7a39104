/**
 * A grouped bar chart drawn on the server as SVG: no chart library and no JavaScript. It is one picture
 * (role="img") named by the elements `labelledBy` points to (a title and a sentence saying what it
 * shows); the figures themselves are for a table beside it. Series are told apart by how their bars are
 * drawn (filled, hatched, outlined) and the legend, not by colour alone, and every colour has at least
 * 3:1 contrast with the white ground (WCAG 1.4.1, 1.4.11).
 */

/** How a series' bars are drawn. */
export type BarLook = "solid" | "hatched" | "outline";

export interface BarChartModel {
  /** Money in cents (the axis reads in dollars) or a count. */
  unit: "money" | "count";
  series: { label: string; look: BarLook }[];
  /** One group of bars each, a value per series; `year` is written under the label (where the year changes). */
  groups: { label: string; year?: string; values: number[] }[];
}

/** navy-700, olive-600, gold-700: 11.0:1, 8.2:1 and 4.9:1 against white. */
const COLOURS = ["#2a3d5a", "#4b5320", "#8a6d12"] as const;

const WIDTH = 400;
const HEIGHT = 220;
const PLOT = { left: 44, right: 6, top: 8, bottom: 36 } as const;
const FONT = 12;

/** A step for the axis of 1, 2 or 5 times a power of ten, giving about four intervals up to `max`. */
function niceStep(max: number, whole: boolean): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!;
  return whole ? Math.max(1, Math.round(step)) : step;
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const compactDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });

export function axisLabel(value: number, unit: BarChartModel["unit"]): string {
  return unit === "money" ? compactDollars.format(value) : compact.format(value);
}

/** The fill and stroke of a bar (and its legend swatch) of series `index`. */
function paint(chartId: string, index: number, look: BarLook): { fill: string; stroke?: string; strokeWidth?: number } {
  const colour = COLOURS[index % COLOURS.length]!;
  if (look === "solid") return { fill: colour };
  if (look === "hatched") return { fill: `url(#${chartId}-hatch-${index})`, stroke: colour, strokeWidth: 1.5 };
  return { fill: "#ffffff", stroke: colour, strokeWidth: 2 };
}

function Patterns({ chartId, series }: { chartId: string; series: BarChartModel["series"] }) {
  return (
    <defs>
      {series.map((s, index) =>
        s.look === "hatched" ? (
          <pattern key={index} id={`${chartId}-hatch-${index}`} patternUnits="userSpaceOnUse" width="5" height="5" patternTransform="rotate(45)">
            <rect width="5" height="5" fill="#ffffff" />
            <line x1="0" y1="0" x2="0" y2="5" stroke={COLOURS[index % COLOURS.length]} strokeWidth="2.5" />
          </pattern>
        ) : null,
      )}
    </defs>
  );
}

export function BarChart({ chartId, model, labelledBy }: { chartId: string; model: BarChartModel; labelledBy: string }) {
  const toAxis = (value: number) => (model.unit === "money" ? value / 100 : value);
  const max = Math.max(0, ...model.groups.flatMap((group) => group.values.map(toAxis)));
  const step = max === 0 ? 1 : niceStep(max, model.unit === "count");
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const groupWidth = plotWidth / Math.max(1, model.groups.length);
  const barWidth = (groupWidth * 0.8) / model.series.length;
  // A month's name needs about 24 units; with many months only every second or third is written.
  const labelEvery = Math.max(1, Math.ceil(24 / groupWidth));
  return (
    <svg
      role="img"
      aria-labelledby={labelledBy}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-xl"
      fontFamily="inherit"
      fontSize={FONT}
      data-testid="bar-chart"
    >
      <Patterns chartId={chartId} series={model.series} />
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? "#2a3d5a" : "#c8cdd5"} strokeWidth={tick === 0 ? 1.5 : 1} />
          <text x={PLOT.left - 5} y={y(tick)} dy="0.32em" textAnchor="end" fill="#2a3d5a">
            {axisLabel(tick, model.unit)}
          </text>
        </g>
      ))}
      {model.groups.map((group, groupIndex) => {
        const x0 = PLOT.left + groupIndex * groupWidth + groupWidth * 0.1;
        const labelled = groupIndex % labelEvery === 0;
        return (
          <g key={groupIndex} data-testid="bar-group">
            {group.values.map((value, seriesIndex) => {
              const look = model.series[seriesIndex]!.look;
              const height = y(0) - y(toAxis(value));
              const inset = look === "solid" ? 0 : 1; // a stroked bar's outline stays inside its width
              return (
                <rect
                  key={seriesIndex}
                  x={x0 + seriesIndex * barWidth + inset}
                  y={y(toAxis(value))}
                  width={Math.max(0.5, barWidth - 1 - 2 * inset)}
                  height={height}
                  data-value={value}
                  {...paint(chartId, seriesIndex, look)}
                />
              );
            })}
            {labelled && (
              <text x={x0 + (groupWidth * 0.8) / 2} y={HEIGHT - PLOT.bottom + 15} textAnchor="middle" fill="#0f1b2d">
                {group.label}
              </text>
            )}
            {group.year && (
              <text x={x0 + (groupWidth * 0.8) / 2} y={HEIGHT - PLOT.bottom + 30} textAnchor="middle" fill="#2a3d5a" fontWeight="bold">
                {group.year}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The legend under a chart: each series' swatch, drawn as its bars are, and its name. */
export function BarChartLegend({ chartId, model }: { chartId: string; model: BarChartModel }) {
  if (model.series.length < 2) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Legend">
      {model.series.map((s, index) => (
        <li key={s.label} className="flex items-center gap-2">
          {/* The chart's own hatching pattern (an id in the same document). */}
          <svg aria-hidden="true" width="18" height="14" viewBox="0 0 18 14">
            <rect x="1" y="1" width="16" height="12" {...paint(chartId, index, s.look)} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}
