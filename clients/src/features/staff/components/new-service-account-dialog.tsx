import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SERVICE_SCOPES, type ServiceScope } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { useCreateServiceAccount } from '../api/service-accounts';
import { checkNewAccount, scopeText, type NewAccountDraft } from '../service-account-rules';
import type { ShownApiKey } from './api-key-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The new account's key, to show once. */
  onCreated: (shown: ShownApiKey) => void;
}

const emptyDraft = (): NewAccountDraft => ({ name: '', scopes: [] });

/** 'New service account': a name and what its key may do; the engine answers with the key. */
export function NewServiceAccountDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const scopesLabelId = useId();
  const [draft, setDraft] = useState<NewAccountDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'scopes', string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateServiceAccount();

  const set = (patch: Partial<NewAccountDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
    setRefusal(null);
  };
  const close = () => {
    setDraft(emptyDraft());
    setErrors({});
    setRefusal(null);
    onClose();
  };
  const toggle = (scope: ServiceScope, on: boolean) =>
    set({ scopes: on ? [...draft.scopes, scope] : draft.scopes.filter((chosen) => chosen !== scope) });

  const submit = async () => {
    const checked = checkNewAccount(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const answer = await create.mutateAsync(checked.body);
      onCreated({ accountName: checked.body.name, apiKey: answer.apiKey, message: answer.message ?? '' });
      close();
    } catch (error) {
      setRefusal(messageOf(error, t('staff.machines.newAccount.createFailed')));
    }
  };

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('staff.machines.newAccount.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            label={t('staff.machines.newAccount.name')}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name ?? t('staff.machines.newAccount.nameHelp')}
            disabled={create.isPending}
            required
            fullWidth
            autoFocus
          />
          <FormControl component="fieldset" error={Boolean(errors.scopes)} disabled={create.isPending} sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" id={scopesLabelId}>
              {t('staff.machines.newAccount.scopes')}
            </FormLabel>
            <FormGroup aria-labelledby={scopesLabelId}>
              {SERVICE_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={<Checkbox checked={draft.scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />}
                  label={`${scope}: ${scopeText(scope)}`}
                  sx={{ alignItems: 'center', mr: 0 }}
                />
              ))}
            </FormGroup>
            {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
          </FormControl>
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={close} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={create.isPending}>
          {t('staff.machines.newAccount.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
