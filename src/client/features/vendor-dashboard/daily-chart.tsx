import { Box, Button, Flex, HStack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Table2 } from 'lucide-react';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { directionOf } from '../../../shared/i18n';
import { Panel } from '../../components/panel';
import { useLanguage } from '../../i18n/language';
import { useT } from '../../i18n/use-t';
import { chartLayout, PAD } from './chart-layout';
import { formatCount, formatDay, formatLongDay } from './format';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** A Chakra colour token, e.g. 'brand.solid'. */
  color: string;
}

interface DailyChartProps<K extends string> {
  title: string;
  /** What the chart shows, read out in place of the drawing. */
  summary: string;
  days: ({ day: string } & Record<K, number>)[];
  series: ChartSeries<K>[];
  kind: 'line' | 'bar';
  testId: string;
}

const HEIGHT = 200;

/** A token such as 'brand.solid' as the CSS variable Chakra defines for it. */
const cssColor = (token: string) => `var(--chakra-colors-${token.replaceAll('.', '-')})`;

/** The width of an element, followed as it changes (the chart draws in real pixels, not a stretched box). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A round ceiling for the y axis: 1, 2, 5 or 10 times a power of ten, at least 4. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/**
 * A day-by-day chart drawn by hand in SVG: lines or grouped bars, an axis with three round values,
 * a pointer read-out of the day under the pointer, and the same numbers as a table (hidden until
 * asked for, always there for screen readers). It reads the page's way: on a right-to-left page the
 * drawing is mirrored, the first day at the right edge and the values' axis on the right.
 */
export function DailyChart<K extends string>({
  title,
  summary,
  days,
  series,
  kind,
  testId,
}: DailyChartProps<K>) {
  const t = useT();
  const { language } = useLanguage();
  const rtl = directionOf(language) === 'rtl';
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const tableId = useId();

  const { innerW, step, at, boxAt, fromStartOf, x, dayAt } = chartLayout(width, days.length, rtl);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...days.flatMap((d) => series.map((s) => d[s.key]))));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max];
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerW / 64))));

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setHover(dayAt(event.clientX - rect.left));
  };
  const hovered = hover === null ? null : days[hover];

  // The table reads from the start edge: days at the start, and numbers at the end in English as
  // ever, but at the start (the right, under their headings) on a right-to-left page.
  const numberAlign = rtl ? 'start' : 'end';
  const table = (
    <Table.Root size="sm" stickyHeader>
      <Table.Caption captionSide="top" textAlign="start" mb="1">
        {title}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader textAlign="start">{t('vendorDashboard.chart.day')}</Table.ColumnHeader>
          {series.map((s) => (
            <Table.ColumnHeader key={s.key} textAlign={numberAlign}>
              {s.label}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {days.map((d) => (
          <Table.Row key={d.day}>
            <Table.Cell textAlign="start">
              <time dateTime={d.day}>{formatLongDay(d.day, language)}</time>
            </Table.Cell>
            {series.map((s) => (
              <Table.Cell key={s.key} textAlign={numberAlign}>
                {formatCount(d[s.key])}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );

  return (
    <Panel as="figure" aria-labelledby={titleId} p={{ base: '4', md: '5' }} minW="0" data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box>
          <Text as="figcaption" id={titleId} fontWeight="semibold" color="brand.950">
            {title}
          </Text>
          <HStack gap="4" mt="1" wrap="wrap" aria-hidden>
            {series.map((s) => (
              <HStack key={s.key} gap="1.5" textStyle="caption">
                <Box
                  w="3"
                  h={kind === 'line' ? '0.5' : '3'}
                  rounded="sm"
                  style={{ background: cssColor(s.color) }}
                />
                {s.label}
              </HStack>
            ))}
          </HStack>
        </Box>
        <Button
          size="xs"
          variant="outline"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((v) => !v)}
        >
          <Table2 aria-hidden />
          {asTable ? t('vendorDashboard.chart.showChart') : t('vendorDashboard.chart.showTable')}
        </Button>
      </Flex>

      <Box mt="3" id={tableId}>
        {asTable ? (
          // A scrolling box takes the focus so that a keyboard can scroll it (WCAG 2.1.1).
          <Table.ScrollArea
            borderWidth="1px"
            rounded="lg"
            maxH="72"
            tabIndex={0}
            role="region"
            aria-label={title}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            {table}
          </Table.ScrollArea>
        ) : (
          <VisuallyHidden>{table}</VisuallyHidden>
        )}
      </Box>

      <Box ref={ref} position="relative" mt="2" hidden={asTable} h={`${HEIGHT}px`}>
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={t('vendorDashboard.chart.label', { title, summary })}
            onPointerMove={onPointer}
            onPointerLeave={() => setHover(null)}
            style={{ display: 'block', touchAction: 'pan-y' }}
          >
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={at(PAD.start)}
                  x2={at(width - PAD.end)}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={cssColor('border')}
                  strokeDasharray={tick === 0 ? undefined : '3 4'}
                />
                {/* A number written left to right, its edge next to the plot: its right edge, or on a
                    right-to-left page (axis on the right) its left one. */}
                <text
                  x={at(PAD.start - 6)}
                  y={y(tick)}
                  textAnchor={rtl ? 'start' : 'end'}
                  direction={rtl ? 'ltr' : undefined}
                  dominantBaseline="middle"
                  style={{ fontSize: '11px' }}
                  fill={cssColor('fg.muted')}
                >
                  {formatCount(tick)}
                </text>
              </g>
            ))}
            {days.map((d, i) =>
              i % labelEvery === 0 ? (
                <text
                  key={d.day}
                  x={x(i)}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  style={{ fontSize: '11px' }}
                  fill={cssColor('fg.muted')}
                >
                  {formatDay(d.day)}
                </text>
              ) : null,
            )}
            {hover !== null ? (
              <rect
                x={boxAt(PAD.start + step * hover, step)}
                y={PAD.top}
                width={step}
                height={innerH}
                fill={cssColor('bg.muted')}
              />
            ) : null}
            {kind === 'line'
              ? series.map((s, si) => {
                  const points = days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ');
                  return (
                    <g key={s.key}>
                      {si === 0 ? (
                        <polygon
                          points={`${x(0)},${y(0)} ${points} ${x(days.length - 1)},${y(0)}`}
                          fill={cssColor(s.color)}
                          fillOpacity={0.08}
                        />
                      ) : null}
                      <polyline
                        points={points}
                        fill="none"
                        stroke={cssColor(s.color)}
                        strokeWidth={2}
                        strokeLinejoin="round"
                        strokeLinecap="round"
                      />
                      {hover !== null && days[hover] ? (
                        <circle cx={x(hover)} cy={y(days[hover][s.key])} r={3.5} fill={cssColor(s.color)} />
                      ) : null}
                    </g>
                  );
                })
              : days.map((d, i) => {
                  const groupW = Math.max(1, step * 0.8);
                  const barW = groupW / series.length;
                  return (
                    <g key={d.day}>
                      {series.map((s, si) => {
                        const value = d[s.key];
                        if (value <= 0) return null;
                        const w = Math.max(1, barW - (barW > 3 ? 1 : 0));
                        return (
                          <rect
                            key={s.key}
                            x={boxAt(fromStartOf(i) - groupW / 2 + barW * si, w)}
                            y={y(value)}
                            width={w}
                            height={Math.max(1, y(0) - y(value))}
                            fill={cssColor(s.color)}
                            rx={barW > 6 ? 1.5 : 0}
                          />
                        );
                      })}
                    </g>
                  );
                })}
          </svg>
        ) : null}
        {hovered && hover !== null ? (
          <Box
            position="absolute"
            top="0"
            // Placed by the drawing's own x (already mirrored on a right-to-left page), from the left.
            left={`${Math.min(Math.max(x(hover) - 70, 0), Math.max(0, width - 140))}px`}
            w="140px"
            layerStyle="panel"
            rounded="md"
            shadow="md"
            px="2"
            py="1.5"
            fontSize="xs"
            pointerEvents="none"
            aria-hidden
          >
            <Text fontWeight="semibold">{formatLongDay(hovered.day, language)}</Text>
            {series.map((s) => (
              <Flex key={s.key} justify="space-between" gap="2">
                <Text color="fg.muted">{s.label}</Text>
                <Text>{formatCount(hovered[s.key])}</Text>
              </Flex>
            ))}
          </Box>
        ) : null}
      </Box>
    </Panel>
  );
}
