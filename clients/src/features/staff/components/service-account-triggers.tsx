import { useId } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountRow } from '@plantride/schemas';
import { triggerText } from '../service-account-rules';

type Trigger = ServiceAccountRow['triggers'][number];

interface Props {
  account: ServiceAccountRow;
  /** Absent on a revoked account: its triggers are listed, not changed. */
  onEdit?: (trigger: Trigger | null) => void;
  onRemove?: (trigger: Trigger) => void;
}

/** The machine triggers the account's key may press, each the ride one press books. */
export function ServiceAccountTriggers({ account, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600 }}>
          {t('staff.machines.triggers.title')}
        </Typography>
        {onEdit && (
          <Button variant="outlined" size="small" onClick={() => onEdit(null)}>
            {t('staff.machines.triggers.add')}
          </Button>
        )}
      </Stack>
      {account.triggers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('staff.machines.triggers.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {account.triggers.map((trigger) => (
            <Box
              component="li"
              key={trigger.triggerId}
              data-testid={`trigger-${trigger.triggerId}`}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{trigger.triggerId}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {triggerText(trigger)}
                </Typography>
              </Box>
              {onEdit && onRemove && (
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() => onEdit(trigger)}
                    aria-label={t('staff.machines.triggers.editLabel', { id: trigger.triggerId })}
                  >
                    {t('staff.machines.triggers.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onRemove(trigger)}
                    aria-label={t('staff.machines.triggers.removeLabel', { id: trigger.triggerId })}
                  >
                    {t('staff.machines.triggers.remove')}
                  </Button>
                </Stack>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
