import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '@plantride/schemas';
import { renderWithQueries, stubFetch } from '../test-support';
import { MaintenanceDialog } from './maintenance-dialog';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const driver = { id: 'CR01', name: 'Ravi Kumar', vehicleType: 'Crane' as const };

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('maintenance request modal (SPEC §2, §5)', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    calls = stubFetch(() => ({ message: 'ok', requestId: 'M1', position: 42 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('given no ride in progress, when the form is filled step by step, then Submit waits for every required field and the request is sent as the spec reads it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onClose = vi.fn();
    const onSubmitted = vi.fn();
    renderWithQueries(<MaintenanceDialog open driver={driver} ongoingRideId={null} onClose={onClose} onSubmitted={onSubmitted} />);
    screen.getByRole('dialog', { name: MESSAGES.requestVehicleMaintenance });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    // His own vehicle type is stated, not asked for, and no rule shows before he has touched anything.
    expect(screen.queryByRole('combobox', { name: /^Vehicle Type/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Vehicle Type' })).toHaveTextContent('Crane');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Leaving the reason empty shows the rule, and the field is marked.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.selectReasonAndBreakdown);
    expect(submit).toBeDisabled();

    await choose(user, 'Maintenance Reason', 'Others');
    await choose(user, 'Breakdown Type', 'Full');
    // 'Others' needs its own words; the field he has not reached yet is not called out.
    expect(submit).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Describe the issue/ }), 'boom arm jammed');
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(submit);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(42));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/requests/maintenanceReq',
        body: {
          driver_id: 'CR01',
          driver_name: 'Ravi Kumar',
          vehicle_type: 'Crane',
          issue: 'boom arm jammed',
          comment_text: '',
          status: 'pending',
          breakdown_type: 'full',
          ride_id: null,
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.maintenanceSubmittedBlocked);
    expect(screen.getByText(MESSAGES.maintenanceSubmitted)).toBeInTheDocument();
    // Nothing is left to cancel: the only button closes the message.
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // It closes itself 1500 ms after the submit.
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('given a ride in progress, when the driver asks for maintenance, then a comment is required and the request hands the ride over', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithQueries(<MaintenanceDialog open driver={driver} ongoingRideId="R7" onClose={vi.fn()} onSubmitted={vi.fn()} />);
    expect(screen.queryByRole('combobox', { name: /^Maintenance Reason/ })).not.toBeInTheDocument();
    // Nothing typed yet: Submit waits, but no message scolds him.
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const comment = screen.getByRole('textbox', { name: /^Comment/ });
    await user.click(comment);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.enterMaintenanceComment);
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    await user.type(comment, 'hydraulics leaking');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ ride_id: 'R7', breakdown_type: 'partial', comment_text: 'hydraulics leaking', issue: '' });
    expect(toast.info).toHaveBeenCalledWith(MESSAGES.rideMadeAvailable);
  });

  it('given the server refuses the request, then the spec toast shows and the form stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithQueries(<MaintenanceDialog open driver={driver} ongoingRideId="R7" onClose={vi.fn()} onSubmitted={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'smoke');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.failedToSubmitMaintenance));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('given a driver with no vehicle type of his, then it says so and the spec message explains why Submit waits', () => {
    renderWithQueries(
      <MaintenanceDialog open driver={{ ...driver, vehicleType: '' }} ongoingRideId={null} onClose={vi.fn()} onSubmitted={vi.fn()} />,
    );
    expect(screen.getByRole('group', { name: 'Vehicle Type' })).toHaveTextContent('None assigned');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.selectVehicleType);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
