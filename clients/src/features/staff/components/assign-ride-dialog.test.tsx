import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSIGN_MESSAGES, type AssignableDriversAnswer } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';
import { AssignRideButton, AssignRideDialog } from './assign-ride-dialog';

const DRIVERS: AssignableDriversAnswer = {
  rideId: 'R1',
  drivers: [
    { operatorId: 'F002', name: 'Ravi', vehicleNumber: 'MH12 F002', eligible: true, refusal: null },
    { operatorId: 'F001', name: 'Asha', vehicleNumber: null, eligible: false, refusal: ASSIGN_MESSAGES.driverBusy },
  ],
};

/** GET answers the drivers; POST answers `post` (status and body) and is recorded. */
function stubEngine(post: () => { status: number; body: unknown }) {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    let answer = { status: 200, body: DRIVERS as unknown };
    if (init.method === 'POST') {
      posts.push({ url: String(url), body: JSON.parse(String(init.body)) });
      answer = post();
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return posts;
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const assigned = { message: ASSIGN_MESSAGES.assigned, rideId: 'R1', driverId: 'F002', fromDriverId: null, position: 7 };

describe('the Assign driver dialog (issue #32 item 4)', () => {
  beforeEach(() => {
    useSession.setState({
      user: { name: 'Head', token_no: 'MH01', jwt_token: 'x.y.z', role: 'maintenanceHead', is_blocked: false, assignedVehicleType: null },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("given the engine's drivers, when staff pick the free one and give a reason, then the assignment goes with the reason trimmed and the dialog closes", async () => {
    const posts = stubEngine(() => ({ status: 200, body: assigned }));
    const onAssigned = vi.fn();
    const onClose = vi.fn();
    renderWith(<AssignRideDialog rideId="R1" onClose={onClose} onAssigned={onAssigned} />);

    const free = await screen.findByRole('radio', { name: /Ravi \(F002\)/ });
    // The busy driver is listed with the engine's reason, and cannot be picked.
    expect(screen.getByRole('radio', { name: /Asha \(F001\)/ })).toBeDisabled();
    expect(screen.getByText(ASSIGN_MESSAGES.driverBusy)).toBeInTheDocument();

    await userEvent.click(free);
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), '  Closest to the gate  ');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(onAssigned).toHaveBeenCalledWith(assigned));
    expect(onClose).toHaveBeenCalled();
    expect(posts).toEqual([
      { url: expect.stringContaining('/api/rides/R1/assign'), body: { driverId: 'F002', reason: 'Closest to the gate' } },
    ]);
  });

  it('given a driver picked and no reason, when Assign is pressed, then a reason is asked for and nothing is sent', async () => {
    const posts = stubEngine(() => ({ status: 200, body: assigned }));
    renderWith(<AssignRideDialog rideId="R1" onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Ravi \(F002\)/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText(ASSIGN_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('given the engine refuses (the driver took another ride meanwhile), when assigned, then its message shows and the dialog stays open', async () => {
    stubEngine(() => ({ status: 409, body: { message: ASSIGN_MESSAGES.driverBusy } }));
    const onClose = vi.fn();
    renderWith(<AssignRideDialog rideId="R1" onClose={onClose} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Ravi \(F002\)/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Closest');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ASSIGN_MESSAGES.driverBusy);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('given a ride waiting or accepted, then Assign driver is offered; picked up or over, it is not (the statechart says which)', () => {
    stubEngine(() => ({ status: 200, body: assigned }));
    const { rerender } = renderWith(<AssignRideButton rideId="R1" status="requested" />);
    expect(screen.getByRole('button', { name: 'Assign driver to ride R1' })).toBeInTheDocument();
    for (const [status, shown] of [
      ['accepted', true],
      ['started', true],
      ['waiting_for_reassignment', true],
      ['material picked', false],
      ['completed', false],
      ['cancelled', false],
    ] as const) {
      rerender(
        <QueryClientProvider client={new QueryClient()}>
          <AssignRideButton rideId="R1" status={status} />
        </QueryClientProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Assign driver to ride R1' }) !== null, status).toBe(shown);
    }
  });
});
