import { useId, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { ASSIGN_MESSAGES, isAssignable, type AssignRideAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { messageOf } from '../../../lib/api-client';
import { useAssignRide, useAssignableDrivers } from '../api/assign-ride';

export interface AssignRideDialogProps {
  /** The ride to assign; null keeps the dialog closed. */
  rideId: string | null;
  onClose: () => void;
  /** After the engine recorded the assignment. */
  onAssigned?: (answer: AssignRideAnswer) => void;
}

/**
 * Issue #32 item 4: staff give a ride to a driver, or take it back from one and give it to another,
 * with a reason. The drivers and whether each may take it now are the engine's answer (the assignment
 * decider's own rule); the screen decides nothing. Reusable wherever staff see a ride.
 */
export function AssignRideDialog({ rideId, onClose, onAssigned }: AssignRideDialogProps) {
  const titleId = useId();
  const { t } = useTranslation();
  const driversLabelId = useId();
  const drivers = useAssignableDrivers(rideId);
  const assign = useAssignRide();
  const [driverId, setDriverId] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim() === '';
  const close = () => {
    setDriverId('');
    setReason('');
    setTouched(false);
    assign.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (rideId === null || driverId === '' || blank) return;
    assign.mutate(
      { rideId, driverId, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          onAssigned?.(answer);
          close();
        },
      },
    );
  };
  const list = drivers.data?.drivers ?? [];
  return (
    <Dialog open={rideId !== null} onClose={assign.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{rideId ? t('staff.assign.titleForRide', { rideId }) : t('staff.assign.title')}</DialogTitle>
      <DialogContent>
        {drivers.isPending && <CircularProgress size={24} aria-label={t('staff.assign.loadingDrivers')} />}
        {drivers.isError && <Alert severity="error">{messageOf(drivers.error, t('staff.assign.loadFailed'))}</Alert>}
        {drivers.isSuccess && list.length === 0 && <Typography>{t('staff.assign.noDrivers')}</Typography>}
        {list.length > 0 && (
          <FormControl component="fieldset" margin="dense" fullWidth error={touched && driverId === ''}>
            <FormLabel id={driversLabelId}>{t('staff.assign.driver')}</FormLabel>
            <RadioGroup aria-labelledby={driversLabelId} value={driverId} onChange={(event) => setDriverId(event.target.value)}>
              {list.map((driver) => (
                <FormControlLabel
                  key={driver.operatorId}
                  value={driver.operatorId}
                  disabled={!driver.eligible}
                  control={<Radio />}
                  label={
                    <span>
                      {`${driver.name} (${driver.operatorId})${driver.vehicleNumber ? ` · ${driver.vehicleNumber}` : ''}`}
                      {driver.refusal && (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {translateMessage(driver.refusal)}
                        </Typography>
                      )}
                    </span>
                  }
                />
              ))}
            </RadioGroup>
            {touched && driverId === '' && <FormHelperText>{t('staff.assign.chooseDriver')}</FormHelperText>}
          </FormControl>
        )}
        <TextField
          label={t('staff.assign.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          helperText={touched && blank ? translateMessage(ASSIGN_MESSAGES.reasonRequired) : ' '}
          error={touched && blank}
          required
          multiline
          minRows={2}
          fullWidth
          margin="dense"
        />
        {assign.isError && (
          <Alert severity="error" role="alert">
            {messageOf(assign.error, t('staff.assign.failed'))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={assign.isPending}>
          {t('staff.common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending || list.length === 0}>
          {t('staff.assign.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An "Assign driver" button and its dialog, shown only for a ride staff may assign at this status (the statechart's word). */
export function AssignRideButton({
  rideId,
  status,
  onAssigned,
}: {
  rideId: string;
  status: string | null | undefined;
  onAssigned?: (answer: AssignRideAnswer) => void;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  if (!isAssignable(status)) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} aria-label={t('staff.assign.assignToRide', { rideId })}>
        {t('staff.assign.title')}
      </Button>
      {/* Mounted while open only: the drivers are read when staff ask, not for every row of a table. */}
      {open && <AssignRideDialog rideId={rideId} onClose={() => setOpen(false)} onAssigned={onAssigned} />}
    </>
  );
}
