import { useState } from 'react';
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSidewaysOverflow } from '../../../components/use-sideways-overflow';
import {
  FLEET_COLUMNS,
  fleetCaption,
  fleetCell,
  nextSort,
  sortFleetRows,
  type FleetFigures,
  type FleetSortKey,
  type SortDirection,
} from '../fleet-figures';

interface Props<T extends FleetFigures> {
  label: string;
  /** The first column: the vehicle, or the vehicle type. */
  labelHeader: string;
  labelOf: (row: T) => string;
  /** The vehicle's type beside its number, in the per-vehicle table. */
  typeOf?: (row: T) => string;
  rows: readonly T[];
  /** Every row together, as the server added them up: the last row, whatever the sort. */
  total: FleetFigures;
  totalLabel: string;
}

const headSx = { fontWeight: 700, whiteSpace: 'nowrap' } as const;
// The total row reads as the table's own text, set apart by a rule above it.
const footSx = {
  fontWeight: 700,
  whiteSpace: 'nowrap',
  color: 'text.primary',
  fontSize: '0.875rem',
  borderTop: 2,
  borderColor: 'divider',
} as const;

/** Fleet figures, sorted by the header last clicked; scrolls sideways inside its own box on a phone (as ScrollTable does). */
export function FleetTable<T extends FleetFigures>({ label, labelHeader, labelOf, typeOf, rows, total, totalLabel }: Props<T>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ key: FleetSortKey; direction: SortDirection }>({ key: 'label', direction: 'asc' });
  const [box, hidesColumns] = useSidewaysOverflow<HTMLDivElement>();
  const sorted = sortFleetRows(rows, sort.key, sort.direction, labelOf);

  const sortCell = (key: FleetSortKey, header: string) => (
    <TableCell key={key} sx={headSx} sortDirection={sort.key === key ? sort.direction : false}>
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key ? sort.direction : 'asc'}
        onClick={() => setSort((current) => nextSort(current, key))}
      >
        {header}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      {hidesColumns && (
        <Typography variant="body2" color="text.secondary" data-testid="scroll-hint">
          {t('staff.fleet.scrollHint')}
        </Typography>
      )}
      <TableContainer
        component={Paper}
        variant="outlined"
        role="region"
        tabIndex={0}
        aria-label={t('staff.fleet.scrollsSideways', { label })}
        sx={{ position: 'relative' }}
        ref={box}
      >
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {sortCell('label', labelHeader)}
              {typeOf && <TableCell sx={headSx}>{t('staff.fleet.type')}</TableCell>}
              {FLEET_COLUMNS.map((column) => sortCell(column.key, column.header))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((row) => (
              <TableRow key={labelOf(row)}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {labelOf(row)}
                </TableCell>
                {typeOf && <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeOf(row)}</TableCell>}
                {FLEET_COLUMNS.map((column) => (
                  <TableCell key={column.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {fleetCell(row, column.key)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={footSx}>
                {totalLabel}
              </TableCell>
              {typeOf && <TableCell sx={footSx} />}
              {FLEET_COLUMNS.map((column) => (
                <TableCell key={column.key} align="right" sx={footSx}>
                  {fleetCell(total, column.key)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary" data-testid="fleet-caption">
        {fleetCaption()}
      </Typography>
    </>
  );
}
