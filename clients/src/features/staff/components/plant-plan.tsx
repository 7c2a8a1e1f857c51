import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PLAN_EXTENT_METRES, type SiteLocationAnswer } from '@plantride/schemas';
import { useSidewaysOverflow } from '../../../components/use-sideways-overflow';
import { planFrame } from '../site-rules';

interface Props {
  places: readonly SiteLocationAnswer[];
  selectedId: string | null;
  /** The point last clicked on the plan (a new place's x, y), marked with a cross. */
  picked: { x: number; y: number } | null;
  onSelect: (id: string) => void;
  onPick: (point: { x: number; y: number }) => void;
}

const COLOURS = {
  plot: '#f1f5f2',
  grid: '#d5ded8',
  border: '#8fa398',
  active: '#1f5f3b',
  retired: '#616161',
  selected: '#8a4b08',
  text: '#1b1b1b',
};

const clampMetres = (value: number) => Math.min(PLAN_EXTENT_METRES, Math.max(0, Math.round(value)));

/**
 * The plant drawn to scale: the viewBox is in metres and y is flipped, so north is up and a place
 * at (x, y) sits x metres east and y metres north of the south-west corner. Each place is a button;
 * a click on open ground hands its point to the Add place form.
 */
export function PlantPlan({ places, selectedId, picked, onSelect, onPick }: Props) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [box, hidesRight] = useSidewaysOverflow<HTMLDivElement>();
  const frame = planFrame(places);
  const { width, height, unit, grid } = frame;
  const dot = 8 * unit;

  const pick = (event: MouseEvent<SVGRectElement>) => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    onPick({ x: clampMetres(point.x), y: clampMetres(-point.y) });
  };
  const keySelect = (id: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(id);
  };

  const lines = (extent: number) => Array.from({ length: Math.floor(extent / grid) - 1 }, (_, i) => (i + 1) * grid);
  return (
    <>
      {hidesRight && (
        <Typography variant="body2" color="text.secondary">
          {t('staff.site.plan.scrollHint')}
        </Typography>
      )}
      {/* On a phone the plan keeps a readable scale and scrolls sideways inside its own box. */}
      <Box
        ref={box}
        sx={{
          overflowX: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '& [role="button"]': { cursor: 'pointer', outline: 'none' },
          '& [role="button"]:focus-visible .focus-ring': { display: 'inline' },
        }}
      >
        <svg
          ref={svg}
          viewBox={frame.viewBox}
          role="group"
          aria-label={t('staff.site.plan.label')}
          style={{ display: 'block', width: '100%', minWidth: 820, height: 'auto' }}
        >
          <rect
            x={0}
            y={-height}
            width={width}
            height={height}
            fill={COLOURS.plot}
            stroke={COLOURS.border}
            strokeWidth={2 * unit}
            onClick={pick}
            style={{ cursor: 'crosshair' }}
            data-testid="plan-ground"
          />
          <g stroke={COLOURS.grid} strokeWidth={unit} pointerEvents="none">
            {lines(width).map((x) => (
              <line key={`x${x}`} x1={x} x2={x} y1={0} y2={-height} />
            ))}
            {lines(height).map((y) => (
              <line key={`y${y}`} x1={0} x2={width} y1={-y} y2={-y} />
            ))}
          </g>
          <g pointerEvents="none" fill={COLOURS.text} fontSize={18 * unit}>
            <line x1={0} x2={grid} y1={30 * unit} y2={30 * unit} stroke={COLOURS.text} strokeWidth={3 * unit} />
            <text x={grid + 10 * unit} y={35 * unit}>
              {t('staff.site.plan.scale', { metres: grid })}
            </text>
            <text x={width + 100 * unit} y={-(height + 40 * unit)} textAnchor="middle" fontWeight={700} fontSize={26 * unit}>
              {t('staff.site.plan.north')}
            </text>
          </g>
          {places.map((place) => {
            const selected = place.id === selectedId;
            const colour = place.retired ? COLOURS.retired : COLOURS.active;
            return (
              <g
                key={place.id}
                role="button"
                tabIndex={0}
                aria-label={place.retired ? t('staff.site.retiredName', { name: place.name }) : place.name}
                aria-pressed={selected}
                data-place={place.name}
                data-retired={place.retired}
                transform={`translate(${place.x} ${-place.y})`}
                onClick={() => onSelect(place.id)}
                onKeyDown={keySelect(place.id)}
              >
                {/* The tap area: 48 px across on a desk screen and at the phone's smallest scale. */}
                <circle r={36 * unit} fill="transparent" />
                <circle
                  className="focus-ring"
                  r={dot * 2.4}
                  fill="none"
                  stroke={COLOURS.selected}
                  strokeWidth={2 * unit}
                  strokeDasharray={`${3 * unit} ${3 * unit}`}
                  display="none"
                />
                {selected && <circle r={dot * 1.9} fill="none" stroke={COLOURS.selected} strokeWidth={3 * unit} />}
                <circle
                  r={dot}
                  fill={place.retired ? '#ffffff' : colour}
                  stroke={colour}
                  strokeWidth={2.5 * unit}
                  strokeDasharray={place.retired ? `${3 * unit} ${2 * unit}` : undefined}
                />
                <text
                  transform={`rotate(-40) translate(${dot + 5 * unit} ${-4 * unit})`}
                  fontSize={20 * unit}
                  fill={place.retired ? COLOURS.retired : COLOURS.text}
                  fontStyle={place.retired ? 'italic' : undefined}
                  fontWeight={selected ? 700 : 400}
                  stroke="#ffffff"
                  strokeWidth={4 * unit}
                  paintOrder="stroke"
                >
                  {place.retired ? t('staff.site.retiredName', { name: place.name }) : place.name}
                </text>
              </g>
            );
          })}
          {picked && (
            <g
              transform={`translate(${picked.x} ${-picked.y})`}
              stroke={COLOURS.selected}
              strokeWidth={3 * unit}
              pointerEvents="none"
              data-testid="plan-picked"
            >
              <line x1={-10 * unit} x2={10 * unit} y1={0} y2={0} />
              <line x1={0} x2={0} y1={-10 * unit} y2={10 * unit} />
            </g>
          )}
        </svg>
      </Box>
    </>
  );
}
