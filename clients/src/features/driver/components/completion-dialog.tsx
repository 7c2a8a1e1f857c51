import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';

/** 'Maintenance completed. Your vehicle is now active.' with an Okay button (SPEC §2). */
export function CompletionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const completionTitle = useId();
  const completionText = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={completionTitle} aria-describedby={completionText} fullWidth maxWidth="xs">
      <DialogTitle id={completionTitle}>Vehicle Active</DialogTitle>
      <DialogContent>
        <Typography id={completionText}>{MESSAGES.maintenanceCompletedVehicleActive}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          Okay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
