import {
  formatMinorUnits,
  type MinorUnitCurrency,
  minorUnitsToDecimalString,
} from "@/lib/universal/money/format";
import { formatCalendarDay } from "@/lib/universal/time/calendar-day";
import { fractionOf, niceStep } from "./scale";

type DailyVolume = {
  /** `YYYY-MM-DD`. */
  day: string;
  incoming: bigint;
  outgoing: bigint;
  incomingCount: number;
  outgoingCount: number;
};

type Props = {
  days: readonly DailyVolume[];
  currency: MinorUnitCurrency & { name?: string };
  /** Id of the element that names the chart (the card's heading). */
  labelledBy?: string;
};

const WIDTH = 720;
const HEIGHT = 220;
const PLOT = { top: 12, right: 8, bottom: 28, left: 64 };
const TICKS = 4;

const bigger = (a: bigint, b: bigint) => (b > a ? b : a);

function dayLabel(day: string, long = false): string {
  return formatCalendarDay(day, { withYear: long });
}

/** An axis label: compact ("$12K"), from the exact decimal string so large values do not drift. */
function axisLabel(minor: bigint, currency: MinorUnitCurrency): string {
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency.code,
      notation: "compact",
      maximumFractionDigits: 1,
    }).format(minorUnitsToDecimalString(minor, currency.decimals));
  } catch {
    return `${minorUnitsToDecimalString(minor, 0)} ${currency.code}`;
  }
}

/**
 * Money in and out per day as paired bars, drawn in plain SVG. The picture is decorative for assistive
 * technology: it carries a one-sentence summary, and the exact figures are in the table beside it.
 */
export function DailyVolumeChart({ days, currency, labelledBy }: Props) {
  // Math.max takes no bigint.
  const peak = days.reduce((max, day) => [max, day.incoming, day.outgoing].reduce(bigger), 0n);
  const step = niceStep(peak, TICKS);
  const top = step * BigInt(TICKS);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, Math.min(10, slot * 0.36));
  const y = (value: bigint) => PLOT.top + plotHeight - fractionOf(value, top) * plotHeight;

  const totalIn = days.reduce((sum, day) => sum + day.incoming, 0n);
  const totalOut = days.reduce((sum, day) => sum + day.outgoing, 0n);
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `${currency.code} per day from ${dayLabel(first.day, true)} to ${dayLabel(last.day, true)}: ${formatMinorUnits(totalIn, currency)} received and ${formatMinorUnits(totalOut, currency)} sent in all.`
      : `No ${currency.code} days to show.`;

  return (
    <figure className="flex flex-col gap-2" aria-labelledby={labelledBy}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-zinc-500 dark:text-zinc-400"
        role="img"
        aria-label={summary}
      >
        {Array.from({ length: TICKS + 1 }, (_, index) => {
          const value = step * BigInt(index);
          const lineY = y(value);
          return (
            <g key={value.toString()}>
              <line
                x1={PLOT.left}
                x2={WIDTH - PLOT.right}
                y1={lineY}
                y2={lineY}
                stroke="currentColor"
                strokeOpacity={index === 0 ? 0.6 : 0.2}
                strokeDasharray={index === 0 ? undefined : "3 4"}
              />
              <text x={PLOT.left - 8} y={lineY + 4} textAnchor="end" fontSize="11" fill="currentColor">
                {axisLabel(value, currency)}
              </text>
            </g>
          );
        })}
        {days.map((day, index) => {
          const center = PLOT.left + slot * index + slot / 2;
          const baseline = y(0n);
          const inY = y(day.incoming);
          const outY = y(day.outgoing);
          return (
            <g key={day.day}>
              <title>
                {`${dayLabel(day.day, true)}: received ${formatMinorUnits(day.incoming, currency)} (${day.incomingCount}), sent ${formatMinorUnits(day.outgoing, currency)} (${day.outgoingCount})`}
              </title>
              <rect x={center - slot / 2} y={PLOT.top} width={slot} height={plotHeight} fill="transparent" />
              <rect
                x={center - barWidth - 0.5}
                y={inY}
                width={barWidth}
                height={Math.max(0, baseline - inY)}
                rx={1.5}
                className="fill-emerald-500 dark:fill-emerald-400"
              />
              <rect
                x={center + 0.5}
                y={outY}
                width={barWidth}
                height={Math.max(0, baseline - outY)}
                rx={1.5}
                className="fill-sky-500 dark:fill-sky-400"
              />
              {index % 5 === (days.length - 1) % 5 ? (
                <text x={center} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="currentColor">
                  {dayLabel(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-4 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-500 dark:bg-emerald-400" />
          Received (incoming, completed)
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-sky-500 dark:bg-sky-400" />
          Sent (outgoing, completed, fees included)
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-700 select-none dark:text-zinc-300">
          Show the figures as a table
        </summary>
        <div className="mt-2 max-h-72 overflow-y-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-sm">
            <caption className="sr-only">{`Daily ${currency.code} volume`}</caption>
            <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-500 dark:text-zinc-400 uppercase dark:bg-zinc-900">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Received
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Sent
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.day} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {dayLabel(day.day, true)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatMinorUnits(day.incoming, currency)}
                    <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">
                      ({day.incomingCount})
                    </span>
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatMinorUnits(day.outgoing, currency)}
                    <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">
                      ({day.outgoingCount})
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
