import { Box, Step, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { RideTimestamps } from '@plantride/schemas';
import { formatDateTime } from '../lib/format-date';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { DateTimeText } from './date-time-text';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

export interface StepDef {
  label: string;
  /** Which timestamp dates the step; `accepted` is the engine's accept_time, else when this browser heard rideAccepted. */
  time: keyof RideTimestamps | 'accepted' | null;
}

/** The six steps of the Fixed Ride and Special Task trackers (SPEC §2), also replayed by the staff's ride audit. */
/** A tracker step whose label is read when shown, in the language spoken then. */
export const trackerStep = (
  key: 'requested' | 'driverAssigned' | 'rideStarted' | 'materialPicked' | 'delivered' | 'taskEnded',
  time: StepDef['time'],
): StepDef => ({
  get label() {
    return i18n.t(`tracker.${key}`);
  },
  time,
});

export const BOOKING_STEPS: readonly StepDef[] = [
  trackerStep('requested', 'creation_time'),
  trackerStep('driverAssigned', 'accepted'),
  trackerStep('rideStarted', 'start_time'),
  trackerStep('materialPicked', 'material_pick_time'),
  trackerStep('delivered', 'material_drop_time'),
  trackerStep('taskEnded', 'end_time'),
];

interface RideTrackerProps {
  steps: readonly StepDef[];
  /** 1-based step reached (SPEC §4); 0 shows none, one past the last shows all done. */
  step: number;
  timestamps?: RideTimestamps | null;
  acceptedAt?: string | null;
  label: string;
  /** Shown (as a warning) on the first step not yet reached: why the ride stands still there. */
  note?: string | null;
}

/** A tracker whose reached steps are marked done and whose current step is announced as current. */
export function RideTracker({ steps, step, timestamps, acceptedAt, label, note }: RideTrackerProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { t } = useTranslation();
  const timeOf = (def: StepDef, index: number): string | null => {
    if (def.time === null || index >= step) return null;
    const value = def.time === 'accepted' ? (timestamps?.accept_time ?? acceptedAt) : timestamps?.[def.time];
    return formatDateTime(value);
  };
  return (
    <Box component="section" aria-label={label} sx={{ my: 2 }}>
      <Stepper
        activeStep={Math.max(step - 1, -1)}
        orientation={wide ? 'horizontal' : 'vertical'}
        alternativeLabel={wide}
        component="ol"
        sx={{ p: 0, listStyle: 'none' }}
      >
        {steps.map((def, index) => {
          const done = index < step;
          const time = timeOf(def, index);
          const noted = note && index === step ? note : null;
          return (
            <Step
              key={def.label}
              component="li"
              completed={done}
              aria-current={index === step - 1 ? 'step' : undefined}
              data-testid={`step-${index + 1}`}
              data-state={done ? 'done' : 'pending'}
            >
              <StepLabel
                error={noted !== null}
                optional={
                  noted ? (
                    <Typography variant="caption" color="error" sx={{ fontWeight: 600 }} data-testid="step-note">
                      {noted}
                    </Typography>
                  ) : time ? (
                    <Typography variant="caption" data-testid={`step-time-${index + 1}`}>
                      <DateTimeText text={time} />
                    </Typography>
                  ) : undefined
                }
              >
                {def.label}
                {!done && (
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    {t('tracker.notYet')}
                  </Box>
                )}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}
