import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { toast } from 'react-toastify';
import { MESSAGES, type DriverListRow, type DriverStatus } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useResetAccessCode } from '../api/access-codes';
import { useUpdateDriver } from '../api/update-driver';
import { checkDriverForm, driverFormOf, type DriverForm, type DriverFormErrors } from '../driver-form-rules';
import { inspectionTodayChip } from '../inspection-history';
import type { ShownAccessCode } from './access-code-dialog';
import { DriverFacts } from './driver-facts';
import { DriverFormFields } from './driver-form-fields';

interface Props {
  row: DriverListRow;
  /** Only admins edit driver records; the maintenance head reads them. */
  canEdit: boolean;
  onSaved: (position: number) => void;
  /** A new one-time code for his token number (activation before he signs up, password reset after), to show once. */
  onCodeIssued: (code: ShownAccessCode) => void;
}

/** One driver: name (or 'Unnamed Driver') and role in the header; Edit, Save with 'Confirm Changes', Cancel (SPEC §2, §4). */
export function DriverAccordionItem({ row, canEdit, onSaved, onCodeIssued }: Props) {
  const [form, setForm] = useState<DriverForm | null>(null);
  const [errors, setErrors] = useState<DriverFormErrors>({});
  const [confirming, setConfirming] = useState(false);
  // The status the one-tap switch asks to set, while its confirmation is open.
  const [switchingTo, setSwitchingTo] = useState<DriverStatus | null>(null);
  const update = useUpdateDriver();
  const reset = useResetAccessCode();
  const editing = form !== null;
  const shown = form ?? driverFormOf(row);
  const summaryId = `driver-${row.OPERATOR_ID}`;
  const name = row.NAME.trim() || MESSAGES.unnamedDriver;
  const blocked = row.BLOCKED_FOR_MAINTENANCE === 1;
  const inspection = inspectionTodayChip(row.INSPECTION_TODAY);

  // The whole record with the other status, through the same update route as Edit and Save: the server checks the admin and the record.
  const switchStatus = async () => {
    if (!switchingTo) return;
    const checked = checkDriverForm({ ...driverFormOf(row), status: switchingTo });
    if (!('record' in checked)) {
      toast.error(MESSAGES.fixValidationErrors);
      setSwitchingTo(null);
      return;
    }
    try {
      onSaved(await update.mutateAsync(checked.record));
      toast.success(`${name} is now ${switchingTo}.`);
    } catch (error) {
      toast.error(messageOf(error, MESSAGES.errorUpdatingDriver));
    } finally {
      setSwitchingTo(null);
    }
  };

  const save = () => {
    if (!form) return;
    const checked = checkDriverForm(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      toast.error(MESSAGES.fixValidationErrors);
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    const checked = form && checkDriverForm(form);
    if (!checked || !('record' in checked)) return;
    try {
      onSaved(await update.mutateAsync(checked.record));
      toast.success(MESSAGES.driverUpdated);
      setForm(null);
    } catch (error) {
      toast.error(messageOf(error, MESSAGES.errorUpdatingDriver));
    } finally {
      setConfirming(false);
    }
  };

  const resetCode = async () => {
    try {
      const answer = await reset.mutateAsync(row.OPERATOR_ID);
      onCodeIssued({
        tokenNo: answer.tokenNo,
        purpose: answer.purpose,
        activationCode: answer.activationCode,
        expiresAt: answer.expiresAt,
      });
    } catch (error) {
      toast.error(messageOf(error, 'Could not issue a new code.'));
    }
  };

  return (
    // The switch sits beside the summary, not in it: a control inside the summary's button would be a button in a button.
    <Box sx={{ position: 'relative' }} data-testid={`driver-item-${row.OPERATOR_ID}`}>
      <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
        <AccordionSummary aria-controls={`${summaryId}-body`} id={summaryId} sx={canEdit ? { pr: { xs: 14, sm: 16 } } : undefined}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography component="span" color="text.secondary">
              {row.ROLE} · {row.OPERATOR_ID}
            </Typography>
            <Chip
              size="small"
              label={row.STATUS}
              color={row.STATUS === 'Active' ? 'success' : 'error'}
              variant={row.STATUS === 'Active' ? 'outlined' : 'filled'}
            />
            {blocked && <Chip size="small" label="Blocked for maintenance" color="warning" sx={{ fontWeight: 600 }} />}
            <Chip
              size="small"
              label={inspection.label}
              color={inspection.color}
              variant={inspection.variant}
              data-testid={`inspection-today-${row.OPERATOR_ID}`}
            />
          </Stack>
        </AccordionSummary>
        <AccordionDetails id={`${summaryId}-body`}>
          {editing ? (
            <Box
              component="form"
              aria-label={`Driver ${row.OPERATOR_ID}`}
              onSubmit={(e) => e.preventDefault()}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              <DriverFormFields
                form={shown}
                errors={errors}
                mode="edit"
                disabled={update.isPending}
                onChange={(patch) => {
                  setForm((current) => current && { ...current, ...patch });
                  setErrors({});
                }}
              />
            </Box>
          ) : (
            // Read, not edit: the values as text, every one equally readable (no greyed inputs).
            <DriverFacts row={row} />
          )}
          {canEdit && (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              {editing ? (
                <>
                  <Button variant="contained" onClick={save} disabled={update.isPending}>
                    Save
                  </Button>
                  <Button
                    onClick={() => {
                      setForm(null);
                      setErrors({});
                    }}
                    disabled={update.isPending}
                  >
                    Cancel
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="outlined" onClick={() => setForm(driverFormOf(row))}>
                    Edit
                  </Button>
                  <Button
                    onClick={() => void resetCode()}
                    disabled={reset.isPending}
                    title="A new one-time code: his activation code, or a password reset once he has signed up"
                  >
                    Reset Code
                  </Button>
                </>
              )}
            </Stack>
          )}
        </AccordionDetails>
        <ConfirmDialog
          open={confirming}
          title={MESSAGES.confirmChanges}
          confirmLabel="Yes"
          cancelLabel="No"
          busy={update.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <Typography>{MESSAGES.confirmSaveChanges}</Typography>
        </ConfirmDialog>
      </Accordion>
      {canEdit && (
        <FormControlLabel
          sx={{ position: 'absolute', top: 4, right: 8, m: 0, zIndex: 1 }}
          control={
            <Switch
              checked={row.STATUS === 'Active'}
              disabled={editing || update.isPending}
              onChange={(_, checked) => setSwitchingTo(checked ? 'Active' : 'Not Active')}
              color="success"
            />
          }
          label={
            <>
              Active
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {name} {row.OPERATOR_ID}
              </Box>
            </>
          }
        />
      )}
      <ConfirmDialog
        open={switchingTo !== null}
        title={switchingTo === 'Not Active' ? `Mark ${name} Not Active?` : `Mark ${name} Active?`}
        confirmLabel={switchingTo === 'Not Active' ? 'Mark Not Active' : 'Mark Active'}
        cancelLabel="Cancel"
        busy={update.isPending}
        onConfirm={() => void switchStatus()}
        onCancel={() => setSwitchingTo(null)}
      >
        <Typography>
          {switchingTo === 'Not Active'
            ? `${name} (${row.OPERATOR_ID}) is blocked from rides until marked Active again.`
            : `${name} (${row.OPERATOR_ID}) may take rides again${blocked ? ' once his maintenance is done' : ''}.`}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
