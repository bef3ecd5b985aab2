import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
  type ScaleOptions,
  type TooltipItem,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatCents } from '~/shared/money';
import { formatCount } from './insights-format';

// Only what the tab draws: bars, lines, doughnuts, their two scales, the tooltip and the legend (decision 043).
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** A colour role of the theme (styles.css). */
export type Tone = 'primary' | 'accent' | 'coin' | 'danger' | 'muted';
/** How a series' values read: cents as dollars, or plain counts. */
export type Unit = 'money' | 'count';

export interface ChartSeries {
  label: string;
  values: number[];
  tone: Tone;
  unit: Unit;
  /** Drawn as a line over the bars (orders over revenue); a unit other than the first series' gets its own axis. */
  line?: boolean;
}

/** A chart as plain data, so a chart is redrawn only when its figures change. */
export interface ChartSpec {
  kind: 'bar' | 'doughnut';
  labels: string[];
  series: ChartSeries[];
  /** Bars along the width, for long names (stickers, members, causes). */
  horizontal?: boolean;
  stacked?: boolean;
  /** A line under each category's figures in its tooltip ("Rated 4.3"). */
  notes?: string[];
}

/** A doughnut's slices take the roles in this order. */
const SLICE_TONES: Tone[] = ['primary', 'accent', 'coin', 'danger', 'muted'];
/** Longer names are cut on the axis; the tooltip and the table have them whole. */
const AXIS_LABEL_CHARS = 18;

type Rgb = readonly [number, number, number];
interface Palette {
  tones: Record<Tone, Rgb>;
  text: Rgb;
  muted: Rgb;
  border: Rgb;
  surface: Rgb;
  raised: Rgb;
  font: string;
}

const rgba = ([r, g, b]: Rgb, alpha = 1) => `rgba(${r}, ${g}, ${b}, ${alpha})`;

let palette: Palette | undefined;

/**
 * The theme's colours as a canvas takes them. The roles are CSS variables in oklch, which Chart.js cannot parse
 * (it derives hover shades from them): each is painted on a pixel and read back as sRGB, once per page.
 */
function themePalette(): Palette {
  if (palette) return palette;
  const style = getComputedStyle(document.documentElement);
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const read = (role: string): Rgb => {
    pixel.clearRect(0, 0, 1, 1);
    pixel.fillStyle = '#808080';
    pixel.fillStyle = style.getPropertyValue(`--color-${role}`).trim() || '#808080';
    pixel.fillRect(0, 0, 1, 1);
    const [r = 128, g = 128, b = 128] = pixel.getImageData(0, 0, 1, 1).data;
    return [r, g, b];
  };
  palette = {
    tones: {
      primary: read('primary'),
      accent: read('accent'),
      coin: read('coin'),
      danger: read('danger'),
      muted: read('text-muted'),
    },
    text: read('text'),
    muted: read('text-muted'),
    border: read('border'),
    surface: read('surface'),
    raised: read('surface-raised'),
    font: getComputedStyle(document.body).fontFamily,
  };
  return palette;
}

const compactCounts = new Intl.NumberFormat('en-US', { notation: 'compact' });
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
});

const formatValue = (unit: Unit, value: number) =>
  unit === 'money' ? formatCents(value) : formatCount(value);
/** An axis tick: short, "$1.2K" or "3.4K". */
const formatTick = (unit: Unit, value: number) =>
  unit === 'money' ? compactDollars.format(value / 100) : compactCounts.format(value);
const cut = (label: string) =>
  label.length > AXIS_LABEL_CHARS ? `${label.slice(0, AXIS_LABEL_CHARS - 1).trimEnd()}…` : label;

function configOf(
  spec: ChartSpec,
  theme: Palette,
  reduceMotion: boolean,
): ChartConfiguration<'doughnut'> | ChartConfiguration<'bar' | 'line'> {
  const animation = reduceMotion ? (false as const) : { duration: 200 };
  const legendLabels = { color: rgba(theme.text), boxWidth: 12, boxHeight: 12, padding: 16 };
  const tooltip = {
    backgroundColor: rgba(theme.raised),
    borderColor: rgba(theme.border),
    borderWidth: 1,
    titleColor: rgba(theme.text),
    bodyColor: rgba(theme.text),
    padding: 10,
  };
  const font = { family: theme.font, size: 14 };

  if (spec.kind === 'doughnut') {
    const [series] = spec.series;
    return {
      type: 'doughnut',
      data: {
        labels: spec.labels,
        datasets: [
          {
            label: series?.label,
            data: series?.values ?? [],
            backgroundColor: spec.labels.map((_, index) =>
              rgba(theme.tones[SLICE_TONES[index % SLICE_TONES.length]!]),
            ),
            borderColor: rgba(theme.surface),
            borderWidth: 2,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation,
        font,
        cutout: '58%',
        plugins: {
          legend: { position: 'bottom', labels: { ...legendLabels, font } },
          tooltip: {
            ...tooltip,
            callbacks: {
              label: (item: TooltipItem<'doughnut'>) =>
                ` ${item.label}: ${formatValue(series?.unit ?? 'count', Number(item.raw))}`,
            },
          },
        },
      },
    };
  }

  const [first] = spec.series;
  const mainUnit = first?.unit ?? 'count';
  const valueAxis = spec.horizontal ? 'x' : 'y';
  const categoryAxis = spec.horizontal ? 'y' : 'x';
  const secondAxis = !spec.horizontal && spec.series.some((series) => series.unit !== mainUnit);
  const many = spec.labels.length > 31;

  const datasets = spec.series.map((series): ChartDataset<'bar' | 'line', number[]> => {
    const colour = rgba(theme.tones[series.tone]);
    const axis = secondAxis && series.unit !== mainUnit ? { yAxisID: 'y1' } : {};
    return series.line
      ? {
          type: 'line',
          label: series.label,
          data: series.values,
          borderColor: colour,
          backgroundColor: colour,
          borderWidth: 2,
          pointRadius: many ? 0 : 3,
          tension: 0.3,
          order: 0,
          ...axis,
        }
      : {
          type: 'bar',
          label: series.label,
          data: series.values,
          backgroundColor: colour,
          borderRadius: 4,
          maxBarThickness: 28,
          order: 1,
          ...axis,
        };
  });

  const valueScale = (unit: Unit): ScaleOptions<'linear'> => ({
    type: 'linear',
    beginAtZero: true,
    stacked: spec.stacked,
    grid: { color: rgba(theme.border, 0.7) },
    border: { display: false },
    ticks: {
      color: rgba(theme.muted),
      font,
      precision: 0,
      maxTicksLimit: 6,
      callback: (value) => formatTick(unit, Number(value)),
    },
  });

  return {
    type: 'bar',
    data: { labels: spec.labels, datasets },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation,
      font,
      interaction: { mode: 'index', intersect: false, axis: categoryAxis },
      scales: {
        [categoryAxis]: {
          type: 'category',
          stacked: spec.stacked,
          grid: { display: false },
          border: { color: rgba(theme.border) },
          ticks: {
            color: rgba(theme.muted),
            font,
            autoSkip: !spec.horizontal,
            autoSkipPadding: 12,
            maxRotation: 0,
            callback(value: string | number) {
              return cut(this.getLabelForValue(Number(value)));
            },
          },
        },
        [valueAxis]: valueScale(mainUnit),
        ...(secondAxis && {
          y1: {
            ...valueScale(spec.series.find((series) => series.unit !== mainUnit)!.unit),
            position: 'right',
            grid: { display: false },
          },
        }),
      },
      plugins: {
        legend: {
          display: spec.series.length > 1,
          position: 'bottom',
          labels: { ...legendLabels, font },
        },
        tooltip: {
          ...tooltip,
          callbacks: {
            label: (item: TooltipItem<'bar' | 'line'>) =>
              ` ${item.dataset.label}: ${formatValue(spec.series[item.datasetIndex]?.unit ?? 'count', Number(item.raw))}`,
            footer: (items: TooltipItem<'bar' | 'line'>[]) => spec.notes?.[items[0]?.dataIndex ?? -1] ?? '',
          },
        },
      },
    },
  };
}

/**
 * A chart on a canvas, `height` pixels tall and as wide as its card. To screen readers it is an image named by
 * `label`; its figures are in the card's table.
 */
export function InsightsChart({ spec, label, height }: { spec: ChartSpec; label: string; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const figures = JSON.stringify(spec);
  useEffect(() => {
    if (!canvas.current) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const config = configOf(JSON.parse(figures) as ChartSpec, themePalette(), reduceMotion);
    const chart =
      config.type === 'doughnut' ? new Chart(canvas.current, config) : new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [figures]);
  return (
    <div className="relative w-full" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
