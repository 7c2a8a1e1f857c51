import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { toast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { messageOf } from '../../../lib/api-client';
import { useRegisterRobot } from '../api/amrs';
import { checkRobotDraft, emptyRobotDraft, type RobotDraft, type RobotField } from './amr-rules';

interface Props {
  open: boolean;
  onClose: () => void;
}

// Keys of staff.machines.registerRobot: each field's label and hint.
const FIELDS: readonly { field: RobotField; hint: 'nameHint' | 'topicHint' }[] = [
  { field: 'name', hint: 'nameHint' },
  { field: 'manufacturer', hint: 'topicHint' },
  { field: 'serialNumber', hint: 'topicHint' },
];

/** 'Register robot': a robot by the identity it has on the MQTT broker; it takes rides once it reports itself ready. */
export function AmrRegisterDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  const [draft, setDraft] = useState<RobotDraft>(emptyRobotDraft);
  const [errors, setErrors] = useState<Partial<Record<RobotField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const register = useRegisterRobot();

  const set = (field: RobotField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors({});
    setRefusal(null);
  };
  const close = () => {
    setDraft(emptyRobotDraft());
    setErrors({});
    setRefusal(null);
    onClose();
  };

  const submit = async () => {
    const checked = checkRobotDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const answer = await register.mutateAsync(checked.body);
      toast.success(
        answer.message ? translateMessage(answer.message) : t('staff.machines.registerRobot.registered', { name: checked.body.name }),
      );
      close();
    } catch (error) {
      setRefusal(messageOf(error, t('staff.machines.registerRobot.failed')));
    }
  };

  return (
    <Dialog open={open} onClose={register.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('staff.machines.registerRobot.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          {FIELDS.map(({ field, hint }, index) => (
            <TextField
              key={field}
              label={t(`staff.machines.registerRobot.${field}`)}
              value={draft[field]}
              onChange={(e) => set(field, e.target.value)}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? t(`staff.machines.registerRobot.${hint}`)}
              disabled={register.isPending}
              required
              fullWidth
              autoFocus={index === 0}
              slotProps={{ htmlInput: { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: field === 'name' } }}
            />
          ))}
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={close} disabled={register.isPending}>
          {t('common.cancel')}
        </Button>
        {/* The form's own submit button, so Enter in any field registers too. */}
        <Button type="submit" form={formId} variant="contained" disabled={register.isPending}>
          {t('staff.machines.registerRobot.register')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
