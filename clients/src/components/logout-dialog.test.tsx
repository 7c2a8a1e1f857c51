import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOfflineQueue, type QueuedCommand } from '../lib/offline-queue';
import { useSession } from '../lib/session.store';
import { LogoutDialog } from './logout-dialog';

const queued = (key: string, owner: string, label: string): QueuedCommand => ({
  key,
  owner,
  method: 'PUT',
  path: '/api/bookings/update-timestamps',
  body: {},
  label,
  tag: `step:${key}`,
  doneMessage: '',
});

describe('the question before a logout (issue #31)', () => {
  beforeEach(() => {
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
    useOfflineQueue.setState({ commands: [] });
  });

  it('given nothing queued, then it asks plainly and its button says Logout', () => {
    render(<LogoutDialog open onClose={() => undefined} />);
    expect(screen.queryByTestId('logout-queued-warning')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('given his steps queued offline (and another user’s), then it names his, says logging out deletes them, and its button says so', () => {
    useOfflineQueue.setState({
      commands: [queued('k1', 'FL01', 'Material Picked'), queued('k2', 'FL01', 'Material Dropped'), queued('k3', 'FL09', 'Start Ride')],
    });
    render(<LogoutDialog open onClose={() => undefined} />);
    const warning = screen.getByTestId('logout-queued-warning');
    expect(warning).toHaveTextContent(
      '2 actions have not reached the server yet (Material Picked, Material Dropped). Logging out deletes them',
    );
    expect(warning).not.toHaveTextContent('Start Ride');
    expect(screen.getByRole('button', { name: 'Logout and discard' })).toBeInTheDocument();
  });
});
