import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';
import { OFFER_SECONDS_MESSAGE } from '../dispatch-rules';
import { DispatchPage } from './dispatch-page';

vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** GET answers the defaults; PUT answers `put` (status and body). */
function stubSettings(put: (body: unknown) => { status: number; body: unknown }) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    let answer = { status: 200, body: DEFAULT_DISPATCH_SETTINGS as unknown };
    if (init.method === 'PUT') {
      const sent: unknown = JSON.parse(String(init.body));
      puts.push(sent);
      answer = put(sent);
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return puts;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DispatchPage />
    </QueryClientProvider>,
  );
}

describe('the Dispatch screen (issue #20)', () => {
  beforeEach(() => {
    useSession.setState({
      user: { name: 'Admin', token_no: 'AD77', jwt_token: 'x.y.z', role: 'admin', is_blocked: false, assignedVehicleType: null },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given the defaults, when the admin picks Offer with 300 seconds and saves, then the whole object goes with the targets in seconds', async () => {
    const puts = stubSettings((body) => ({ status: 200, body }));
    renderPage();
    expect(await screen.findByRole('radio', { name: /^Broadcast/ })).toBeChecked();
    expect(screen.getByLabelText('Normal: accept within (minutes)')).toHaveValue('5');
    await userEvent.click(screen.getByRole('radio', { name: /^Offer/ }));
    await userEvent.clear(screen.getByLabelText('Offer time (seconds)'));
    await userEvent.type(screen.getByLabelText('Offer time (seconds)'), '300');
    await userEvent.clear(screen.getByLabelText('Urgent: accept within (minutes)'));
    await userEvent.type(screen.getByLabelText('Urgent: accept within (minutes)'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Dispatch settings saved: Offer.'));
    expect(puts).toEqual([
      {
        ...DEFAULT_DISPATCH_SETTINGS,
        mode: 'offer',
        offerSeconds: 300,
        serviceTargets: { ...DEFAULT_DISPATCH_SETTINGS.serviceTargets, urgent: { acceptSeconds: 90, deliverSeconds: 900 } },
      },
    ]);
  });

  it('given an offer time out of range, when saved, then the field says why and nothing is sent', async () => {
    const puts = stubSettings((body) => ({ status: 200, body }));
    renderPage();
    await userEvent.clear(await screen.findByLabelText('Offer time (seconds)'));
    await userEvent.type(screen.getByLabelText('Offer time (seconds)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(OFFER_SECONDS_MESSAGE)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('given the engine refuses, when saved, then its message shows', async () => {
    stubSettings(() => ({ status: 400, body: { message: 'offerSeconds must be a whole number from 3 to 300.' } }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('offerSeconds must be a whole number from 3 to 300.');
  });
});
