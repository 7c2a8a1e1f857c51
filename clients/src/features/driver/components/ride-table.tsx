import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useSidewaysOverflow } from '../../../components/use-sideways-overflow';
import { useTranslation } from 'react-i18next';

interface RideTableProps<R> {
  labelledBy: string;
  columns: readonly string[];
  rows: readonly R[];
  rowId: (row: R) => string;
  cells: (row: R) => readonly ReactNode[];
  /** Wider than a phone: the table then scrolls sideways inside its own focusable box, named by `scrollLabel`. */
  minWidth?: number;
  scrollLabel?: string;
}

/** The driver's ride tables: a header row of spec column names and one row per ride (`data-testid` = rowId). */
export function RideTable<R>({ labelledBy, columns, rows, rowId, cells, minWidth, scrollLabel }: RideTableProps<R>) {
  const scrolls = scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {};
  const [box, hidesColumns] = useSidewaysOverflow<HTMLDivElement>();
  const { t } = useTranslation();
  return (
    <>
      {hidesColumns && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} data-testid="scroll-hint">
          {t('driver.swipeHint')}
        </Typography>
      )}
      <TableContainer component={Paper} variant="outlined" ref={box} {...scrolls}>
        <Table size="small" aria-labelledby={labelledBy} sx={minWidth ? { minWidth } : undefined}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowId(row)} data-testid={rowId(row)}>
                {cells(row).map((cell, index) => (
                  <TableCell key={columns[index]}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
