import { Chip } from '@mui/material';

/** The badge of an urgent ride (issue #20). */
export function UrgentChip() {
  return <Chip size="small" label="Urgent" color="error" sx={{ fontWeight: 600 }} />;
}
