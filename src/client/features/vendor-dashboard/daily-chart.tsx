import { Box, Button, Flex, HStack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Table2 } from 'lucide-react';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { Panel } from '../../components/panel';
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
const PAD = { top: 12, right: 12, bottom: 28, left: 36 };

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
 * asked for, always there for screen readers).
 */
export function DailyChart<K extends string>({
  title,
  summary,
  days,
  series,
  kind,
  testId,
}: DailyChartProps<K>) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const tableId = useId();

  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...days.flatMap((d) => series.map((s) => d[s.key]))));
  const step = days.length > 0 ? innerW / days.length : 0;
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max];
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerW / 64))));

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const i = Math.floor((event.clientX - rect.left - PAD.left) / (step || 1));
    setHover(i >= 0 && i < days.length ? i : null);
  };
  const hovered = hover === null ? null : days[hover];

  const table = (
    <Table.Root size="sm" stickyHeader>
      <Table.Caption captionSide="top" textAlign="start" mb="1">
        {title}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Day</Table.ColumnHeader>
          {series.map((s) => (
            <Table.ColumnHeader key={s.key} textAlign="end">
              {s.label}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {days.map((d) => (
          <Table.Row key={d.day}>
            <Table.Cell>
              <time dateTime={d.day}>{formatLongDay(d.day)}</time>
            </Table.Cell>
            {series.map((s) => (
              <Table.Cell key={s.key} textAlign="end">
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
          {asTable ? 'Show as chart' : 'Show as table'}
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
            aria-label={`${title}. ${summary}`}
            onPointerMove={onPointer}
            onPointerLeave={() => setHover(null)}
            style={{ display: 'block', touchAction: 'pan-y' }}
          >
            {ticks.map((t) => (
              <g key={t}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(t)}
                  y2={y(t)}
                  stroke={cssColor('border')}
                  strokeDasharray={t === 0 ? undefined : '3 4'}
                />
                <text
                  x={PAD.left - 6}
                  y={y(t)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  style={{ fontSize: '11px' }}
                  fill={cssColor('fg.muted')}
                >
                  {formatCount(t)}
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
                x={PAD.left + step * hover}
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
                        return (
                          <rect
                            key={s.key}
                            x={x(i) - groupW / 2 + barW * si}
                            y={y(value)}
                            width={Math.max(1, barW - (barW > 3 ? 1 : 0))}
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
            <Text fontWeight="semibold">{formatLongDay(hovered.day)}</Text>
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
