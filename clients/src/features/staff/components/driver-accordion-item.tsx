import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import { MESSAGES, type DriverListRow } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useResetAccessCode } from '../api/access-codes';
import { useUpdateDriver } from '../api/update-driver';
import { checkDriverForm, driverFormOf, type DriverForm, type DriverFormErrors } from '../driver-form-rules';
import type { ShownAccessCode } from './access-code-dialog';
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
  const update = useUpdateDriver();
  const reset = useResetAccessCode();
  const editing = form !== null;
  const shown = form ?? driverFormOf(row);
  const summaryId = `driver-${row.OPERATOR_ID}`;

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
      onCodeIssued({ tokenNo: answer.tokenNo, purpose: answer.purpose, activationCode: answer.activationCode, expiresAt: answer.expiresAt });
    } catch (error) {
      toast.error(messageOf(error, 'Could not issue a new code.'));
    }
  };

  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary aria-controls={`${summaryId}-body`} id={summaryId}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {row.NAME.trim() || MESSAGES.unnamedDriver}
          </Typography>
          <Typography component="span" color="text.secondary">
            {row.ROLE} · {row.OPERATOR_ID}
          </Typography>
          <Chip size="small" label={row.STATUS} color={row.STATUS === 'Active' ? 'success' : 'error'} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-body`}>
        <Box component="form" aria-label={`Driver ${row.OPERATOR_ID}`} onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DriverFormFields
            form={shown}
            errors={errors}
            mode="edit"
            disabled={!editing || update.isPending}
            onChange={(patch) => {
              setForm((current) => current && { ...current, ...patch });
              setErrors({});
            }}
          />
        </Box>
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
                <Button onClick={() => void resetCode()} disabled={reset.isPending} title="A new one-time code: his activation code, or a password reset once he has signed up">
                  Reset Code
                </Button>
              </>
            )}
          </Stack>
        )}
      </AccordionDetails>
      <ConfirmDialog open={confirming} title={MESSAGES.confirmChanges} confirmLabel="Yes" cancelLabel="No" busy={update.isPending} onConfirm={() => void confirm()} onCancel={() => setConfirming(false)}>
        <Typography>{MESSAGES.confirmSaveChanges}</Typography>
      </ConfirmDialog>
    </Accordion>
  );
}
