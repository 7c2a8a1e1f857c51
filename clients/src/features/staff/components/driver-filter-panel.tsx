import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { DRIVER_STATUSES } from '@plantride/schemas';
import { stickerInput } from '../driver-form-rules';
import type { DriverFilters } from '../driver-filters';

interface Props {
  applied: DriverFilters;
  onApply: (filters: DriverFilters) => void;
  onCancel: () => void;
}

const fieldSx = { minWidth: { xs: '100%', sm: 180 } };

/** The filter panel: edits a copy; Apply keeps it and closes, Cancel closes and resets status and sticker (SPEC §2). */
export function DriverFilterPanel({ applied, onApply, onCancel }: Props) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<DriverFilters>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <Paper variant="outlined" component="section" aria-label="Driver filters" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={draft.status}
          onChange={(e) => set({ status: e.target.value as DriverFilters['status'] })}
          sx={fieldSx}
        >
          <MenuItem value="">
            <em>Any</em>
          </MenuItem>
          {DRIVER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Sticker Number"
          value={draft.sticker}
          onChange={(e) => set({ sticker: stickerInput(e.target.value) })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={fieldSx}
        />
        <TextField size="small" label="Driver ID" value={draft.driverId} onChange={(e) => set({ driverId: e.target.value })} sx={fieldSx} />
        <TextField
          select
          size="small"
          label="Sort by date"
          value={draft.sort}
          onChange={(e) => set({ sort: e.target.value as DriverFilters['sort'] })}
          sx={fieldSx}
        >
          <MenuItem value="latest">Latest first</MenuItem>
          <MenuItem value="oldest">Oldest first</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Search by name"
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          sx={fieldSx}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => onApply(draft)}>
          Apply
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Paper>
  );
}
