import { Chip } from '@mui/material';

/** Passed or Failed, readable without its colour. */
export function InspectionResultChip({ passed }: { passed: boolean }) {
  return (
    <Chip
      size="small"
      label={passed ? 'Passed' : 'Failed'}
      color={passed ? 'success' : 'error'}
      variant={passed ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}
